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
  /** The canonical, parseable name. */
  String name();

  /** The ranking cutoff, or 0 when the measure has none. */
  int cutoff();

  /** Whether the value is an exact fraction (false for nDCG). */
  boolean rational();

  /**
   * Whether the measure is undefined for a query without relevant documents (Recall, RR, AP, nDCG,
   * P...): then the no-relevant policy decides. Counts (NumRet, Judged@k) are always defined.
   */
  boolean needsRelevant();

  /** The relevance level this measure uses under a protocol threshold. */
  int relevanceLevel(int protocolThreshold);

  /**
   * The value for one query. Called only when the query has a relevant document or the measure
   * does not need one, or the protocol counts such queries as 0.
   */
  Value compute(JudgedRanking ranking);
}
