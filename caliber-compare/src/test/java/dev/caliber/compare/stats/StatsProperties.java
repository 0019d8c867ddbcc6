package dev.caliber.compare.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Value;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Invariants of the statistics, over generated inputs. */
class StatsProperties {
  private static List<Value> fractions(List<Integer> numerators, int denominator) {
    return numerators.stream().map(n -> Value.of(Fraction.of(n, denominator))).toList();
  }

  @Property(tries = 200)
  void a_randomization_p_is_in_zero_one_and_never_zero(
      @ForAll @Size(max = 20) List<@IntRange(min = -5, max = 5) Integer> numerators,
      @ForAll @IntRange(min = 1, max = 3000) int permutations) {
    SignFlipResult r = SignFlip.test(fractions(numerators, 5), permutations, Generators.create(42));
    assertThat(r.p()).isGreaterThan(0.0).isLessThanOrEqualTo(1.0);
  }

  @Property(tries = 200)
  void swapping_baseline_and_system_leaves_the_exact_p_unchanged(
      @ForAll @Size(max = 12) List<@IntRange(min = -4, max = 4) Integer> numerators) {
    List<Value> d = fractions(numerators, 4);
    List<Value> negated = d.stream().map(v -> Value.of(v.exact().negate())).toList();
    SignFlipResult a = SignFlip.test(d, 1 << 12, Generators.create(1));
    SignFlipResult b = SignFlip.test(negated, 1 << 12, Generators.create(2));
    assertThat(a.exact()).isTrue();
    assertThat(b.p()).isEqualTo(a.p());
  }

  @Property(tries = 200)
  void holm_never_lowers_a_p_value_never_exceeds_one_and_keeps_the_order(
      @ForAll @Size(max = 12) List<@DoubleRange(min = 0.0, max = 1.0) Double> ps) {
    double[] p = ps.stream().mapToDouble(Double::doubleValue).toArray();
    double[] adjusted = Holm.adjust(p);
    for (int i = 0; i < p.length; i++) {
      assertThat(adjusted[i]).isGreaterThanOrEqualTo(p[i]).isLessThanOrEqualTo(1.0);
      for (int j = 0; j < p.length; j++) {
        if (p[i] < p[j]) {
          assertThat(adjusted[i]).isLessThanOrEqualTo(adjusted[j]);
        }
      }
    }
  }

  @Property(tries = 200)
  void d_z_of_exact_deltas_is_the_mean_over_the_folded_sample_deviation(
      @ForAll @Size(min = 2, max = 40) List<@IntRange(min = -1000, max = 1000) Integer> numerators,
      @ForAll @Size(min = 40, max = 40) List<@IntRange(min = 1, max = 1000) Integer> denominators) {
    // GIVEN exact deltas with unrelated denominators
    List<Value> d = new java.util.ArrayList<>();
    for (int i = 0; i < numerators.size(); i++) {
      d.add(Value.of(Fraction.of(numerators.get(i), denominators.get(i))));
    }
    // WHEN d_z takes sum d^2 - (sum d)^2 / n; THEN it is the textbook fold of (d - mean)^2
    Fraction sum = Fraction.ZERO;
    for (Value v : d) {
      sum = sum.plus(v.exact());
    }
    Fraction mean = sum.dividedBy(d.size());
    Fraction squares = Fraction.ZERO;
    for (Value v : d) {
      Fraction e = v.exact().minus(mean);
      squares = squares.plus(e.times(e));
    }
    EffectSize dz = CohenDz.of(d);
    if (squares.signum() == 0) {
      assertThat(dz.dz()).isNull();
    } else {
      assertThat(dz.dz()).isEqualTo(mean.doubleValue() / Math.sqrt(squares.dividedBy(d.size() - 1).doubleValue()));
    }
  }

  @Property(tries = 100)
  void the_bootstrap_interval_lies_within_the_smallest_and_largest_delta(
      @ForAll @Size(min = 1, max = 30) List<@DoubleRange(min = -1.0, max = 1.0) Double> deltas,
      @ForAll @DoubleRange(min = 0.5, max = 0.99) double confidence) {
    double[] d = deltas.stream().mapToDouble(Double::doubleValue).toArray();
    Interval ci = Bootstrap.percentileInterval(d, 500, confidence, Generators.create(3));
    assertThat(ci.lower()).isGreaterThanOrEqualTo(Arrays.stream(d).min().orElseThrow() - 1e-12);
    assertThat(ci.upper()).isLessThanOrEqualTo(Arrays.stream(d).max().orElseThrow() + 1e-12);
  }

  @Property(tries = 200)
  void quantiles_are_ordered(@ForAll @Size(min = 1, max = 40) List<@DoubleRange(min = -3.0, max = 3.0) Double> values) {
    double[] x = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    assertThat(Quantiles.of(x, 0.25)).isLessThanOrEqualTo(Quantiles.of(x, 0.5));
    assertThat(Quantiles.of(x, 0.5)).isLessThanOrEqualTo(Quantiles.of(x, 0.75));
    assertThat(Quantiles.of(x, 0.0)).isEqualTo(x[0]);
    assertThat(Quantiles.of(x, 1.0)).isEqualTo(x[x.length - 1]);
  }

  @Property(tries = 100)
  void d_z_is_t_over_root_n(@ForAll @Size(min = 2, max = 25) List<@IntRange(min = -6, max = 6) Integer> numerators) {
    List<Value> d = fractions(numerators, 6);
    double[] sys = d.stream().mapToDouble(Value::decimal).toArray();
    double[] base = new double[sys.length];
    boolean allEqual = d.stream().distinct().count() == 1;
    var t = PairedT.test(sys, base, allEqual);
    var dz = CohenDz.of(d);
    assertThat(t.defined()).isEqualTo(dz.dz() != null);
    if (t.defined()) {
      assertThat(dz.dz()).isCloseTo(t.t() / Math.sqrt(sys.length), org.assertj.core.api.Assertions.within(1e-9));
    }
  }
}
