package dev.caliber.measure;

/**
 * One ranking's relevant documents counted for one threshold, made on first use by {@link
 * JudgedRanking}: the relevant documents among the first i ranked, and per position the best
 * precision at a relevant position from there on. Many measures ask (P@k and R@k at nine cutoffs,
 * IPrec at eleven levels twice under trec_eval's defaults); each was a pass over the ranking. Final
 * fields, so that a ranking read by another thread sees them whole; {@link #best} is made on first
 * use, and a thread that sees none makes the same array again.
 */
final class RelevantCounts {
  final int threshold;
  /** [i]: relevant documents among the first i ranked, i from 0 to the ranking's size. */
  final int[] inTop;
  /** [i]: the earliest relevant position j >= i with the largest precision inTop[j + 1] / (j + 1), or -1; made on first use. */
  private int[] best;

  private RelevantCounts(int threshold, int[] inTop) {
    this.threshold = threshold;
    this.inTop = inTop;
  }

  /** The counts of {@code r} at threshold {@code t}. */
  static RelevantCounts of(JudgedRanking r, int t) {
    int n = r.size();
    int[] inTop = new int[n + 1];
    for (int i = 0; i < n; i++) {
      inTop[i + 1] = inTop[i] + (r.relevant(i, t) ? 1 : 0);
    }
    return new RelevantCounts(t, inTop);
  }

  /** The 0-based position of the {@code c}-th relevant document (c from 1), or -1 when fewer are ranked. */
  int positionOf(long c) {
    int n = inTop.length - 1;
    if (c < 1 || inTop[n] < c) {
      return -1;
    }
    int lo = 0; // the least i with inTop[i + 1] >= c: there the c-th relevant document is
    int hi = n - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (inTop[mid + 1] >= c) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  /**
   * Of the relevant positions j of {@code r} from {@code i} on, the earliest with the largest
   * precision inTop[j + 1] / (j + 1), or -1 when none is relevant.
   */
  int bestPrecisionFrom(JudgedRanking r, int i) {
    int[] b = best;
    if (b == null) {
      int n = inTop.length - 1;
      b = new int[n];
      int at = -1;
      for (int j = n - 1; j >= 0; j--) {
        // at least as large as the best after it: the earlier position wins a tie
        if (r.relevant(j, threshold) && (at < 0 || (long) inTop[j + 1] * (at + 1) >= (long) inTop[at + 1] * (j + 1))) {
          at = j;
        }
        b[j] = at;
      }
      best = b;
    }
    return i < b.length ? b[i] : -1;
  }
}
