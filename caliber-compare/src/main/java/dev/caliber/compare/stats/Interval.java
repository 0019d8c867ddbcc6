package dev.caliber.compare.stats;

/**
 * A confidence interval for a mean delta.
 *
 * @param lower the lower bound
 * @param upper the upper bound, at least {@code lower}
 */
public record Interval(double lower, double upper) {
  /**
   * Requires finite bounds in order.
   *
   * @param lower the lower bound, finite
   * @param upper the upper bound, finite, at least {@code lower}
   * @throws IllegalArgumentException if a bound is not finite or {@code lower > upper}
   */
  public Interval {
    if (!Double.isFinite(lower) || !Double.isFinite(upper)) {
      throw new IllegalArgumentException("illegal interval [" + lower + ", " + upper + "], bounds must be finite");
    }
    if (lower > upper) {
      throw new IllegalArgumentException("illegal interval [" + lower + ", " + upper + "], lower must not exceed upper");
    }
  }
}
