package dev.caliber.eval.seed;

import dev.caliber.math.Fraction;

/**
 * One query's line in a report, so that a better mean cannot hide a query that got worse.
 *
 * @param query the query ID
 * @param missing true when the run had no entry at all for the query (scored as empty)
 * @param returned length of the whole ranking, not only the first k
 * @param relevant number of documents judged relevant
 * @param hits distinct relevant documents in the first k
 * @param firstRelevantRank 1-based rank of the first relevant document within k, or null
 * @param recall Recall@k, or null when the query has no relevant document
 * @param rr RR@k, or null when the query has no relevant document
 */
public record QueryRow(
    String query,
    boolean missing,
    int returned,
    int relevant,
    int hits,
    Integer firstRelevantRank,
    Fraction recall,
    Fraction rr) {

  /**
   * Whether the query counts in the means.
   *
   * @return true when it has at least one relevant document
   */
  public boolean eligible() {
    return relevant > 0;
  }
}
