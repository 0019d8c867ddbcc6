package dev.caliber.policy;

import dev.caliber.protocol.RankedList;
import java.util.Arrays;
import java.util.Comparator;

/**
 * The one place where a run's entries become a ranking. {@link Ordering#SCORE} sorts by score
 * descending and breaks ties by document ID descending, comparing code points (equivalently UTF-8
 * bytes, as trec_eval's strcmp does). The sort is stable and total, so the result never depends on
 * file order.
 */
public final class RankingOrder {
  private RankingOrder() {}

  /** trec_eval's comparator over entry indexes of {@code list}. */
  static Comparator<Integer> byScore(RankedList list) {
    return (a, b) -> {
      // Not Double.compare: -0.0 and 0.0 are the same score here, as in trec_eval's comparison.
      double sa = list.score(a);
      double sb = list.score(b);
      if (sa != sb) {
        return sa > sb ? -1 : 1;
      }
      return dev.caliber.json.PyJson.CODE_POINT_ORDER.compare(list.doc(b), list.doc(a));
    };
  }

  /**
   * The entry indexes of {@code list} in ranking order.
   *
   * @param list the run's entries for one query
   * @param ordering which order counts
   */
  public static int[] order(RankedList list, Ordering ordering) {
    int n = list.size();
    if (ordering == Ordering.GIVEN) {
      int[] idx = new int[n];
      for (int i = 0; i < n; i++) {
        idx[i] = i;
      }
      return idx;
    }
    Integer[] boxed = new Integer[n];
    for (int i = 0; i < n; i++) {
      boxed[i] = i;
    }
    Arrays.sort(boxed, byScore(list));
    int[] idx = new int[n];
    for (int i = 0; i < n; i++) {
      idx[i] = boxed[i];
    }
    return idx;
  }
}
