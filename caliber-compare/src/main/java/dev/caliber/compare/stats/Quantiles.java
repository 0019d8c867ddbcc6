package dev.caliber.compare.stats;

/**
 * Quantiles of sorted data by linear interpolation between order statistics: Hyndman and Fan's
 * type 7, the default of R's {@code quantile} and numpy's {@code percentile}.
 *
 * <pre>
 *   h = (n - 1) * p;   Q(p) = x[floor h] + (h - floor h) * (x[floor h + 1] - x[floor h])
 * </pre>
 *
 * (0-based {@code x}). Hyndman, R. J. and Fan, Y. (1996). Sample quantiles in statistical
 * packages. The American Statistician 50(4), 361-365.
 */
public final class Quantiles {
  private Quantiles() {}

  /**
   * The p-quantile of {@code sorted}.
   *
   * @param sorted the data in ascending order, at least one value; not checked for order, not
   *     changed
   * @param p the probability, in [0, 1]
   * @return the type-7 quantile, between the two order statistics it interpolates; the smallest
   *     value for p = 0 and the largest for p = 1
   * @throws IllegalArgumentException if the data is empty or p is outside [0, 1]
   */
  public static double of(double[] sorted, double p) {
    if (sorted.length == 0) {
      throw new IllegalArgumentException("illegal data: empty, a quantile needs at least one value");
    }
    if (!(p >= 0.0 && p <= 1.0)) {
      throw new IllegalArgumentException("illegal p value: " + p + ", must be in [0, 1]");
    }
    double h = (sorted.length - 1) * p;
    int lo = (int) Math.floor(h);
    if (lo >= sorted.length - 1) {
      return sorted[sorted.length - 1];
    }
    double frac = h - lo;
    if (frac == 0.0) {
      return sorted[lo];
    }
    // clamped to its two order statistics, so rounding can never put Q1 above the median
    double q = sorted[lo] + frac * (sorted[lo + 1] - sorted[lo]);
    return Math.min(Math.max(q, sorted[lo]), sorted[lo + 1]);
  }
}
