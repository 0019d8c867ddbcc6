package dev.caliber.compare.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** PairedT: a textbook example, an independent computation, and the undefined cases. */
class PairedTTest {
  // Student's sleep data: extra hours of sleep of 10 patients under two drugs. Cushny and Peebles
  // (1905), analysed by Student (1908), "The probable error of a mean", Biometrika 6(1), 1-25;
  // R's datasets::sleep. R's t.test(extra ~ group, data = sleep, paired = TRUE) prints
  // t = -4.0621, df = 9, p-value = 0.002833 (group 1 - group 2; here system = group 2).
  private static final double[] GROUP1 = {0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0};
  private static final double[] GROUP2 = {1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4};

  @Test
  void should_reproduce_the_textbook_t_df_and_p_of_students_sleep_data() {
    TTestResult r = PairedT.test(GROUP2, GROUP1, false);
    assertThat(r.t()).isCloseTo(4.0621, within(5e-5));
    assertThat(r.df()).isEqualTo(9.0);
    assertThat(r.p()).isCloseTo(0.002833, within(5e-7));
  }

  @Test
  void should_agree_with_an_independent_computation_of_t_and_of_p_by_integrating_the_t_density() {
    // GIVEN t from its definition
    int n = GROUP1.length;
    double[] d = new double[n];
    double mean = 0;
    for (int i = 0; i < n; i++) {
      d[i] = GROUP2[i] - GROUP1[i];
      mean += d[i] / n;
    }
    double ss = 0;
    for (double x : d) {
      ss += (x - mean) * (x - mean);
    }
    double t = mean / (Math.sqrt(ss / (n - 1)) / Math.sqrt(n));
    // WHEN p = 1 - 2 * integral_0^|t| of the Student t density with 9 df (Simpson's rule)
    double p = 1.0 - 2.0 * simpson(x -> tDensity(x, n - 1), 0, Math.abs(t), 20_000);
    // THEN
    TTestResult r = PairedT.test(GROUP2, GROUP1, false);
    assertThat(r.t()).isCloseTo(t, within(1e-12));
    assertThat(r.p()).isCloseTo(p, within(1e-9));
  }

  @Test
  void should_be_symmetric_in_sign_when_the_runs_swap() {
    TTestResult ab = PairedT.test(GROUP2, GROUP1, false);
    TTestResult ba = PairedT.test(GROUP1, GROUP2, false);
    assertThat(ba.t()).isEqualTo(-ab.t());
    assertThat(ba.p()).isEqualTo(ab.p());
  }

  @Test
  void should_be_undefined_not_nan_when_every_delta_is_equal() {
    TTestResult r = PairedT.test(new double[] {1, 2, 3}, new double[] {0, 1, 2}, true);
    assertThat(r.defined()).isFalse();
    assertThat(r.t()).isNull();
    assertThat(r.p()).isNull();
    assertThat(r.undefinedReason()).isEqualTo("all 3 deltas are equal, so their standard deviation is 0");
  }

  @Test
  void should_be_undefined_with_fewer_than_two_pairs() {
    assertThat(PairedT.test(new double[] {1}, new double[] {0}, true).undefinedReason())
        .isEqualTo("needs at least 2 paired queries, got 1");
    assertThat(PairedT.test(new double[0], new double[0], true).undefinedReason())
        .isEqualTo("needs at least 2 paired queries, got 0");
  }

  @Test
  void should_catch_a_zero_variance_the_caller_did_not_see() {
    assertThat(PairedT.test(new double[] {1, 1}, new double[] {0, 0}, false).defined()).isFalse();
  }

  /** Student t density; the constant from log-gamma of half-integers, computed exactly. */
  static double tDensity(double x, int df) {
    double c = Math.exp(lnGammaHalf(df + 1) - lnGammaHalf(df)) / Math.sqrt(df * Math.PI);
    return c * Math.pow(1 + x * x / df, -(df + 1) / 2.0);
  }

  /** ln Gamma(k / 2) for a positive integer k, by Gamma(z + 1) = z Gamma(z) from Gamma(1) = 1, Gamma(1/2) = sqrt(pi). */
  static double lnGammaHalf(int k) {
    double z = k % 2 == 0 ? 1.0 : 0.5;
    double ln = k % 2 == 0 ? 0.0 : 0.5 * Math.log(Math.PI);
    while (z < k / 2.0) {
      ln += Math.log(z);
      z += 1.0;
    }
    return ln;
  }

  static double simpson(java.util.function.DoubleUnaryOperator f, double a, double b, int steps) {
    double h = (b - a) / steps;
    double s = f.applyAsDouble(a) + f.applyAsDouble(b);
    for (int i = 1; i < steps; i++) {
      s += (i % 2 == 1 ? 4 : 2) * f.applyAsDouble(a + i * h);
    }
    return s * h / 3;
  }
}
