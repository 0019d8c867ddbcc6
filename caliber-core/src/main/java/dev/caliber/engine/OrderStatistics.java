package dev.caliber.engine;

/**
 * The scores at given positions of a ranking without sorting it: with ties broken by document ID,
 * the score at position c of the ranking is the c-th largest score, whatever the IDs. A bounded
 * insertion for small c (most entries fail one comparison), quickselect otherwise. Comparisons
 * use {@code >} and {@code <}, never {@link Double#compare}: -0.0 and 0.0 are the same score, as
 * in {@link dev.caliber.policy.RankingOrder}. Not thread-safe (scratch arrays).
 */
final class OrderStatistics {
  private double[] top = new double[65];
  private double[] scratch = new double[1024];
  private final double[] pair = new double[2];

  /** The c-th and (c+1)-th largest scores (1-based, c < n). */
  double[] largest(double[] scores, int from, int n, int c) {
    int k = c + 1;
    if (k < top.length) {
      // Keep the k largest in descending order; most entries fail the first comparison.
      int size = 0;
      for (int i = from; i < from + n; i++) {
        double x = scores[i];
        if (size == k && !(x > top[k - 1])) {
          continue;
        }
        int p = size == k ? k - 1 : size++;
        while (p > 0 && x > top[p - 1]) {
          top[p] = top[p - 1];
          p--;
        }
        top[p] = x;
      }
      pair[0] = top[c - 1];
      pair[1] = top[c];
      return pair;
    }
    if (scratch.length < n) {
      scratch = new double[Integer.highestOneBit(n) * 2];
    }
    System.arraycopy(scores, from, scratch, 0, n);
    pair[0] = select(scratch, n, c - 1);
    pair[1] = select(scratch, n, c);
    return pair;
  }

  /** The element that would be at 0-based position p of {@code a[0, n)} sorted descending. */
  static double select(double[] a, int n, int p) {
    int lo = 0;
    int hi = n - 1;
    while (lo < hi) {
      double pivot = a[(lo + hi) >>> 1];
      int i = lo;
      int j = hi;
      while (i <= j) {
        while (a[i] > pivot) {
          i++;
        }
        while (a[j] < pivot) {
          j--;
        }
        if (i <= j) {
          double t = a[i];
          a[i] = a[j];
          a[j] = t;
          i++;
          j--;
        }
      }
      if (p <= j) {
        hi = j;
      } else if (p >= i) {
        lo = i;
      } else {
        return a[p];
      }
    }
    return a[p];
  }}
