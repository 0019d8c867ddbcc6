package dev.caliber.compare.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Value;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one decision whether deltas have a spread to divide by, and the t-test and d_z that follow
 * it together: d_z is undefined exactly when the t-test beside it is, with the same reason.
 */
class SpreadTest {
  private static List<Value> doubles(double[] s, double[] b) {
    List<Value> d = new ArrayList<>();
    for (int i = 0; i < s.length; i++) {
      d.add(Value.ofDouble(s[i] - b[i]));
    }
    return d;
  }

  @Test
  void should_find_no_spread_in_deltas_equal_in_truth_but_not_in_their_last_bits() {
    // GIVEN nDCG-like doubles whose differences are all 0.1 in truth: 0.09999999999999998, 0.10000000000000003, ...
    double[] s = {0.3, 0.4, 0.7, 0.8};
    double[] b = {0.2, 0.3, 0.6, 0.7};
    List<Value> d = doubles(s, b);
    assertThat(d.stream().distinct().count()).isGreaterThan(1);
    // WHEN
    String reason = Spread.degenerate(s, b, d);
    // THEN both statistics are undefined, for that reason, instead of t and d_z near 10^15
    assertThat(reason).startsWith("the 4 deltas differ only by rounding: their standard deviation (")
        .endsWith(") is below what double arithmetic resolves at these values");
    TTestResult t = PairedT.test(s, b, reason);
    EffectSize dz = CohenDz.of(d, t.undefinedReason());
    assertThat(t.defined()).isFalse();
    assertThat(t.undefinedReason()).isEqualTo(reason);
    assertThat(dz.dz()).isNull();
    assertThat(dz.undefinedReason()).isEqualTo(reason);
    // AND the old path, told only "not all equal", gave the huge d_z this replaces
    assertThat(Math.abs(CohenDz.of(d).dz())).isGreaterThan(1e12);
  }

  @Test
  void should_find_a_spread_in_deltas_that_really_differ() {
    double[] s = {0.3, 0.4, 0.7, 0.8};
    double[] b = {0.2, 0.3, 0.6, 0.6};
    List<Value> d = doubles(s, b);
    assertThat(Spread.degenerate(s, b, d)).isNull();
    TTestResult t = PairedT.test(s, b, (String) null);
    EffectSize dz = CohenDz.of(d, t.undefinedReason());
    assertThat(t.defined()).isTrue();
    assertThat(dz.dz()).isCloseTo(t.t() / Math.sqrt(4), org.assertj.core.api.Assertions.within(1e-9));
  }

  @Test
  void should_decide_exact_deltas_exactly() {
    List<Value> equal = List.of(Value.of(Fraction.of(1, 3)), Value.of(Fraction.of(2, 6)), Value.of(Fraction.of(1, 3)));
    double[] s = {1.0 / 3, 1.0 / 3, 1.0 / 3};
    double[] b = {0, 0, 0};
    assertThat(Spread.degenerate(s, b, equal)).isEqualTo("all 3 deltas are equal, so their standard deviation is 0");
    List<Value> tiny = List.of(Value.of(Fraction.of(1, 3)), Value.of(Fraction.of(1_000_000_001, 3_000_000_000L)),
        Value.of(Fraction.of(1, 3)));
    assertThat(Spread.degenerate(s, b, tiny)).as("exact deltas that differ, however little").isNull();
    assertThat(Spread.degenerate(new double[] {1}, new double[] {0}, List.of(Value.of(1))))
        .isEqualTo("needs at least 2 paired queries, got 1");
    assertThatThrownBy(() -> Spread.degenerate(new double[] {1}, new double[0], List.of(Value.of(1))))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_keep_the_t_test_s_reason_when_its_statistic_is_not_finite() {
    EffectSize dz = CohenDz.of(List.of(Value.ofDouble(0.5), Value.ofDouble(0.25)), "a reason from the t-test");
    assertThat(dz.dz()).isNull();
    assertThat(dz.undefinedReason()).isEqualTo("a reason from the t-test");
  }
}
