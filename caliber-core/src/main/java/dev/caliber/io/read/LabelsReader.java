package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.read.TableColumns.Kind;
import dev.caliber.io.read.TableColumns.Role;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.Qrels;
import dev.caliber.qrels.QrelsBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads judgments whose labels name their source (NIST's assessors, a crowd, an LLM judge), in
 * two shapes: a tab-separated table whose first line names the columns, or JSON Lines, one object
 * per line ({@code .jsonl}, {@code .jsonl.gz}). The columns ({@link TableColumns}, {@link
 * Kind#LABELS}): query, document, label and source, required; judge, time and confidence,
 * optional, checked and not used in any number.
 *
 * <ul>
 *   <li>A label is a decimal written without exponent ({@code 2}, {@code 0.7}, {@code -1}), read
 *       exactly: {@code 0.7} is 7/10, never a double. At most {@value #MAX_DECIMALS} decimals.
 *   <li>A source is any non-empty text ({@code nist}, {@code crowd}, {@code llm:gpt-4o}).
 *   <li>A confidence is a decimal from 0 to 1; a time an ISO 8601 date or date-time.
 *   <li>One source labels a pair once: a second label of the same pair by the same source is an
 *       error, as in every judgments format.
 *   <li>Several sources may label one pair only under a precedence: the sources that count, highest
 *       first. The highest source's label is kept; labels of sources it does not list are left out.
 *       Without a precedence every source counts and a pair labelled by two sources is an error
 *       naming both lines, since which label counts would be a guess.
 * </ul>
 */
public final class LabelsReader {
  /** The most decimals a label may have: labels are held as integers in units of 10^-6 at most. */
  public static final int MAX_DECIMALS = 6;

  private static final Pattern DECIMAL = Pattern.compile("[+-]?[0-9]+(\\.[0-9]+)?");

  private LabelsReader() {}

  /**
   * Whether the current line of a judgments file is the header of a labels table: tab-separated,
   * naming a {@code source} column and a query column ({@code query}, {@code query_id}, {@code
   * qid}, {@code q_id}) in any order, and not a judgment trec_eval would read (four columns ending
   * in an integer). No file that trec_eval reads is taken for one.
   *
   * @param lines a reader on a line
   * @return true when the line heads a labels table
   */
  public static boolean isHeader(LineReader lines) {
    String text = lines.text();
    if (text.indexOf('\t') < 0) {
      return false;
    }
    String[] fields = text.split("\t", -1);
    boolean trecLine = fields.length == 4 && fields[3].matches("[+-]?[0-9]+");
    return !trecLine && namesA(Role.SOURCE, fields) && namesA(Role.QUERY, fields);
  }

  /**
   * Whether the current line is tab-separated and names a query column, as a labels table's header
   * does: with {@link #isHeader} false, a header that lacks a column, for the qrels reader's hint.
   */
  static boolean namesAQueryColumn(LineReader lines) {
    String text = lines.text();
    return text.indexOf('\t') >= 0 && namesA(Role.QUERY, text.split("\t", -1));
  }

  private static boolean namesA(Role role, String[] fields) {
    for (String f : fields) {
      if (TableColumns.names(role, f)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Reads a labels table whose header is the current line of {@code lines}.
   *
   * @param lines the reader, on the header
   * @param precedence the sources that count, highest first; empty for every source, with no pair
   *     labelled twice
   * @return the judgments, with their sources ({@link Qrels#sources()}) and exact labels ({@link
   *     Qrels#labelScale()})
   * @throws InputSyntaxException on a malformed header or row, or no row
   * @throws ProtocolViolationException on a pair labelled twice by one source, or by two without a
   *     precedence
   * @throws IOException if reading fails
   */
  public static Qrels readTable(LineReader lines, List<String> precedence) throws IOException {
    return readTable(lines, new Labels(precedence, lines.source(), false)).get(0);
  }

  /**
   * Reads a labels table whose header is the current line of {@code lines}, every source's labels
   * kept apart: what a file holds, before any precedence ({@code caliber pool merge} writes them
   * back).
   *
   * @param lines the reader, on the header
   * @return one judgments per source, in order of the sources' first appearance, each naming its
   *     one source ({@link Qrels#sources()}), each in its own label unit ({@link Qrels#labelScale()})
   * @throws InputSyntaxException on a malformed header or row, or no row
   * @throws ProtocolViolationException on a pair labelled twice by one source
   * @throws IOException if reading fails
   */
  public static List<Qrels> readTableBySource(LineReader lines) throws IOException {
    return readTable(lines, new Labels(List.of(), lines.source(), true));
  }

  private static List<Qrels> readTable(LineReader lines, Labels labels) throws IOException {
    Fields fields = new Fields();
    List<String> names = new ArrayList<>();
    int width = fields.splitOnTabs(lines);
    for (int i = 0; i < width; i++) {
      names.add(fields.string(i));
    }
    TableColumns columns = TableColumns.of(Kind.LABELS, names, i -> lines.location());
    while (lines.next()) {
      if (lines.isBlank()) {
        throw lines.error("blank line", "expected a row of " + width + " tab-separated fields (" + String.join(", ", names)
            + "); only the line end after the last line may be empty");
      }
      int found = fields.splitOnTabs(lines);
      if (found != width) {
        throw lines.error("wrong number of fields", "found " + found + " tab-separated fields; expected " + width + " ("
            + String.join(", ", names) + ") as in the header");
      }
      labels.add(lines, new String[] {
          column(fields, columns, Role.QUERY), column(fields, columns, Role.DOC), column(fields, columns, Role.LABEL),
          column(fields, columns, Role.SOURCE), column(fields, columns, Role.JUDGE), column(fields, columns, Role.TIME),
          column(fields, columns, Role.CONFIDENCE)});
    }
    return labels.build("expected one label per line after the header");
  }

  /**
   * Reads labels as JSON Lines: one object per line, {@code {"query": "q1", "doc": "d1", "label":
   * 0.7, "source": "llm:gpt-4o"}}, with the keys of the table's columns.
   *
   * @param pathOrDash the file, or {@code -} for {@code stdin}
   * @param stdin standard input
   * @param limits the input limits
   * @param precedence the sources that count, highest first; empty for every source
   * @return the judgments, with their sources and exact labels
   * @throws InputSyntaxException on a line that is not such an object, or no line
   * @throws ProtocolViolationException on a pair labelled twice, as for the table
   * @throws IOException if reading fails
   */
  public static Qrels readJsonLines(String pathOrDash, InputStream stdin, InputLimits limits, List<String> precedence)
      throws IOException {
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, limits)) {
      return readJsonLines(lines, new Labels(precedence, lines.source(), false)).get(0);
    }
  }

  /**
   * Reads labels as JSON Lines, every source's labels kept apart ({@link #readTableBySource}).
   *
   * @param pathOrDash the file, or {@code -} for {@code stdin}
   * @param stdin standard input
   * @param limits the input limits
   * @return one judgments per source, in order of first appearance, each in its own label unit
   * @throws InputSyntaxException on a line that is not such an object, or no line
   * @throws ProtocolViolationException on a pair labelled twice by one source
   * @throws IOException if reading fails
   */
  public static List<Qrels> readJsonLinesBySource(String pathOrDash, InputStream stdin, InputLimits limits)
      throws IOException {
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, limits)) {
      return readJsonLines(lines, new Labels(List.of(), lines.source(), true));
    }
  }

  private static List<Qrels> readJsonLines(LineReader lines, Labels labels) throws IOException {
    while (lines.next()) {
      if (lines.isBlank()) {
        throw lines.error("blank line", "expected one JSON object per line, such as " + JSON_EXAMPLE
            + "; only the line end after the last line may be empty");
      }
      JsonValue record = JsonReader.parse(lines.source(), lines.lineNumber(), lines.bytes(), lines.start(),
          lines.end() - lines.start());
      if (!record.isObject()) {
        throw new InputSyntaxException(record.location(), "a record must be an object",
            "got " + record.describe() + "; expected one JSON object per line, such as " + JSON_EXAMPLE);
      }
      TableColumns columns = TableColumns.of(Kind.LABELS, new ArrayList<>(record.members().keySet()),
          i -> record.location());
      labels.add(lines, new String[] {
          JsonRecords.id(record, columns, Role.QUERY, "query ID"), JsonRecords.id(record, columns, Role.DOC, "document ID"),
          number(record, columns, Role.LABEL), string(record, columns, Role.SOURCE), string(record, columns, Role.JUDGE),
          string(record, columns, Role.TIME), number(record, columns, Role.CONFIDENCE)});
    }
    return labels.build("expected one JSON object per line, such as " + JSON_EXAMPLE);
  }

  private static final String JSON_EXAMPLE = "{\"query\": \"q1\", \"doc\": \"d1\", \"label\": 0.7, \"source\": \"llm:gpt-4o\"}";

  /** A table field, or empty when the table has no such column. */
  private static String column(Fields fields, TableColumns columns, Role role) {
    int i = columns.of(role);
    return i < 0 ? "" : fields.string(i);
  }

  /** A JSON number as written, or empty when the key is absent. */
  private static String number(JsonValue record, TableColumns columns, Role role) {
    int i = columns.of(role);
    if (i < 0) {
      return "";
    }
    JsonValue v = record.members().get(columns.name(role));
    if (v.kind() != JsonValue.Kind.INTEGER && v.kind() != JsonValue.Kind.FLOAT) {
      throw new InputSyntaxException(v.location(), role.noun + " must be a number",
          "got " + v.describe() + "; expected a JSON number such as " + (role == Role.LABEL ? "2 or 0.7" : "0.9"));
    }
    return v.numberText();
  }

  /** A JSON string, or empty when the key is absent. */
  private static String string(JsonValue record, TableColumns columns, Role role) {
    int i = columns.of(role);
    if (i < 0) {
      return "";
    }
    JsonValue v = record.members().get(columns.name(role));
    if (!v.isString()) {
      throw new InputSyntaxException(v.location(), role.noun + " must be a string", "got " + v.describe()
          + "; expected a string such as " + (role == Role.SOURCE ? "\"nist\" or \"llm:gpt-4o\"" : role == Role.TIME
              ? "\"2025-06-01T12:00:00Z\"" : "\"assessor-3\""));
    }
    return v.text();
  }

  /** Labels as the reader finds them: the precedence rule, the exact decimals, the checks. */
  private static final class Labels {
    /** Every source's labels in one builder, or (apart) the first source's. */
    private QrelsBuilder builder = new QrelsBuilder();
    private final List<String> precedence;
    private final String source;
    /** Whether each source's labels are kept apart, in a builder of their own, with no precedence. */
    private final boolean apart;
    /** The builders by source when {@link #apart}, in order of first appearance. */
    private final java.util.Map<String, QrelsBuilder> bySource = new java.util.LinkedHashMap<>();
    private int decimals;
    private boolean any;

    Labels(List<String> precedence, String source, boolean apart) {
      this.precedence = List.copyOf(precedence);
      this.source = source;
      this.apart = apart;
    }

    /** The builder of a source's labels: the one builder, or the source's own when kept apart. */
    private QrelsBuilder builderOf(String from) {
      if (!apart) {
        return builder;
      }
      QrelsBuilder b = bySource.get(from);
      if (b == null) {
        b = bySource.isEmpty() ? builder : new QrelsBuilder();
        if (decimals > 0) {
          b.rescale(BigDecimal.TEN.pow(decimals).intValueExact()); // empty: always possible
        }
        bySource.put(from, b);
      }
      return b;
    }

    /** Adds one row: query, document, label, source, judge, time, confidence (the last three may be empty). */
    void add(LineReader at, String[] row) {
      Location where = at.location();
      String query = TableValues.id(row[0], "query ID", where);
      String doc = TableValues.id(row[1], "document ID", where);
      String context = TableValues.context(query, doc);
      String from = row[3];
      if (from.isEmpty()) {
        throw new InputSyntaxException(where, "empty source", context + ": expected the label's source, such as nist,"
            + " crowd or llm:gpt-4o");
      }
      if (!row[5].isEmpty()) {
        time(row[5], context, where);
      }
      if (!row[6].isEmpty()) {
        confidence(row[6], context, where);
      }
      any = true;
      int rank = precedence.isEmpty() ? 0 : precedence.indexOf(from);
      if (rank < 0) {
        scaled(row[2], context, where); // checked all the same, but its label does not count
        return;
      }
      QrelsBuilder builder = builderOf(from);
      int label = scaled(row[2], context, where);
      int q = builder.query(query);
      int line = (int) Math.min(at.lineNumber(), Integer.MAX_VALUE);
      int src = builder.sourceIndex(from);
      int earlier = builder.add(q, doc, label, line);
      if (earlier < 0) {
        builder.source(builder.size() - 1, src);
        return;
      }
      int earlierSource = builder.source(earlier);
      String earlierLabel = text(builder.label(earlier));
      if (earlierSource == src) {
        throw TrecQrelsReader.repeated(where, query, doc, text(label), "line " + line, earlierLabel,
            "line " + builder.line(earlier));
      }
      String earlierName = builder.sourceName(earlierSource);
      if (precedence.isEmpty()) {
        throw new ProtocolViolationException(where, "labelled by two sources",
            context + ": label " + text(label) + " from " + Fields.quote(from) + " on line " + line + ", label "
                + earlierLabel + " from " + Fields.quote(earlierName) + " on line " + builder.line(earlier)
                + "; expected one label per pair, or a source precedence (--label-sources) saying which counts");
      }
      if (rank < precedence.indexOf(earlierName)) {
        builder.relabel(earlier, label, line);
        builder.source(earlier, src);
      }
    }

    /** The label in the builder's unit, widening the unit when it has more decimals than any before. */
    private int scaled(String text, String context, Location where) {
      if (!DECIMAL.matcher(text).matches()) {
        throw new InputSyntaxException(where, "label must be a decimal number", context + ": got " + Fields.quote(text)
            + "; expected a label such as 0, 2 or 0.7, written without exponent");
      }
      BigDecimal value = new BigDecimal(text).stripTrailingZeros();
      int d = Math.max(0, value.scale());
      if (d > MAX_DECIMALS) {
        throw new InputSyntaxException(where, "label has too many decimals", context + ": got " + Fields.quote(text)
            + "; expected at most " + MAX_DECIMALS + " decimals");
      }
      if (d > decimals) {
        int factor = BigDecimal.TEN.pow(d - decimals).intValueExact();
        java.util.Collection<QrelsBuilder> all = apart ? bySource.values() : List.of(builder);
        for (QrelsBuilder b : all) {
          if (!b.canRescale(factor)) {
            throw outOfRange(text, context, where);
          }
        }
        all.forEach(b -> b.rescale(factor));
        decimals = d;
      }
      BigDecimal scaled = value.movePointRight(decimals);
      if (scaled.abs().compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
        throw outOfRange(text, context, where);
      }
      return scaled.intValueExact();
    }

    private InputSyntaxException outOfRange(String text, String context, Location where) {
      return new InputSyntaxException(where, "label out of range", context + ": got " + Fields.quote(text)
          + "; expected labels whose magnitude times 10^" + Math.max(decimals, 1)
          + " (their most decimals) is at most 2147483647");
    }

    /** A label in the builder's unit, written exactly. */
    private String text(int scaled) {
      return BigDecimal.valueOf(scaled, decimals).stripTrailingZeros().toPlainString();
    }

    List<Qrels> build(String expected) {
      if (!any) {
        throw new InputSyntaxException(Location.ofFile(source), "no judgments", expected);
      }
      if (builder.size() == 0) {
        throw new InputSyntaxException(Location.ofFile(source), "no label from the sources that count",
            "the precedence lists " + precedence + "; no line's source is among them");
      }
      if (!apart) {
        return List.of(builder.build(source));
      }
      List<Qrels> out = new ArrayList<>();
      bySource.values().forEach(b -> out.add(b.build(source)));
      return out;
    }
  }

  private static void confidence(String text, String context, Location where) {
    if (!DECIMAL.matcher(text).matches() || new BigDecimal(text).signum() < 0
        || new BigDecimal(text).compareTo(BigDecimal.ONE) > 0) {
      throw new InputSyntaxException(where, "confidence out of range", context + ": got " + Fields.quote(text)
          + "; expected a decimal from 0 to 1");
    }
  }

  private static void time(String text, String context, Location where) {
    for (java.util.function.Consumer<String> parse : List.<java.util.function.Consumer<String>>of(
        OffsetDateTime::parse, LocalDateTime::parse, LocalDate::parse)) {
      try {
        parse.accept(text);
        return;
      } catch (DateTimeParseException e) {
        // try the next form
      }
    }
    throw new InputSyntaxException(where, "time is not ISO 8601", context + ": got " + Fields.quote(text)
        + "; expected a date or date-time such as 2025-06-01 or 2025-06-01T12:00:00Z");
  }
}
