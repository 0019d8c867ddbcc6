package dev.caliber.compare.stats;

import dev.caliber.math.Fraction;
import dev.caliber.math.FractionSum;
import dev.caliber.measure.Value;
import java.util.List;

/**
 * Cohen's d_z, the standardized mean of paired differences: {@code d_z = mean(d) / sd(d)}, sd the
 * sample standard deviation with denominator n - 1 (Cohen, J. (1988), Statistical Power Analysis
 * for the Behavioral Sciences, 2nd ed., section 2.3.5; Lakens, D. (2013), Frontiers in Psychology
 * 4:863, equation 6). It equals {@code t / sqrt(n)}.
 *
 * <p>When every delta is an exact fraction, the mean and the variance are exact and only the
 * square root is a double, so "sd = 0" is decided exactly. Undefined for fewer than two deltas
 * or sd = 0.
 */
public final class CohenDz {
  private CohenDz() {}

  /**
   * d_z of the deltas, or why it is undefined.
   *
   * @param deltas per-query deltas (system - baseline), not null; exact arithmetic when every one
   *     is exact, doubles otherwise
   * @return the effect size; undefined, with the reason, for fewer than two deltas or when they
   *     are all equal
   */
  public static EffectSize of(List<Value> deltas) {
    return of(deltas, null);
  }

  /**
   * d_z of the deltas, undefined exactly when the paired t-test beside it is: d_z is {@code t /
   * sqrt(n)}, so the two share the reason ({@link Spread#degenerate}, or a statistic that is not
   * finite).
   *
   * @param deltas per-query deltas (system - baseline), not null
   * @param tTestUndefined why the paired t-test of the same deltas is undefined, or null when it is
   *     defined
   * @return the effect size, or undefined with the t-test's reason
   */
  public static EffectSize of(List<Value> deltas, String tTestUndefined) {
    if (tTestUndefined != null) {
      return EffectSize.undefined(tTestUndefined);
    }
    int n = deltas.size();
    if (n < 2) {
      return EffectSize.undefined("needs at least 2 paired queries, got " + n);
    }
    if (deltas.stream().allMatch(Value::isExact)) {
      // sum (d - mean)^2 = sum d^2 - (sum d)^2 / n, exactly: two sums over a common denominator
      // instead of n subtractions of a mean whose denominator is n times theirs
      FractionSum sum = new FractionSum();
      FractionSum sumOfSquares = new FractionSum();
      for (Value d : deltas) {
        sum.add(d.exact());
        sumOfSquares.add(d.exact().times(d.exact()));
      }
      Fraction total = sum.snapshot();
      Fraction mean = total.dividedBy(n);
      Fraction squares = sumOfSquares.snapshot().minus(total.times(mean));
      if (squares.signum() == 0) {
        return undefinedSd(n);
      }
      return EffectSize.of(mean.doubleValue() / Math.sqrt(squares.dividedBy(n - 1).doubleValue()));
    }
    double mean = 0.0;
    for (Value d : deltas) {
      mean += d.decimal();
    }
    mean /= n;
    double squares = 0.0;
    for (Value d : deltas) {
      double e = d.decimal() - mean;
      squares += e * e;
    }
    if (squares == 0.0) {
      return undefinedSd(n);
    }
    return EffectSize.of(mean / Math.sqrt(squares / (n - 1)));
  }

  private static EffectSize undefinedSd(int n) {
    return EffectSize.undefined("all " + n + " deltas are equal, so their standard deviation is 0");
  }
}
