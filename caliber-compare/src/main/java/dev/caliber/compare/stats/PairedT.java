package dev.caliber.compare.stats;

import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.TTest;

/**
 * The two-sided paired t-test (Student, 1908), computed by Apache Commons Statistics'
 * {@link TTest#pairedTest(double[], double[])}: {@code t = mean(d) / (sd(d) / sqrt(n))} on the
 * deltas {@code d = system - baseline}, with {@code n - 1} degrees of freedom and sd the sample
 * standard deviation (denominator n - 1).
 *
 * <p>Undefined, and said so instead of printing NaN or infinity, when there are fewer than two
 * pairs or every delta is the same (then sd is 0: with all deltas equal to 0 there is nothing to
 * test, and with all equal to c &ne; 0 the statistic would be infinite). It assumes the deltas are
 * independent draws from a normal distribution; per-query IR deltas are often bounded, skewed and
 * tied, which is why the randomization test is the one corrected for multiplicity.
 */
public final class PairedT {
  private static final TTest TEST = TTest.withDefaults().with(AlternativeHypothesis.TWO_SIDED);

  private PairedT() {}

  /**
   * The test of system against baseline on paired values.
   *
   * @param system the system's per-query values
   * @param baseline the baseline's, same order and length
   * @param allDeltasEqual whether every delta is the same number (the caller knows this exactly
   *     for exact measures; the test would otherwise see rounding noise)
   * @return the t statistic, degrees of freedom and p-value; undefined, with the reason, for fewer
   *     than two pairs or deltas of standard deviation 0
   * @throws IllegalArgumentException if the arrays' lengths differ
   */
  public static TTestResult test(double[] system, double[] baseline, boolean allDeltasEqual) {
    return test(system, baseline, allDeltasEqual && system.length >= 2 && system.length == baseline.length
        ? "all " + system.length + " deltas are equal, so their standard deviation is 0" : null);
  }

  /**
   * The test of system against baseline on paired values, undefined for the reason {@link Spread}
   * gives.
   *
   * @param system the system's per-query values
   * @param baseline the baseline's, same order and length
   * @param degenerate why the deltas have no usable spread ({@link Spread#degenerate}), or null
   * @return the t statistic, degrees of freedom and p-value; undefined, with the reason, for fewer
   *     than two pairs, a degenerate spread, or a statistic that is not finite
   * @throws IllegalArgumentException if the arrays' lengths differ
   */
  public static TTestResult test(double[] system, double[] baseline, String degenerate) {
    if (system.length != baseline.length) {
      throw new IllegalArgumentException("illegal lengths " + system.length + " and " + baseline.length + ", must be equal");
    }
    int n = system.length;
    if (n < 2) {
      return TTestResult.undefined("needs at least 2 paired queries, got " + n);
    }
    if (degenerate != null) {
      return TTestResult.undefined(degenerate);
    }
    TTest.Result r = TEST.pairedTest(system, baseline);
    if (!Double.isFinite(r.getStatistic()) || !Double.isFinite(r.getPValue())) {
      return TTestResult.undefined("the standard deviation of the deltas is 0 in double arithmetic");
    }
    return TTestResult.of(r.getStatistic(), r.getDegreesOfFreedom(), r.getPValue());
  }
}
