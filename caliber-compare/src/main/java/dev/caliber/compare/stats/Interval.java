package dev.caliber.compare.stats;

/**
 * A confidence interval for a mean delta.
 *
 * @param lower the lower bound
 * @param upper the upper bound, at least {@code lower}
 */
public record Interval(double lower, double upper) {
  /** Requires finite bounds in order. */
  public Interval {
    if (!Double.isFinite(lower) || !Double.isFinite(upper)) {
      throw new IllegalArgumentException("illegal interval [" + lower + ", " + upper + "], bounds must be finite");
    }
    if (lower > upper) {
      throw new IllegalArgumentException("illegal interval [" + lower + ", " + upper + "], lower must not exceed upper");
    }
  }
}
