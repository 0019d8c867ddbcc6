package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The named columns of tabular judgments and runs, the one table of which names mean what for both
 * shapes that name their columns: a CSV file's header and the keys of JSON records (pandas'
 * {@code to_json(orient="records")}). Names are matched without regard to case.
 *
 * <ul>
 *   <li>query: {@code query}, {@code query_id}, {@code qid}, {@code q_id}
 *   <li>document: {@code doc}, {@code docid}, {@code doc_id}, {@code document}
 *   <li>label (judgments): {@code rating}, {@code relevance}, {@code label}, {@code rel}
 *   <li>score and rank (runs): {@code score}, {@code rank}; a run has either or both
 * </ul>
 *
 * <p>Every column must be one of its kind's: an unknown column is refused rather than ignored,
 * since a misspelt name ({@code relevence}) or an index written by pandas would otherwise be read
 * as a file without that column, or not at all. Two names for one role ({@code query_id} and
 * {@code query}) are refused too: which one holds the ID would be a guess.
 */
final class TableColumns {
  /** What a column holds. */
  enum Role {
    QUERY("query"),
    DOC("document"),
    LABEL("label"),
    SCORE("score"),
    RANK("rank"),
    SOURCE("source"),
    JUDGE("judge"),
    TIME("time"),
    CONFIDENCE("confidence");

    final String noun;

    Role(String noun) {
      this.noun = noun;
    }
  }

  /** Judgments, judgments whose labels name their source, or a run: the roles each has. */
  enum Kind {
    JUDGMENTS("judgments", "query,docid,rating"),
    LABELS("judgments with sources", "query<TAB>doc<TAB>label<TAB>source"),
    RUN("a run", "query,docid,score");

    final String words;
    final String example;

    Kind(String words, String example) {
      this.words = words;
      this.example = example;
    }

    boolean allows(Role role) {
      return switch (this) {
        case JUDGMENTS -> role.compareTo(Role.LABEL) <= 0;
        case LABELS -> role.compareTo(Role.LABEL) <= 0 || role.compareTo(Role.SOURCE) >= 0;
        case RUN -> role == Role.QUERY || role == Role.DOC || role == Role.SCORE || role == Role.RANK;
      };
    }
  }

  private static final Map<String, Role> ALIASES = aliases();

  private static Map<String, Role> aliases() {
    Map<String, Role> m = new LinkedHashMap<>();
    for (String n : List.of("query", "query_id", "qid", "q_id")) {
      m.put(n, Role.QUERY);
    }
    for (String n : List.of("doc", "docid", "doc_id", "document")) {
      m.put(n, Role.DOC);
    }
    for (String n : List.of("rating", "relevance", "label", "rel")) {
      m.put(n, Role.LABEL);
    }
    m.put("score", Role.SCORE);
    m.put("rank", Role.RANK);
    m.put("source", Role.SOURCE);
    for (String n : List.of("judge", "assessor", "annotator")) {
      m.put(n, Role.JUDGE);
    }
    for (String n : List.of("time", "timestamp")) {
      m.put(n, Role.TIME);
    }
    m.put("confidence", Role.CONFIDENCE);
    return m;
  }

  private final int[] index = new int[Role.values().length];
  private final List<String> names;

  private TableColumns(List<String> names) {
    this.names = List.copyOf(names);
    java.util.Arrays.fill(index, -1);
  }

  /**
   * The columns {@code names} give, in order.
   *
   * @param kind judgments or a run
   * @param names the column names (a header's fields, a record's keys)
   * @param at where name {@code i} was written, for errors; {@code -1} for the whole header or record
   * @throws InputSyntaxException on an unknown column, two columns of one role or a missing one
   */
  static TableColumns of(Kind kind, List<String> names, IntFunction<Location> at) {
    TableColumns c = new TableColumns(names);
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      Role role = ALIASES.get(name.toLowerCase(Locale.ROOT));
      if (role == null || !kind.allows(role)) {
        throw unknown(kind, name, role, at.apply(i));
      }
      int earlier = c.index[role.ordinal()];
      if (earlier >= 0) {
        throw new InputSyntaxException(at.apply(i), "two " + role.noun + " columns",
            "got " + quote(names.get(earlier)) + " and " + quote(name) + "; expected one " + role.noun + " column");
      }
      c.index[role.ordinal()] = i;
    }
    for (Role role : List.of(Role.QUERY, Role.DOC, Role.LABEL, Role.SOURCE)) {
      if (kind.allows(role) && c.index[role.ordinal()] < 0) {
        throw missing(kind, role.noun + " column", names, at);
      }
    }
    if (kind == Kind.RUN && c.index[Role.SCORE.ordinal()] < 0 && c.index[Role.RANK.ordinal()] < 0) {
      throw missing(kind, "score or rank column", names, at);
    }
    return c;
  }

  /**
   * Whether a column name, in any case, is one of {@code role}'s names: the one table of names,
   * for a reader that tells a header from a data line before it reads the columns.
   */
  static boolean names(Role role, String name) {
    return ALIASES.get(name.toLowerCase(Locale.ROOT)) == role;
  }

  /** The column of {@code role}, or -1 when there is none. */
  int of(Role role) {
    return index[role.ordinal()];
  }

  /** The name of the column of {@code role} as written, or null when there is none. */
  String name(Role role) {
    int i = of(role);
    return i < 0 ? null : names.get(i);
  }

  /** How many columns there are. */
  int width() {
    return names.size();
  }

  /** The names as given, comma-separated, for messages. */
  String header() {
    return String.join(",", names);
  }

  /** The names a role accepts, for messages: {@code query (or query_id, qid, q_id)}. */
  static String accepted(Role role) {
    List<String> all = new ArrayList<>();
    ALIASES.forEach((name, r) -> {
      if (r == role) {
        all.add(name);
      }
    });
    return all.size() == 1 ? all.get(0) : all.get(0) + " (or " + String.join(", ", all.subList(1, all.size())) + ")";
  }

  /** The columns a kind accepts, for messages. */
  static String expected(Kind kind) {
    return switch (kind) {
      case JUDGMENTS -> "the columns of judgments: " + accepted(Role.QUERY) + ", " + accepted(Role.DOC) + ", "
          + accepted(Role.LABEL);
      case LABELS -> "the columns of judgments with sources: " + accepted(Role.QUERY) + ", " + accepted(Role.DOC) + ", "
          + accepted(Role.LABEL) + ", source, and optionally " + accepted(Role.JUDGE) + ", " + accepted(Role.TIME)
          + ", confidence";
      case RUN -> "the columns of a run: " + accepted(Role.QUERY) + ", " + accepted(Role.DOC) + ", then score, rank or both";
    };
  }

  private static InputSyntaxException unknown(Kind kind, String name, Role role, Location at) {
    if (role != null && kind == Kind.JUDGMENTS && Kind.LABELS.allows(role)) {
      return new InputSyntaxException(at, "column " + quote(name) + " does not belong in " + kind.words,
          "expected " + expected(kind) + "; judgments with sources are read from a tab-separated file whose header"
              + " names query, doc, label and source, or from JSON Lines (.jsonl)");
    }
    if (role != null) {
      return new InputSyntaxException(at, "column " + quote(name) + " does not belong in " + kind.words,
          "expected " + expected(kind) + "; were the judgments and the run swapped?");
    }
    String hint = name.isEmpty() ? " (pandas writes its index as an unnamed first column: write with index=False)" : "";
    return new InputSyntaxException(at, "unknown column " + quote(name), "expected only " + expected(kind) + hint);
  }

  private static InputSyntaxException missing(Kind kind, String what, List<String> names, IntFunction<Location> at) {
    return new InputSyntaxException(at.apply(-1), "no " + what,
        "got " + (names.isEmpty() ? "no columns" : quote(String.join(",", names))) + "; expected " + expected(kind)
            + ", such as " + kind.example);
  }

  private static String quote(String s) {
    return dev.caliber.io.text.Fields.quote(s);
  }
}
