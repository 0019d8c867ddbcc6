package dev.caliber.protocol;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.internal.StringIndex;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Everything fixed before a run is scored, for any measure and policy: the judgments, the query
 * set (the denominator of every mean) and where it came from, the corpus when there is one, the
 * policy and the measures. Immutable, and equal to another protocol made of equal parts.
 *
 * <p>Its fingerprint ({@link #sha256()}) covers all of it: judgments, the query set, the corpus's
 * document IDs (not their texts, which change no number), the policy and the measures' canonical
 * names. The seed's own report keeps the seed's fingerprint ({@link Fingerprint}).
 *
 * <p>The fingerprint is hashed once per protocol, on first use, and kept: every run scored under
 * the protocol reports it, and hashing every judgment again for each of 40 runs cost more than
 * scoring them. The canonical text itself is made only when asked for, and not kept (at 100,000
 * queries it is tens of megabytes). Nothing else is kept: what the runs of a sweep share (each
 * query's judged table, from the second run on) lives in the {@link dev.caliber.eval.EvaluationWorkers}
 * the sweep opens, not here.
 *
 * <p>A class rather than a record only to keep the fingerprint: the accessors, the constructor,
 * {@code equals}, {@code hashCode} and {@code toString} are those the record had.
 */
public final class EvalProtocol {
  private final Qrels qrels;
  private final List<Qrels> groups;
  private final Preferences preferences;
  private final List<String> querySet;
  private final String querySetSource;
  private final Corpus corpus;
  private final Policy policy;
  private final List<Measure> measures;
  /** The fingerprint once hashed; written once, under the lock (see {@link #sha256()}). */
  private volatile String sha256;
  /** {@link #judgmentsAboveZero()} once counted, or -1; a race only counts twice, to the same number. */
  private volatile long judgmentsAboveZero = -1;

  /**
   * Validates the parts and copies the lists; repeated measures are dropped (the first is kept),
   * so that no report prints a column twice.
   *
   * @param qrels the judgments, not null
   * @param querySet the query IDs that count, in report order; not null, no ID null or repeated.
   *     May be empty
   * @param querySetSource how the query set was fixed, e.g. {@code split test of queries.json}; not null
   * @param corpus the corpus, or null when the protocol has none (TREC files)
   * @param policy every rule that changes a number, not null
   * @param measures the measures in report order, at least one, none null
   * @throws NullPointerException if a required part, a query ID or a measure is null
   * @throws IllegalArgumentException if a query ID repeats or no measure is given
   */
  public EvalProtocol(
      Qrels qrels, List<String> querySet, String querySetSource, Corpus corpus, Policy policy, List<Measure> measures) {
    this(qrels, List.of(), querySet, querySetSource, corpus, policy, measures);
  }

  /**
   * A protocol whose judgments come in trec_eval's judgment groups ({@code qrels_jg}): each
   * group's judgments label the ranking once more, for the measures that average over groups
   * ({@link dev.caliber.measure.JudgmentGroupMean}); {@code qrels} (their union) finds the judged
   * documents and decides every other measure.
   *
   * @param qrels the judgments every measure but the groups' sees, not null
   * @param groups one qrels per judgment group, in the order each query's groups are averaged;
   *     empty for none, not null
   * @param querySet as above
   * @param querySetSource as above
   * @param corpus as above
   * @param policy as above
   * @param measures as above
   * @throws NullPointerException if a required part, a group, a query ID or a measure is null
   * @throws IllegalArgumentException if a query ID repeats or no measure is given
   */
  public EvalProtocol(Qrels qrels, List<Qrels> groups, List<String> querySet, String querySetSource, Corpus corpus,
      Policy policy, List<Measure> measures) {
    this(qrels, groups, null, querySet, querySetSource, corpus, policy, measures);
  }

  /**
   * A protocol whose judgments are preferences (trec_eval's {@code prefs} and {@code qrels_prefs}):
   * each ranking carries its query's preference judgments and the ranked judged documents, for
   * the preference measures ({@link dev.caliber.measure.Preference}); their union decides which
   * documents are judged and every other measure.
   *
   * @param preferences the preference judgments, not null
   * @param querySet as above
   * @param querySetSource as above
   * @param policy as above
   * @param measures as above
   * @throws NullPointerException if a required part, a query ID or a measure is null
   * @throws IllegalArgumentException if a query ID repeats or no measure is given
   */
  public EvalProtocol(Preferences preferences, List<String> querySet, String querySetSource, Policy policy, List<Measure> measures) {
    this(preferences.union(), List.of(), preferences, querySet, querySetSource, null, policy, measures);
  }

  private EvalProtocol(Qrels qrels, List<Qrels> groups, Preferences preferences, List<String> querySet, String querySetSource,
      Corpus corpus, Policy policy, List<Measure> measures) {
    Objects.requireNonNull(qrels, "qrels");
    this.groups = List.copyOf(groups);
    this.preferences = preferences;
    Objects.requireNonNull(querySetSource, "querySetSource");
    Objects.requireNonNull(policy, "policy");
    querySet = List.copyOf(querySet);
    String[] ids = querySet.toArray(new String[0]);
    StringIndex seen = new StringIndex(ids.length); // 100,000 queries: no hash set of boxed entries
    for (int i = 0; i < ids.length; i++) {
      if (seen.indexOf(ids, ids[i]) >= 0) {
        throw new IllegalArgumentException("illegal query set: query " + PyJson.canonical(ids[i]) + " appears twice");
      }
      seen.add(ids, i);
    }
    List<Measure> unique = new ArrayList<>(new LinkedHashSet<>(measures));
    if (unique.isEmpty()) {
      throw new IllegalArgumentException("illegal measures: none given, at least one is required");
    }
    this.qrels = qrels;
    this.querySet = querySet;
    this.querySetSource = querySetSource;
    this.corpus = corpus;
    this.policy = policy;
    this.measures = List.copyOf(unique);
    int largest = Measures.largestLabel(this.measures, policy.gain());
    for (Qrels q : this.groups.isEmpty() ? List.of(qrels) : this.groups) {
      requireLabelsAtMost(q, largest);
    }
    requireWholeLabelsFor(qrels, this.measures);
  }

  /**
   * Refuses a measure that reads labels as whole grades ({@link Measure#readsFractionalLabels()}
   * false) with judgments that have a fractional label, naming the measure and the first such
   * label's line: the measure would otherwise see a rounded label.
   */
  private static void requireWholeLabelsFor(Qrels qrels, List<Measure> measures) {
    List<String> whole = measures.stream().filter(m -> !m.readsFractionalLabels()).map(Measure::name).toList();
    if (whole.isEmpty()) {
      return;
    }
    for (String query : qrels.queryIds()) {
      int p = qrels.queryPosition(query);
      for (int j = qrels.judgmentsFrom(p); j < qrels.judgmentsTo(p); j++) {
        if (qrels.label(j) % qrels.labelScale() != 0) {
          String doc = qrels.docId(j);
          throw new ProtocolViolationException(qrels.origin().locate(query, doc), "fractional label for a whole-label measure",
              "query " + PyJson.canonical(query) + ", document " + PyJson.canonical(doc) + ": label "
                  + qrels.exactLabel(j).toPlainString() + ", and " + String.join(", ", whole)
                  + (whole.size() == 1 ? " reads" : " read") + " labels as whole grades; expected whole labels, or only"
                  + " measures that read fractional labels exactly (binary measures such as P, R, AP, RR, R-prec, bpref;"
                  + " nDCG, DCG and CG without given gains)");
        }
      }
    }
  }

  /**
   * Refuses a judgment whose gain would leave a double's range (a label above 992 under
   * exponential gain, {@link dev.caliber.policy.Gain#largestLabel}), naming its line: its nDCG
   * would be NaN.
   */
  private static void requireLabelsAtMost(Qrels qrels, int largest) {
    if (largest == Integer.MAX_VALUE) {
      return;
    }
    for (String query : qrels.queryIds()) {
      int p = qrels.queryPosition(query);
      for (int j = qrels.judgmentsFrom(p); j < qrels.judgmentsTo(p); j++) {
        int label = qrels.label(j);
        if ((long) label > (long) largest * qrels.labelScale()) {
          String doc = qrels.docId(j);
          throw new ProtocolViolationException(qrels.origin().locate(query, doc), "label too large for exponential gain",
              "query " + PyJson.canonical(query) + ", document " + PyJson.canonical(doc) + ": label "
                  + qrels.exactLabel(j).toPlainString() + ", whose gain 2^" + qrels.exactLabel(j).toPlainString() + " - 1 no sum of gains can hold; expected labels of at most " + largest
                  + " under exponential gain (--gain exponential, or a measure's dcg='exp-log2')");
        }
      }
    }
  }

  /**
   * The judgments.
   *
   * @return the judgments, never null
   */
  public Qrels qrels() {
    return qrels;
  }

  /**
   * The query IDs that count: the denominator of every mean.
   *
   * @return the query set in report order, unmodifiable (possibly empty)
   */
  public List<String> querySet() {
    return querySet;
  }

  /**
   * How the query set was fixed, as results name it.
   *
   * @return e.g. {@code split test of queries.json}, never null
   */
  public String querySetSource() {
    return querySetSource;
  }

  /**
   * The corpus, whose document IDs a run's documents must be among.
   *
   * @return the corpus, or null when the protocol has none (TREC files)
   */
  public Corpus corpus() {
    return corpus;
  }

  /**
   * Every rule that changes a number.
   *
   * @return the policy, never null
   */
  public Policy policy() {
    return policy;
  }

  /**
   * The measures every run is scored on.
   *
   * @return the measures in report order, without duplicates, unmodifiable (at least one)
   */
  public List<Measure> measures() {
    return measures;
  }

  /** Equal parts: the same judgments, query set and its source, corpus, policy and measures. */
  @Override
  public boolean equals(Object o) {
    return o == this || o instanceof EvalProtocol p
        && qrels.equals(p.qrels)
        && groups.equals(p.groups)
        && Objects.equals(preferences, p.preferences)
        && querySet.equals(p.querySet)
        && querySetSource.equals(p.querySetSource)
        && Objects.equals(corpus, p.corpus)
        && policy.equals(p.policy)
        && measures.equals(p.measures);
  }

  @Override
  public int hashCode() {
    return Objects.hash(qrels, groups, querySet, querySetSource, corpus, policy, measures);
  }

  @Override
  public String toString() {
    return "EvalProtocol[qrels=" + qrels + ", querySet=" + querySet + ", querySetSource=" + querySetSource
        + ", corpus=" + corpus + ", policy=" + policy + ", measures=" + measures + "]";
  }

  /**
   * The judgments with their queries in code point order, for the canonical text: the queries are
   * sorted once as an array, and each entry is made as the writer reaches it.
   */
  private static final class QrelsInCodePointOrder extends AbstractMap<String, Map<String, Object>>
      implements PyJson.InCodePointOrder {
    private final Qrels qrels;
    /** Each judgment's source's name in place of its label: the fingerprint's {@code label_sources}. */
    private final boolean sources;

    QrelsInCodePointOrder(Qrels qrels, boolean sources) {
      this.qrels = qrels;
      this.sources = sources;
    }

    QrelsInCodePointOrder(Qrels qrels) {
      this(qrels, false);
    }

    /** A query's row: its labels as given (exact decimals when they have a fraction), or its sources. */
    @SuppressWarnings("unchecked")
    private Map<String, Object> row(String queryId) {
      if (!sources && qrels.labelScale() == 1) {
        return (Map<String, Object>) (Map<String, ?>) qrels.row(queryId);
      }
      int q = qrels.queryPosition(queryId);
      Map<String, Object> row = new java.util.LinkedHashMap<>();
      for (int j = qrels.judgmentsFrom(q); j < qrels.judgmentsTo(q); j++) {
        row.put(qrels.docId(j), sources ? qrels.sources().get(qrels.source(j)) : qrels.exactLabel(j));
      }
      return row;
    }

    @Override
    public Set<Map.Entry<String, Map<String, Object>>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public Iterator<Map.Entry<String, Map<String, Object>>> iterator() {
          String[] ids = qrels.queryIds().toArray(new String[0]);
          Arrays.sort(ids, PyJson.CODE_POINT_ORDER);
          return Arrays.stream(ids).map(q -> Map.entry(q, row(q))).iterator();
        }

        @Override
        public int size() {
          return qrels.queryCount();
        }
      };
    }
  }

  /**
   * The canonical JSON the fingerprint hashes, for users who check it with other tools.
   *
   * @return compact JSON with keys and judged queries in code point order; the query set in its
   *     own order, since that order is part of the protocol; {@code corpus_ids} null without a
   *     corpus
   */
  public String canonicalJson() {
    return PyJson.canonical(data());
  }

  /**
   * The protocol's fingerprint: SHA-256 of {@link #canonicalJson()}, hashed as it is written so
   * that large judgments are never one string, on the first call only: later calls, from any
   * thread, return the same String.
   *
   * @return 64 lower-case hex digits
   */
  public String sha256() {
    String h = sha256;
    if (h == null) {
      synchronized (this) {
        h = sha256;
        if (h == null) {
          h = Fingerprint.canonicalSha256Hex(data());
          sha256 = h;
        }
      }
    }
    return h;
  }

  /**
   * The summary {@code num_rel} that {@code trec_eval -c} prints: the number of judgments with a
   * label above 0 in every query of the query set, whatever the relevance threshold (m_num_rel.c,
   * {@code te_calc_avg_num_rel}, counts the qrels file again with {@code rel > 0}; with judgment
   * groups, every group's judgments). Under {@code -c -l2} it is therefore not the sum of the
   * per-query lines; caliber's own summaries (JSON, TSV and the other reports) keep that sum.
   * Counted on the first call: a call that scores many runs prints it once per run.
   *
   * @return the count, 0 or more
   */
  public long judgmentsAboveZero() {
    long n = judgmentsAboveZero;
    if (n < 0) {
      n = 0;
      // with judgment groups (qrels_jg), every group's judgments, as m_num_rel.c counts them
      for (Qrels q : groups.isEmpty() ? List.of(qrels) : groups) {
        for (String query : querySet) {
          int position = q.queryPosition(query);
          if (position < 0) {
            continue; // a query these judgments do not judge
          }
          for (int j = q.judgmentsFrom(position); j < q.judgmentsTo(position); j++) {
            if (q.label(j) > 0) {
              n++;
            }
          }
        }
      }
      judgmentsAboveZero = n;
    }
    return n;
  }

  /**
   * The judgments of the query set that name a document outside the corpus, which no run can rank
   * (a BEIR dataset's qrels and corpus that spell an ID differently, say): evaluating is not wrong,
   * but their relevant documents can never be found, so callers say so.
   *
   * @return how many, and the first in query-set order; null without a corpus or when there is none
   */
  public OutsideCorpus judgedOutsideCorpus() {
    if (corpus == null) {
      return null;
    }
    int count = 0;
    String firstQuery = null;
    String firstDoc = null;
    for (String query : querySet) {
      int p = qrels.queryPosition(query);
      if (p < 0) {
        continue;
      }
      for (int j = qrels.judgmentsFrom(p); j < qrels.judgmentsTo(p); j++) {
        String doc = qrels.docId(j);
        if (!corpus.contains(doc) && count++ == 0) {
          firstQuery = query;
          firstDoc = doc;
        }
      }
    }
    return count == 0 ? null : new OutsideCorpus(count, firstQuery, firstDoc, qrels.origin().locate(firstQuery, firstDoc));
  }

  /**
   * Judgments of documents outside the corpus ({@link #judgedOutsideCorpus()}).
   *
   * @param count how many, at least 1
   * @param query the first one's query, in query-set order
   * @param doc its document
   * @param at where it was read ({@link dev.caliber.error.Location#NONE} when unknown)
   */
  public record OutsideCorpus(int count, String query, String doc, dev.caliber.error.Location at) {}

  /**
   * The judgment groups, each a qrels of its own.
   *
   * @return the groups in averaging order; empty when the judgments have none
   */
  public List<Qrels> judgmentGroups() {
    return groups;
  }

  /**
   * How many of the judgments' labels each source gave, for judgments that name their sources
   * (after the source precedence, when one was declared: the labels that count).
   *
   * @return source name to label count, in order of the sources' first appearance; empty when the
   *     judgments name no source (TREC, JSON and CSV qrels)
   */
  public Map<String, Integer> labelSources() {
    return qrels.labelsPerSource();
  }


  /**
   * The preference judgments.
   *
   * @return the preferences, or null when the judgments are labels
   */
  public Preferences preferences() {
    return preferences;
  }

  /** The subtopic judgments as {query: {subtopic: {document: label}}}; the canonical writer sorts the keys. */
  private static Map<String, Object> subtopicData(Qrels qrels) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (int q = 0; q < qrels.queryCount(); q++) {
      Map<String, Map<String, Integer>> bySubtopic = new LinkedHashMap<>();
      for (int j = qrels.judgmentsFrom(q); j < qrels.judgmentsTo(q); j++) {
        int[] p = qrels.subtopics().pairs(j);
        for (int k = 0; k < p.length; k += 2) {
          bySubtopic.computeIfAbsent(qrels.subtopics().subtopicName(q, p[k]), t -> new LinkedHashMap<>()).put(qrels.docId(j), p[k + 1]);
        }
      }
      out.put(qrels.queryIds().get(q), bySubtopic);
    }
    return out;
  }

  /** The judgments' members of the canonical text: {@code qrels}, and {@code label_sources} when they name sources. */
  private static Map<String, Object> judgments(Qrels qrels) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("qrels", new QrelsInCodePointOrder(qrels));
    if (!qrels.sources().isEmpty()) { // only for judgments that name sources: plain qrels keep their fingerprints
      m.put("label_sources", new QrelsInCodePointOrder(qrels, true));
    }
    return m;
  }

  /**
   * The SHA-256 of judgments as the fingerprint covers them, so that a judgments version can be
   * named apart from any protocol: of the canonical JSON of the {@code qrels} member alone for
   * judgments that name no source, and of {@code {"label_sources": ..., "qrels": ...}} for
   * judgments with sources (their labels exact, {@code 0.7}). Equal judgments give equal hashes
   * whatever their file's order or format.
   *
   * @param qrels the judgments, as a protocol holds them (after any source precedence), not null
   * @return 64 lower-case hex digits
   */
  public static String judgmentsSha256(Qrels qrels) {
    Map<String, Object> m = judgments(qrels);
    return Fingerprint.canonicalSha256Hex(m.size() == 1 ? m.get("qrels") : m);
  }

  private Map<String, Object> data() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("caliber_protocol", 1);
    m.putAll(judgments(qrels));
    if (!groups.isEmpty()) { // absent otherwise: fingerprints without groups are unchanged
      m.put("judgment_groups", groups.stream().map(QrelsInCodePointOrder::new).toList());
    }
    if (preferences != null) { // the union is the qrels above; the rows number its documents
      Map<String, Object> rows = new java.util.TreeMap<>(PyJson.CODE_POINT_ORDER);
      preferences.byQuery().forEach((q, p) -> rows.put(q, p.rows()));
      m.put("preferences", rows);
    }
    m.put("query_set", querySet);
    m.put("corpus_ids", corpus == null ? null : new ArrayList<>(corpus.ids()).stream().sorted(PyJson.CODE_POINT_ORDER).toList());
    m.put("policy", policy.toData());
    m.put("measures", measures.stream().map(Measure::name).toList());
    if (qrels.subtopics() != null) {
      m.put("subtopic_qrels", subtopicData(qrels)); // only then: plain protocols keep their fingerprints
    }
    return m;
  }
}
