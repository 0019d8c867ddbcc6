package dev.caliber.policy;

/** Which order of a run's entries is the ranking; defined once, here and in {@link RankingOrder}. */
public enum Ordering {
  /** The order of the lines (or list) as given; scores and rank columns are ignored. */
  GIVEN,
  /**
   * Score descending, ties broken by document ID descending (by code point, which is UTF-8 byte
   * order): trec_eval's rule. The rank column is ignored, as trec_eval ignores it.
   */
  SCORE
}
