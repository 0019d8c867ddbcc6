package dev.caliber.result;

/**
 * How far a run's given order disagrees with its own scores or rank column, counted once by the
 * engine over the queries it scored. Within one query, in the given order (a TREC file's lines, a
 * list's or builder's order), an entry <em>disagrees</em> when its score is higher than the score of
 * the entry before it, or when its rank column is not greater than that entry's rank. The first
 * entry of a query never disagrees; equal scores do not disagree.
 *
 * <p>Under {@link dev.caliber.policy.Ordering#GIVEN} (the default) a run with disagreeing entries
 * is scored in its given order, while trec_eval sorts by score: their numbers differ. Under {@link
 * dev.caliber.policy.Ordering#SCORE} the count is still reported, but the order it describes is
 * not the one scored.
 *
 * @param queries the scored queries with at least one disagreeing entry, 0 or more
 * @param lines the disagreeing entries (lines of a TREC file) over all scored queries, for either
 *     reason, 0 or more
 * @param scoreLines the entries whose score is higher than the entry's before them
 * @param rankLines the entries whose rank column is not greater than the entry's before them
 */
public record OrderDisagreement(int queries, long lines, long scoreLines, long rankLines) {
  /** No entry disagrees. */
  public static final OrderDisagreement NONE = new OrderDisagreement(0, 0, 0, 0);

  /**
   * Validates.
   *
   * @param queries the scored queries with at least one disagreeing entry
   * @param lines the disagreeing entries, for either reason
   * @param scoreLines the entries out of score order
   * @param rankLines the entries out of rank order
   * @throws IllegalArgumentException if a count is negative, there are lines without queries or
   *     queries without lines, or {@code lines} is not between the larger and the sum of the other two
   */
  public OrderDisagreement {
    if (queries < 0 || scoreLines < 0 || rankLines < 0 || (queries == 0) != (lines == 0) || lines < queries
        || lines < Math.max(scoreLines, rankLines) || lines > scoreLines + rankLines) {
      throw new IllegalArgumentException("illegal order disagreement: " + queries + " queries, " + lines + " lines ("
          + scoreLines + " by score, " + rankLines + " by rank); expected counts >= 0, at least one line per query,"
          + " and lines from the larger of the two to their sum");
    }
  }

  /**
   * Whether any entry disagrees.
   *
   * @return true when {@link #lines()} is positive
   */
  public boolean any() {
    return lines > 0;
  }
}
