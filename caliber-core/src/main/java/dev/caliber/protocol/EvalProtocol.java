package dev.caliber.protocol;

import dev.caliber.internal.StringIndex;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.policy.Policy;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

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
 * {@code equals}, {@code hashCode} and {@code toString} are those the record had. What the
 * fingerprint hashes is laid out by {@link ProtocolText}; the checks of the labels against the
 * measures, and the counts read off the judgments, are {@link ProtocolJudgments}'.
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
    ProtocolJudgments.check(qrels, this.groups, this.measures, policy.gain());
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
   * The canonical JSON the fingerprint hashes, for users who check it with other tools.
   *
   * @return compact JSON with keys and judged queries in code point order; the query set in its
   *     own order, since that order is part of the protocol; {@code corpus_ids} null without a
   *     corpus
   */
  public String canonicalJson() {
    return PyJson.canonical(ProtocolText.data(this));
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
          h = Fingerprint.canonicalSha256Hex(ProtocolText.data(this));
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
      n = ProtocolJudgments.aboveZero(qrels, groups, querySet);
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
    return corpus == null ? null : ProtocolJudgments.outsideCorpus(qrels, querySet, corpus);
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
    Map<String, Object> m = ProtocolText.judgments(qrels);
    return Fingerprint.canonicalSha256Hex(m.size() == 1 ? m.get("qrels") : m);
  }


}
