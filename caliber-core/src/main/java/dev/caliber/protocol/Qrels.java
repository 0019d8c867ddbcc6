package dev.caliber.protocol;

import dev.caliber.internal.QrelsColumns;
import dev.caliber.internal.QrelsSecrets;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Relevance judgments: query ID to (document ID to integer label), in input order. A missing cell
 * is not a 0: whether an unjudged document is an error or non-relevant is the protocol's decision,
 * not this container's.
 *
 * <p>A value with a map API: {@link #row} and {@link #asMap} hand out unmodifiable views, made on
 * each call, whose document IDs are strings made as they are read; {@link #exactLabel} and {@link
 * #source} name one judgment's exact label and source. Labels are integers in units of {@code
 * 1/}{@link #labelScale()} (1 for whole labels, so that {@code 0.7} is held as 7 at scale 10).
 *
 * <p>Held as columns (the judgments grouped by query, their document IDs as UTF-8 bytes with their
 * hashes, one hash table over the query IDs and one over (query, document) pairs), which the
 * engine matches ranked documents against byte by byte, without making strings. Those columns and
 * their byte-level accessors are not API: they live in a package no module reads ({@code
 * dev.caliber.internal.QrelsColumns}), and caliber's engine and readers reach them through a door
 * that this class installs when it is initialized (the JDK's "shared secrets"; {@code
 * dev.caliber.qrels.QrelsAccess}). Readers fill the columns with {@code dev.caliber.qrels.QrelsBuilder};
 * code makes qrels with {@link #of}.
 */
public final class Qrels {
  static {
    QrelsSecrets.install(new QrelsSecrets.Access<Qrels, Origin>() {
      @Override
      public QrelsColumns columns(Qrels qrels) {
        return qrels.columns;
      }

      @Override
      public Qrels value(QrelsColumns columns, Origin origin) {
        return new Qrels(Objects.requireNonNull(columns, "columns"), Objects.requireNonNull(origin, "origin"), null);
      }
    });
  }

  private final QrelsColumns columns;
  private final Origin origin;
  /** The subtopic judgments these labels were derived from, or null for plain qrels. */
  private final Subtopics subtopics;
  private final Map<String, Map<String, Integer>> all;

  /** The columns, for the protocol's own reading of the judgments ({@code EvalProtocol}'s checks and fingerprint). */
  QrelsColumns columns() {
    return columns;
  }

  private Qrels(QrelsColumns columns, Origin origin, Subtopics subtopics) {
    this.columns = columns;
    this.origin = origin;
    this.subtopics = subtopics;
    this.all = new QrelsRows.All(columns);
  }

  /**
   * Judgments in the given order (deep-copied).
   *
   * @param labels query ID to (document ID to label), in the order to keep; any integer label,
   *     negative ones included (trec_eval's "in the pool, not judged"). A query with an empty row
   *     is kept as judged with no document
   * @param origin where each judgment was read from, not null; {@link Origin#NONE} for none
   * @return the judgments
   * @throws NullPointerException for a null query ID, row, document ID or label
   */
  public static Qrels of(Map<String, ? extends Map<String, Integer>> labels, Origin origin) {
    Objects.requireNonNull(labels, "labels");
    QrelsColumns columns = QrelsColumns.of(labels);
    return new Qrels(columns, Objects.requireNonNull(origin, "origin"), null);
  }

  /**
   * Judgments built in code, whose errors name no file.
   *
   * @param labels query ID to (document ID to label), deep-copied; nothing null
   * @return the judgments, with {@link Origin#NONE}
   * @throws NullPointerException for a null query ID, row, document ID or label
   */
  public static Qrels of(Map<String, ? extends Map<String, Integer>> labels) {
    return of(labels, Origin.NONE);
  }

  /**
   * These judgments with the subtopic judgments they summarise, for the intent-aware measures
   * (what {@code SubtopicQrelsReader} reads: each document's label here is its largest over its
   * subtopics).
   *
   * @param subtopics the subtopic judgments of these qrels' judgments, not null
   * @return new qrels sharing these columns
   * @throws IllegalArgumentException if {@code subtopics} was made for other qrels
   */
  public Qrels withSubtopics(Subtopics subtopics) {
    if (subtopics.judgments() != columns.size()) {
      throw new IllegalArgumentException("illegal subtopics: " + subtopics.judgments() + " judgments, these qrels have " + columns.size());
    }
    return new Qrels(columns, origin, subtopics);
  }

  /**
   * The subtopic judgments, when these qrels were read from a subtopic file.
   *
   * @return the subtopic judgments, or null for plain qrels
   */
  public Subtopics subtopics() {
    return subtopics;
  }

  /**
   * The judged row of a query; a view made on each call.
   *
   * @param queryId a query ID, compared exactly; null is never judged
   * @return document ID to label in input order, unmodifiable; null when the query is not judged,
   *     empty when it was given with no judgment
   */
  public Map<String, Integer> row(String queryId) {
    int i = columns.queryPosition(queryId);
    return i < 0 ? null : new QrelsRows.Row(columns, i);
  }

  /**
   * The judged query IDs.
   *
   * @return an unmodifiable list in input order (order of first appearance)
   */
  public List<String> queryIds() {
    return columns.queryIds();
  }

  /**
   * Every row, as the fingerprint hashes them.
   *
   * @return query ID to row, in input order, an unmodifiable view; rows are made as they are read
   */
  public Map<String, Map<String, Integer>> asMap() {
    return all;
  }

  /**
   * Where each judgment came from, so that a late violation can name its file and line.
   *
   * @return the origin, located by query ID and by (query ID, document ID); {@link Origin#NONE}
   *     for judgments built in code
   */
  public Origin origin() {
    return origin;
  }

  /**
   * The number of judged queries.
   *
   * @return the number of queries, those with an empty row included
   */
  public int queryCount() {
    return columns.queryCount();
  }

  /**
   * The number of judgments over all queries.
   *
   * @return the number of (query, document) pairs, 0 or more
   */
  public int size() {
    return columns.size();
  }

  /**
   * The unit of the labels: every label here ({@link #row}, {@link #asMap}) is an integer count of
   * {@code 1/labelScale()}. Whole labels have scale 1, whatever the file; decimal labels (an LLM
   * judge's {@code 0.7}) 10^d for the most decimals d a label has, so that they are held exactly
   * ({@code 0.7} is 7 at scale 10).
   *
   * @return 1 for whole labels, else a power of ten
   */
  public int labelScale() {
    return columns.labelScale();
  }

  /**
   * A label in this judgments' unit as an exact decimal.
   *
   * @param scaled a label as {@link #row} gives it
   * @return {@code scaled / labelScale()}, without trailing zeros
   */
  public BigDecimal decimal(int scaled) {
    return columns.decimal(scaled);
  }

  /**
   * A judgment's label exactly, as a decimal: {@code decimal(row(queryId).get(docId))}.
   *
   * @param queryId a query ID; null is never judged
   * @param docId a document ID; null is never judged
   * @return the label, without trailing zeros ({@code 0.7}, {@code 2}); null when the query does
   *     not judge the document
   */
  public BigDecimal exactLabel(String queryId, String docId) {
    int j = judgment(queryId, docId);
    return j < 0 ? null : columns.exactLabel(j);
  }

  /**
   * The sources the judgments name ({@code nist}, {@code llm:gpt-4o}), in order of first
   * appearance; empty for judgments that name none (TREC, JSON and CSV qrels).
   *
   * @return an unmodifiable list
   */
  public List<String> sources() {
    return columns.sourceNames();
  }

  /**
   * The source of a judgment's label (after a source precedence, the source whose label counts).
   *
   * @param queryId a query ID; null is never judged
   * @param docId a document ID; null is never judged
   * @return one of {@link #sources()}; null when the query does not judge the document, or the
   *     judgments name no source
   */
  public String source(String queryId, String docId) {
    int j = judgment(queryId, docId);
    int s = j < 0 ? -1 : columns.source(j);
    return s < 0 ? null : columns.sourceNames().get(s);
  }

  /**
   * How many labels each source gave (the labels held here: after a source precedence, those that
   * count).
   *
   * @return source name to label count, in order of the sources' first appearance; empty when the
   *     judgments name no source
   */
  public Map<String, Integer> labelsPerSource() {
    List<String> names = columns.sourceNames();
    int[] counts = new int[names.size()];
    for (int j = 0; !names.isEmpty() && j < columns.size(); j++) {
      counts[columns.source(j)]++;
    }
    Map<String, Integer> out = new LinkedHashMap<>();
    for (int i = 0; i < counts.length; i++) {
      out.put(names.get(i), counts[i]);
    }
    return Collections.unmodifiableMap(out);
  }

  @Override
  public String toString() {
    return "Qrels[" + columns.queryCount() + " queries, " + columns.size() + " judgments]";
  }

  /** The index of the judgment of {@code docId} by {@code queryId}, or -1. */
  private int judgment(String queryId, String docId) {
    int q = columns.queryPosition(queryId);
    return q < 0 ? -1 : columns.find(q, docId);
  }
}
