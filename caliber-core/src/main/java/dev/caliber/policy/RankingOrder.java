package dev.caliber.policy;

/**
 * The one place where a run's entries become a ranking. {@link Ordering#SCORE} ranks by score
 * descending and breaks ties by document ID descending, comparing code points (equivalently UTF-8
 * bytes, as trec_eval's strcmp does). The order is total, so the result never depends on file order.
 * Scores are compared with {@code >} and {@code ==}, never {@link Double#compare}: -0.0 and 0.0 are
 * the same score, as in trec_eval's comparison.
 *
 * <p>The rule is stated over {@link Entries}, an index view of one query's entries, so that the
 * same rule ranks documents held as strings ({@code dev.caliber.protocol.RankedList}) and
 * documents held as bytes of a file (the evaluation engine's blocks).
 */
public final class RankingOrder {
  private RankingOrder() {}

  /** One query's entries as the ranking rule sees them: a score and a document ID per index. */
  public interface Entries {
    /**
     * The number of entries.
     *
     * @return the number of entries, 0 or more; indexes run from 0 to {@code size() - 1}
     */
    int size();

    /**
     * The score of an entry.
     *
     * @param i the entry's index, {@code 0 <= i < size()}
     * @return its score as the run gives it
     */
    double score(int i);

    /**
     * Compares the document IDs of entries {@code a} and {@code b} in code point order (equal to
     * unsigned UTF-8 byte order).
     *
     * @param a an entry's index, {@code 0 <= a < size()}
     * @param b an entry's index, {@code 0 <= b < size()}
     * @return negative, zero or positive as a's ID sorts before, with or after b's
     */
    int compareDocs(int a, int b);
  }

  /**
   * Whether two scores are the same score: {@code ==}, so -0.0 and 0.0 tie.
   *
   * @param a a score
   * @param b a score
   * @return {@code a == b}; false when either is NaN
   */
  public static boolean sameScore(double a, double b) {
    return a == b;
  }

  /**
   * Whether entry {@code a} ranks above entry {@code b} under {@link Ordering#SCORE}: a higher
   * score, or the same score and a document ID later in code point order.
   *
   * @param entries one query's entries, not null
   * @param a an entry's index
   * @param b an entry's index
   * @return true when {@code a} ranks strictly above {@code b}; false for {@code a == b}
   */
  public static boolean precedes(Entries entries, int a, int b) {
    double sa = entries.score(a);
    double sb = entries.score(b);
    if (!sameScore(sa, sb)) {
      return sa > sb;
    }
    return entries.compareDocs(a, b) > 0;
  }

  /**
   * The entry indexes of {@code entries} in ranking order.
   *
   * @param entries one query's entries
   * @param ordering which order counts: {@link Ordering#GIVEN} keeps the indexes' order
   * @return a new array of every index once
   */
  public static int[] order(Entries entries, Ordering ordering) {
    int n = entries.size();
    int[] idx = new int[n];
    for (int i = 0; i < n; i++) {
      idx[i] = i;
    }
    if (ordering == Ordering.SCORE) {
      sort(entries, idx, new int[n], 0, n);
    }
    return idx;
  }

  /** A stable merge sort of {@code idx[from, to)} by {@link #precedes} (no boxing, unlike Arrays.sort with a comparator). */
  private static void sort(Entries entries, int[] idx, int[] tmp, int from, int to) {
    if (to - from < 2) {
      return;
    }
    int mid = (from + to) >>> 1;
    sort(entries, idx, tmp, from, mid);
    sort(entries, idx, tmp, mid, to);
    int i = from;
    int j = mid;
    for (int k = from; k < to; k++) {
      tmp[k] = j >= to || (i < mid && !precedes(entries, idx[j], idx[i])) ? idx[i++] : idx[j++];
    }
    System.arraycopy(tmp, from, idx, from, to - from);
  }
}
