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

  /**
   * Counts one query's entries, in the given order, that disagree with their scores or rank column.
   *
   * @param scores the scores, in the given order
   * @param ranks the rank column, alongside
   * @param from the query's first entry
   * @param n the query's number of entries
   * @param counts receives the entries {@code i > from} that disagree for either reason, by score
   *     (higher than entry {@code i - 1}'s) and by rank (not greater than entry {@code i - 1}'s), at
   *     indexes 0, 1 and 2
   */
  static void count(double[] scores, long[] ranks, int from, int n, int[] counts) {
    int either = 0;
    int byScore = 0;
    int byRank = 0;
    for (int i = from + 1; i < from + n; i++) {
      boolean score = scores[i] > scores[i - 1];
      boolean rank = ranks[i] <= ranks[i - 1];
      byScore += score ? 1 : 0;
      byRank += rank ? 1 : 0;
      either += score || rank ? 1 : 0;
    }
    counts[0] = either;
    counts[1] = byScore;
    counts[2] = byRank;
  }
}
