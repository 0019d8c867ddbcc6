package dev.caliber.pool;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.Qrels;
import dev.caliber.report.TrecTokens;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * New judgments merged into old ones ({@code caliber pool merge}): every pair the old judgments
 * lack is appended; a pair they judge with the same label is an exact duplicate, counted and not
 * written twice; a pair they judge with another label is refused, naming both files, both lines,
 * the pair and both labels. The result is plain TREC qrels ({@code query 0 doc label}): the old
 * judgments in their order, then the new ones in theirs.
 *
 * <p>Judgments with sources ({@link #mergeSources}) are merged by (query, document, source): a
 * pair already labelled by the same source is a duplicate or a conflict as above; a pair labelled
 * by another source gets the new label beside the old one, and the reader's source precedence
 * decides which counts. The result is a judgments-with-sources table ({@code
 * query<TAB>doc<TAB>label<TAB>source}) with exact labels.
 */
public final class QrelsMerge {
  private QrelsMerge() {}

  /**
   * The merged judgments and what changed.
   *
   * @param judgments every judgment, old then new, in order (query ID to document ID to label)
   * @param before how many judgments the old file held
   * @param added how many new pairs were appended
   * @param duplicates how many new judgments repeated an old one exactly
   * @param beforeSha256 the SHA-256 of the old judgments as the protocol fingerprint covers them
   *     ({@link #sha256(Map)})
   * @param afterSha256 the same of the merged judgments
   */
  public record Merged(Map<String, Map<String, Integer>> judgments, long before, long added, long duplicates,
      String beforeSha256, String afterSha256) {
    /**
     * Copies.
     *
     * @param judgments copied, order kept
     * @param before the old count
     * @param added the appended count
     * @param duplicates the exact duplicates
     * @param beforeSha256 the old judgments' SHA-256
     * @param afterSha256 the merged judgments' SHA-256
     */
    public Merged {
      Map<String, Map<String, Integer>> copy = new LinkedHashMap<>();
      judgments.forEach((q, row) -> copy.put(q, java.util.Collections.unmodifiableMap(new LinkedHashMap<>(row))));
      judgments = java.util.Collections.unmodifiableMap(copy);
    }

    /**
     * How many judgments the merged file holds.
     *
     * @return {@code before + added}
     */
    public long after() {
      return before + added;
    }

    /**
     * The merged judgments as TREC qrels text, a line {@code query 0 doc label} per judgment.
     *
     * @param out receives the text a line at a time, in order
     */
    public void writeTo(Consumer<? super CharSequence> out) {
      judgments.forEach((q, row) -> row.forEach((doc, label) -> out.accept(q + " 0 " + doc + " " + label + "\n")));
    }
  }

  /**
   * Merges new judgments into old ones.
   *
   * @param old the old judgments, located (their origin names file and line), not null
   * @param labels the new judgments, located, not null
   * @return the merged judgments and the counts
   * @throws ProtocolViolationException at the new judgment's line, naming the old one's, when a
   *     pair has two labels; or at an ID a TREC qrels line cannot hold (a blank, a control
   *     character)
   * @throws NullPointerException if an argument is null
   */
  public static Merged merge(Qrels old, Qrels labels) {
    Objects.requireNonNull(old, "old");
    Objects.requireNonNull(labels, "labels");
    Map<String, Map<String, Integer>> out = new LinkedHashMap<>();
    long before = 0;
    for (Map.Entry<String, Map<String, Integer>> row : old.asMap().entrySet()) {
      Map<String, Integer> copy = out.computeIfAbsent(row.getKey(), q -> new LinkedHashMap<>());
      for (Map.Entry<String, Integer> j : row.getValue().entrySet()) {
        writable(old, row.getKey(), j.getKey());
        copy.put(j.getKey(), j.getValue());
        before++;
      }
    }
    long added = 0;
    long duplicates = 0;
    for (Map.Entry<String, Map<String, Integer>> row : labels.asMap().entrySet()) {
      String q = row.getKey();
      Map<String, Integer> judged = old.row(q);
      for (Map.Entry<String, Integer> j : row.getValue().entrySet()) {
        Integer earlier = judged == null ? null : judged.get(j.getKey());
        if (earlier == null) {
          writable(labels, q, j.getKey());
          out.computeIfAbsent(q, k -> new LinkedHashMap<>()).put(j.getKey(), j.getValue());
          added++;
        } else if (earlier.equals(j.getValue())) {
          duplicates++;
        } else {
          Location at = old.origin().locate(q, j.getKey());
          throw new ProtocolViolationException(labels.origin().locate(q, j.getKey()), "conflicting label",
              "query " + PyJson.canonical(q) + ", document " + PyJson.canonical(j.getKey()) + ": label " + j.getValue()
                  + " here, " + earlier + " at " + at + "; expected new labels only for pairs the old judgments lack,"
                  + " or the same label");
        }
      }
    }
    return new Merged(out, before, added, duplicates, sha256(old.asMap()), sha256(out));
  }

  /**
   * The SHA-256 of judgments as caliber's protocol fingerprint covers them: of the canonical JSON
   * (keys in code point order, no blanks) of {@code {query: {doc: label}}}, the {@code qrels}
   * member of the text {@code EvalProtocol.sha256} hashes. Equal judgments give equal hashes
   * whatever their file's order or format.
   *
   * @param judgments query ID to document ID to label
   * @return 64 lower-case hex digits
   */
  public static String sha256(Map<String, ? extends Map<String, Integer>> judgments) {
    return Fingerprint.canonicalSha256Hex(judgments);
  }

  /** One label of judgments with sources: what a row of the table holds, and where it was read. */
  private record Label(String query, String doc, BigDecimal label, String source, Qrels from) {}

  /** The header of the judgments-with-sources table {@link Sourced#writeTo} writes. */
  public static final String HEADER = "query\tdoc\tlabel\tsource\n";

  /**
   * Judgments with sources merged, and what changed.
   */
  public static final class Sourced {
    private final List<Label> labels;
    private final Map<String, Long> before;
    private final Map<String, Long> after;
    private final long added;
    private final long duplicates;
    private final long shared;
    private final String beforeSha256;
    private final String afterSha256;

    private Sourced(List<Label> labels, Map<String, Long> before, long added, long duplicates, long shared,
        String beforeSha256, String afterSha256) {
      this.labels = List.copyOf(labels);
      this.before = Collections.unmodifiableMap(before);
      this.after = Collections.unmodifiableMap(perSource(labels));
      this.added = added;
      this.duplicates = duplicates;
      this.shared = shared;
      this.beforeSha256 = beforeSha256;
      this.afterSha256 = afterSha256;
    }

    /**
     * How many labels each source gave in the old judgments.
     *
     * @return source to count, in order of first appearance
     */
    public Map<String, Long> before() {
      return before;
    }

    /**
     * How many labels each source gives in the merged judgments.
     *
     * @return source to count, in order of first appearance
     */
    public Map<String, Long> after() {
      return after;
    }

    /**
     * How many new labels were appended.
     *
     * @return the count
     */
    public long added() {
      return added;
    }

    /**
     * How many new labels repeated an old label of the same source exactly.
     *
     * @return the count
     */
    public long duplicates() {
      return duplicates;
    }

    /**
     * How many (query, document) pairs of the merged judgments more than one source labels: a
     * reader needs a source precedence to say which label counts.
     *
     * @return the count
     */
    public long shared() {
      return shared;
    }

    /**
     * The SHA-256 of the old judgments as the protocol fingerprint covers them ({@link
     * EvalProtocol#judgmentsSha256}), read under the precedence given.
     *
     * @return 64 hex digits, or null when the judgments have no such view: a pair labelled by
     *     two sources and no precedence, or no label from the sources the precedence lists
     */
    public String beforeSha256() {
      return beforeSha256;
    }

    /**
     * The same of the merged judgments.
     *
     * @return 64 hex digits, or null as {@link #beforeSha256}
     */
    public String afterSha256() {
      return afterSha256;
    }

    /**
     * The merged judgments as a judgments-with-sources table: {@link #HEADER}, then a row {@code
     * query<TAB>doc<TAB>label<TAB>source} per label, the label exact ({@code 0.7}).
     *
     * @param out receives the text a line at a time, in order
     */
    public void writeTo(Consumer<? super CharSequence> out) {
      write(labels, out);
    }
  }

  /**
   * Merges new labels into old ones by (query, document, source).
   *
   * @param old the old judgments: one per source ({@code JudgmentFiles.readBySource}),
   *     or one that names no source; located; not empty
   * @param oldSource the source of old judgments that name none, or null when they name theirs
   * @param labels the new labels, in the same forms; not empty
   * @param labelsSource the source of new labels that name none, or null when they name theirs
   * @param precedence the source precedence the hashes read the judgments under (evaluate's
   *     {@code --label-sources}); empty for every source
   * @return the merged labels: the old in their order (source by source), then the new ones
   * @throws IllegalArgumentException if judgments that name no source are given no source, or
   *     judgments that name theirs are given one, or a list is empty
   * @throws ProtocolViolationException at the new label's line, naming the old one's, when a
   *     source labels a pair twice with two labels; or at an ID or source a table row cannot hold
   * @throws NullPointerException if a list is null
   */
  public static Sourced mergeSources(List<Qrels> old, String oldSource, List<Qrels> labels, String labelsSource,
      List<String> precedence) {
    List<Label> before = labels(old, oldSource, "the old judgments");
    List<Label> news = labels(labels, labelsSource, "the new labels");
    Map<List<String>, Label> bySource = new HashMap<>();
    Map<List<String>, Integer> sources = new HashMap<>();
    List<Label> out = new ArrayList<>(before);
    for (Label l : before) {
      bySource.put(List.of(l.query(), l.doc(), l.source()), l);
      sources.merge(List.of(l.query(), l.doc()), 1, Integer::sum);
    }
    long added = 0;
    long duplicates = 0;
    for (Label l : news) {
      Label earlier = bySource.get(List.of(l.query(), l.doc(), l.source()));
      if (earlier == null) {
        out.add(l);
        sources.merge(List.of(l.query(), l.doc()), 1, Integer::sum);
        added++;
      } else if (earlier.label().compareTo(l.label()) == 0) {
        duplicates++;
      } else {
        Location at = earlier.from().origin().locate(l.query(), l.doc());
        throw new ProtocolViolationException(l.from().origin().locate(l.query(), l.doc()), "conflicting label",
            "query " + PyJson.canonical(l.query()) + ", document " + PyJson.canonical(l.doc()) + ", source "
                + PyJson.canonical(l.source()) + ": label " + l.label().toPlainString() + " here, "
                + earlier.label().toPlainString() + " at " + at + "; expected new labels only for pairs that source has"
                + " not labelled, or the same label");
      }
    }
    long shared = sources.values().stream().filter(n -> n > 1).count();
    return new Sourced(out, perSource(before), added, duplicates, shared, view(before, precedence), view(out, precedence));
  }

  /** Every label of judgments, with its source: theirs, or {@code name} for judgments that name none. */
  private static List<Label> labels(List<Qrels> judgments, String name, String what) {
    if (judgments.isEmpty()) {
      throw new IllegalArgumentException("illegal " + what + ": none, expected one judgments per source");
    }
    boolean named = !judgments.get(0).sources().isEmpty();
    if (named == (name != null)) {
      throw new IllegalArgumentException("illegal source for " + what + ": " + (named
          ? "they name their sources " + judgments.stream().flatMap(q -> q.sources().stream()).toList() + ", and "
              + PyJson.canonical(name) + " was given"
          : "they name no source, and none was given"));
    }
    List<Label> out = new ArrayList<>();
    for (Qrels q : judgments) {
      for (String query : q.queryIds()) {
        for (Map.Entry<String, Integer> judgment : q.row(query).entrySet()) {
          String doc = judgment.getKey();
          String source = named ? q.source(query, doc) : name;
          Label l = new Label(query, doc, q.decimal(judgment.getValue()), source, q);
          try {
            TrecTokens.require("query ID", l.query(), "a judgments table's row", "give IDs without blanks");
            TrecTokens.require("document ID", l.doc(), "a judgments table's row", "give IDs without blanks");
            TrecTokens.require("source", source, "a judgments table's row", "give sources without blanks");
          } catch (IllegalArgumentException e) {
            throw new ProtocolViolationException(q.origin().locate(l.query(), l.doc()), "not writable as a judgments table",
                e.getMessage());
          }
          out.add(l);
        }
      }
    }
    return out;
  }

  private static Map<String, Long> perSource(List<Label> labels) {
    Map<String, Long> n = new LinkedHashMap<>();
    labels.forEach(l -> n.merge(l.source(), 1L, Long::sum));
    return n;
  }

  private static void write(List<Label> labels, Consumer<? super CharSequence> out) {
    out.accept(HEADER);
    for (Label l : labels) {
      out.accept(l.query() + "\t" + l.doc() + "\t" + l.label().toPlainString() + "\t" + l.source() + "\n");
    }
  }

  /**
   * The hash of labels as evaluate reads them under a precedence: the table written and read back
   * by the one reader, so that the precedence rule stays in one place; null when that reading has
   * no view (a pair of two sources without a precedence, or no listed source).
   */
  /** Limits for reading back a table written here from inputs already read under theirs: none that binds. */
  private static final InputLimits WRITTEN_HERE = new InputLimits(Integer.MAX_VALUE - (1 << 20), Long.MAX_VALUE,
      InputLimits.MAX_QUERY_BYTES);

  private static String view(List<Label> labels, List<String> precedence) {
    Map<List<String>, String> firstSource = new HashMap<>();
    boolean listed = precedence.isEmpty();
    for (Label l : labels) {
      String other = firstSource.putIfAbsent(List.of(l.query(), l.doc()), l.source());
      if (other != null && precedence.isEmpty()) {
        return null;
      }
      listed |= precedence.contains(l.source());
    }
    if (!listed) {
      return null;
    }
    StringBuilder text = new StringBuilder();
    write(labels, text::append);
    try {
      return EvalProtocol.judgmentsSha256(TrecQrelsReader.read("-",
          new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.UTF_8)), WRITTEN_HERE, precedence));
    } catch (IOException e) {
      throw new UncheckedIOException(e); // reading bytes in memory
    }
  }

  /** Refuses an ID a TREC qrels line cannot hold, at its judgment's line. */
  private static void writable(Qrels from, String q, String doc) {
    try {
      TrecTokens.require("query ID", q, "a TREC qrels line", "give IDs without blanks");
      TrecTokens.require("document ID", doc, "a TREC qrels line", "give IDs without blanks");
    } catch (IllegalArgumentException e) {
      throw new ProtocolViolationException(from.origin().locate(q, doc), "not writable as TREC qrels", e.getMessage());
    }
  }
}
