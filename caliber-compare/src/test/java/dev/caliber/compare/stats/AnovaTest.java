package dev.caliber.compare.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The two-way ANOVA against an independent computation: {@code python3
 * caliber-compare/src/test/resources/stats/anova_tukey_check.py} (run from the repository root;
 * pure Python, the textbook formulas, F's tail through the incomplete beta function, itself
 * checked against the closed form for 2 numerator degrees of freedom). Its numbers are copied here.
 */
class AnovaTest {
  static final double[][] SMALL = {
      {0.50, 0.20, 0.90, 0.40, 0.70, 0.30},
      {0.60, 0.25, 0.80, 0.55, 0.75, 0.45},
      {0.30, 0.10, 0.60, 0.20, 0.50, 0.35},
      {0.45, 0.30, 0.95, 0.50, 0.65, 0.40}};

  @Test
  void four_systems_by_six_topics_as_the_python_script_computes() {
    AnovaResult a = Anova.of(SMALL);
    assertThat(a.ssSystem()).isCloseTo(0.18375000000000014, within(1e-12));
    assertThat(a.ssTopic()).isCloseTo(0.9062500000000001, within(1e-12));
    assertThat(a.ssError()).isCloseTo(0.07625000000000004, within(1e-12));
    assertThat(a.ssTotal()).isCloseTo(1.1662500000000002, within(1e-12));
    assertThat(new int[] {a.dfSystem(), a.dfTopic(), a.dfError(), a.dfTotal()}).containsExactly(3, 5, 15, 23);
    assertThat(a.msSystem()).isCloseTo(0.06125000000000005, within(1e-12));
    assertThat(a.msTopic()).isCloseTo(0.18125000000000002, within(1e-12));
    assertThat(a.msError()).isCloseTo(0.005083333333333336, within(1e-12));
    assertThat(a.fSystem()).isCloseTo(12.049180327868855, within(1e-9));
    assertThat(a.fTopic()).isCloseTo(35.65573770491802, within(1e-9));
    assertThat(a.pSystem()).isCloseTo(0.000281946828596899, within(1e-12));
    assertThat(a.pTopic()).isCloseTo(8.261132443301528e-08, within(1e-15));
    assertThat(a.etaSquared()).isCloseTo(0.1575562700964631, within(1e-12));
    assertThat(a.partialEtaSquared()).isCloseTo(0.7067307692307693, within(1e-12));
    assertThat(a.omegaSquared()).isCloseTo(0.1438531587933979, within(1e-12));
    assertThat(a.grandMean()).isCloseTo(Arrays.stream(SMALL).flatMapToDouble(Arrays::stream).average().orElseThrow(), within(1e-15));
    assertThat(a.undefinedReason()).isNull();
  }

  @Test
  void three_systems_give_an_f_with_two_numerator_degrees_whose_tail_is_closed_form() {
    // P(F(2, d) >= f) = (1 + 2 f / d)^(-d / 2): exact, no table needed
    AnovaResult a = Anova.of(Arrays.copyOf(SMALL, 3));
    assertThat(a.fSystem()).isCloseTo(15.104712041884877, within(1e-9));
    assertThat(a.pSystem()).isCloseTo(Math.pow(1 + 2 * a.fSystem() / a.dfError(), -a.dfError() / 2.0), within(1e-15));
    assertThat(a.pSystem()).isCloseTo(0.000951394718280329, within(1e-15));
    assertThat(a.pTopic()).isCloseTo(2.3913189982842558e-05, within(1e-15));
    assertThat(a.omegaSquared()).isCloseTo(0.1698827090427547, within(1e-12));
  }

  @Test
  void parallel_systems_leave_no_error_and_f_undefined_with_its_reason() {
    AnovaResult a = Anova.of(new double[][] {{0.1, 0.5, 0.3}, {0.2, 0.6, 0.4}});
    assertThat(a.ssError()).isGreaterThanOrEqualTo(0.0).isLessThan(1e-15);
    // rounding can leave a V_E of 1e-18 rather than 0; either way no F is printed as a number
    // that rounding made
    if (a.fSystem() == null) {
      assertThat(a.undefinedReason()).contains("V_E is 0");
      assertThat(a.pSystem()).isNull();
    }
    AnovaResult exactZero = Anova.of(new double[][] {{0.0, 1.0}, {0.0, 1.0}});
    assertThat(exactZero.fSystem()).isNull();
    assertThat(exactZero.undefinedReason()).contains("V_E is 0");
  }

  @Test
  void refuses_a_matrix_it_cannot_analyse() {
    assertThatThrownBy(() -> Anova.of(new double[][] {{1, 2}})).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 2 x 2");
    assertThatThrownBy(() -> Anova.of(new double[][] {{1, 2}, {1}})).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("row 1");
    assertThatThrownBy(() -> Anova.of(new double[][] {{1, Double.NaN}, {1, 2}})).isInstanceOf(IllegalArgumentException.class);
  }
}
