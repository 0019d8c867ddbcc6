package dev.caliber.pool;

import dev.caliber.math.Fraction;
import java.util.Objects;

/**
 * One unjudged (query, document) pair of the runs' top k, with what ranks it and, when given, the
 * texts a judge reads.
 *
 * @param query the query ID
 * @param doc the document ID
 * @param priority the strategy's value: the number of runs ({@link Strategy#DEPTH}) or the sum of
 *     the pair's RBP weights ({@link Strategy#RBP}), as the double nearest {@code exact}
 * @param exact the same value as an exact fraction
 * @param runs how many runs retrieve the pair in their top k, at least 1
 * @param bestRank the best (smallest) 1-based rank the pair has in a run's top k
 * @param queryText the query's text, or null when no topics were given
 * @param docTitle the document's title, or null when no corpus was given or it has none
 * @param docText the document's text, or null when no corpus was given
 */
public record Hole(String query, String doc, double priority, Fraction exact, int runs, int bestRank, String queryText,
    String docTitle, String docText) {
  /**
   * Validates.
   *
   * @param query not null
   * @param doc not null
   * @param priority {@code exact}'s double
   * @param exact not null
   * @param runs at least 1
   * @param bestRank at least 1
   * @param queryText any, or null
   * @param docTitle any, or null
   * @param docText any, or null
   * @throws NullPointerException if an ID or {@code exact} is null
   * @throws IllegalArgumentException if {@code runs} or {@code bestRank} is below 1
   */
  public Hole {
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(doc, "doc");
    Objects.requireNonNull(exact, "exact");
    if (runs < 1 || bestRank < 1) {
      throw new IllegalArgumentException("illegal hole " + runs + " runs, best rank " + bestRank + ": both must be 1 or more");
    }
  }

  /**
   * This hole with texts.
   *
   * @param text the query's text, or null
   * @param title the document's title, or null
   * @param body the document's text, or null
   * @return the hole with those texts
   */
  public Hole withTexts(String text, String title, String body) {
    return new Hole(query, doc, priority, exact, runs, bestRank, text, title, body);
  }
}
