package dev.caliber.eval;

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
 * @param lines the disagreeing entries (lines of a TREC file) over all scored queries, 0 or more
 */
public record OrderDisagreement(int queries, long lines) {
  /** No entry disagrees. */
  public static final OrderDisagreement NONE = new OrderDisagreement(0, 0);

  /**
   * Validates.
   *
   * @param queries the scored queries with at least one disagreeing entry
   * @param lines the disagreeing entries
   * @throws IllegalArgumentException if a count is negative, or there are lines without queries
   *     or queries without lines
   */
  public OrderDisagreement {
    if (queries < 0 || lines < 0 || (queries == 0) != (lines == 0) || lines < queries) {
      throw new IllegalArgumentException("illegal order disagreement: " + queries + " queries, " + lines
          + " lines; expected counts >= 0, at least one line per query, and lines only in queries");
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

  /**
   * The entries of one query's given order that disagree with their scores or rank column.
   *
   * @param scores the scores, in the given order
   * @param ranks the rank column, alongside
   * @param from the query's first entry
   * @param n the query's number of entries
   * @return the number of entries {@code i > from} whose score is higher than entry {@code i - 1}'s
   *     or whose rank is not greater than it
   */
  static int count(double[] scores, long[] ranks, int from, int n) {
    int disagree = 0;
    for (int i = from + 1; i < from + n; i++) {
      if (scores[i] > scores[i - 1] || ranks[i] <= ranks[i - 1]) {
        disagree++;
      }
    }
    return disagree;
  }
}
