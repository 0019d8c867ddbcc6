package dev.caliber.measure;

/**
 * A retrieval measure: an immutable value whose parameters are its name. Two measures with the same
 * canonical {@link #name()} are the same measure. Computing reads only a {@link JudgedRanking}.
 *
 * <p>Parameters follow ir_measures: an optional relevance level {@code rel} (the lowest label that
 * counts as relevant; when absent, the protocol's threshold applies) and an optional cutoff
 * {@code @k}. Canonical names leave defaults out: {@code P@10}, {@code P(rel=2)@10}, {@code AP}.
 */
public interface Measure {
  /**
   * The canonical, parseable name; it identifies the measure.
   *
   * @return the name with defaults left out, such as {@code P@10} or {@code AP(rel=2)}; {@link
   *     Measures#parse(String)} gives an equal measure back
   */
  String name();

  /**
   * The ranking cutoff k.
   *
   * @return k, positive; 0 when the measure has none and looks at the whole ranking
   */
  int cutoff();

  /**
   * Whether the value is an exact fraction, so that reports can say which values are exact.
   *
   * @return true when {@link #compute(JudgedRanking)} gives {@link Value#isExact() exact} values;
   *     false for nDCG
   */
  boolean rational();

  /**
   * Whether the measure is undefined for a query without relevant documents (Recall, RR, AP, nDCG,
   * P...): then the no-relevant policy decides. Counts (NumRet, Judged@k) are always defined.
   *
   * @return true when a query without relevant documents has no value of this measure
   */
  boolean needsRelevant();

  /**
   * The relevance level this measure uses under a protocol threshold: its own {@code rel} when it
   * has one.
   *
   * @param protocolThreshold the protocol's lowest relevant label
   * @return the measure's {@code rel} when given, else {@code protocolThreshold}
   */
  int relevanceLevel(int protocolThreshold);

  /**
   * The value for one query. Called only when the query has a relevant document or the measure
   * does not need one, or the protocol counts such queries as 0.
   *
   * @param ranking the query's judged ranking, already cut to the protocol's depth; not null
   * @return the value, never null; exact when {@link #rational()} is true
   */
  Value compute(JudgedRanking ranking);

  /**
   * Whether the measure reads subtopic judgments ({@link JudgedRanking#intents()}): the
   * intent-aware measures, which a protocol without subtopic judgments refuses.
   *
   * @return false unless the measure is intent-aware
   */
  default boolean needsIntents() {
    return false;
  }

  /**
   * Whether the measure reads fractional labels ({@code 0.7}) exactly: the binary measures, which
   * compare a label with a level, and the gain measures under the protocol's gain rule, which take
   * the gain of the exact label. A measure that reads labels as whole grades (given gains keyed by
   * label, ERR's 2^label, ...) is refused with fractional judgments rather than given a rounded
   * label.
   *
   * @return false unless the measure says otherwise
   */
  default boolean readsFractionalLabels() {
    return false;
  }

  /**
   * How the per-query values become the run's summary: the arithmetic mean for every measure but
   * the geometric means of trec_eval ({@code gm_map}, {@code gm_bpref}).
   *
   * @return the kind of mean, never null; {@link Mean#ARITHMETIC} unless the measure says otherwise
   */
  default Mean mean() {
    return Mean.ARITHMETIC;
  }
}
