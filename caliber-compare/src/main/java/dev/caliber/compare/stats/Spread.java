package dev.caliber.compare.stats;

import dev.caliber.measure.Value;
import java.util.List;
import java.util.Locale;

/**
 * Whether paired deltas have a spread that a t-test and an effect size can divide by: the one
 * decision behind {@link PairedT} and {@link CohenDz} being undefined, so that they are undefined
 * together and say the same reason.
 *
 * <p>Undefined: fewer than two pairs; every delta the same (decided exactly when every delta is an
 * exact fraction); or, for deltas computed in double arithmetic, a sample standard deviation no
 * larger than the rounding error of the subtraction that made them (8 units in the last place of
 * the largest value subtracted): deltas that are equal in truth but differ in their last bits
 * would otherwise give a t statistic and a d_z of about 10^15.
 */
public final class Spread {
  private Spread() {}

  /**
   * Why the deltas have no usable spread, or null when they have one.
   *
   * @param system the system's per-query values, in the deltas' order
   * @param baseline the baseline's per-query values, same length
   * @param deltas the deltas {@code system - baseline}, exact where both values are
   * @return the reason, worded for a report, or null
   * @throws IllegalArgumentException if the lengths differ
   */
  public static String degenerate(double[] system, double[] baseline, List<Value> deltas) {
    int n = deltas.size();
    if (system.length != n || baseline.length != n) {
      throw new IllegalArgumentException("illegal lengths " + system.length + ", " + baseline.length + " and " + n
          + ", must be equal");
    }
    if (n < 2) {
      return "needs at least 2 paired queries, got " + n;
    }
    if (deltas.stream().distinct().count() <= 1) {
      return allEqual(n);
    }
    if (deltas.stream().allMatch(Value::isExact)) {
      return null; // exact and not all equal: a true spread
    }
    double mean = 0.0;
    double largest = 0.0;
    for (int i = 0; i < n; i++) {
      mean += deltas.get(i).decimal();
      largest = Math.max(largest, Math.max(Math.abs(system[i]), Math.abs(baseline[i])));
    }
    mean /= n;
    double squares = 0.0;
    for (Value d : deltas) {
      double e = d.decimal() - mean;
      squares += e * e;
    }
    double sd = Math.sqrt(squares / (n - 1));
    if (sd <= 8 * Math.ulp(largest)) {
      return String.format(Locale.ROOT, "the %d deltas differ only by rounding: their standard deviation (%.1e) is"
          + " below what double arithmetic resolves at these values", n, sd);
    }
    return null;
  }

  private static String allEqual(int n) {
    return "all " + n + " deltas are equal, so their standard deviation is 0";
  }
}
