package dev.caliber.policy;

/** What an unjudged document in a ranking means. */
public enum Judgments {
  /**
   * The seed's rule: every ranked document must be judged for the query; an unjudged one rejects
   * the whole input. Recall's denominator is then exact.
   */
  EXHAUSTIVE,
  /**
   * TREC's rule: judgments come from a pool; an unjudged document counts as non-relevant, and each
   * row reports how much of the ranking was judged (Judged@k), so the assumption stays visible.
   */
  POOLED
}
