package dev.caliber.compare.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Value;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SignFlip against an exhaustive enumeration written independently here. */
class SignFlipTest {
  private static List<Value> exact(String... fractions) {
    List<Value> out = new ArrayList<>();
    for (String f : fractions) {
      out.add(Value.of(Fraction.parse(f)));
    }
    return out;
  }

  /** Independent: recursively visit all 2^n sign vectors with exact fractions; p = hits / 2^n. */
  private static Fraction exhaustiveP(List<Value> deltas) {
    Fraction observed = deltas.stream().map(Value::exact).reduce(Fraction.ZERO, Fraction::plus);
    Fraction absObserved = observed.signum() < 0 ? observed.negate() : observed;
    long[] hitsAndTotal = new long[2];
    visit(deltas, 0, Fraction.ZERO, absObserved, hitsAndTotal);
    return Fraction.of(hitsAndTotal[0], hitsAndTotal[1]);
  }

  private static void visit(List<Value> d, int i, Fraction sum, Fraction observed, long[] acc) {
    if (i == d.size()) {
      Fraction abs = sum.signum() < 0 ? sum.negate() : sum;
      acc[0] += abs.compareTo(observed) >= 0 ? 1 : 0;
      acc[1]++;
      return;
    }
    visit(d, i + 1, sum.plus(d.get(i).exact()), observed, acc);
    visit(d, i + 1, sum.minus(d.get(i).exact()), observed, acc);
  }

  @Test
  void should_match_an_exhaustive_enumeration_of_all_sign_flips_including_zero_deltas() {
    // GIVEN ten deltas, one zero (2^10 = 1024 assignments with it, 512 without)
    List<Value> deltas = exact("1/2", "1/3", "-1/4", "1", "0", "1/5", "-1/10", "2/3", "1/7", "-1/6");
    // WHEN
    SignFlipResult r = SignFlip.test(deltas, 10_000, Generators.create(1));
    // THEN
    assertThat(r.exact()).isTrue();
    assertThat(r.nonZero()).isEqualTo(9);
    assertThat(r.permutations()).isEqualTo(512);
    assertThat(Fraction.of(r.hits(), r.permutations())).isEqualTo(exhaustiveP(deltas));
    assertThat(r.p()).isEqualTo(exhaustiveP(deltas).doubleValue());
  }

  @Test
  void should_match_the_enumeration_with_double_deltas_that_tie_only_up_to_rounding() {
    // 0.1 + 0.2 != 0.3 in doubles: the assignment (+0.1, +0.2, -0.3) must still count as a tie of |0|... and
    // (+0.1 +0.2 +0.3) as the observed sum 0.6 reached again by no other assignment
    List<Value> deltas = List.of(Value.ofDouble(0.1), Value.ofDouble(0.2), Value.ofDouble(0.3));
    List<Value> asFractions = exact("1/10", "2/10", "3/10");
    SignFlipResult r = SignFlip.test(deltas, 8, Generators.create(1));
    assertThat(r.exact()).isTrue();
    assertThat(r.p()).isEqualTo(exhaustiveP(asFractions).doubleValue());
  }

  @Test
  void should_enumerate_exactly_when_two_to_the_n_equals_the_budget_and_sample_when_it_exceeds_it() {
    List<Value> eight = exact("1", "1", "1");
    assertThat(SignFlip.test(eight, 8, Generators.create(1)).exact()).isTrue();
    assertThat(SignFlip.test(eight, 7, Generators.create(1)).exact()).isFalse();
  }

  @Test
  void should_never_give_p_zero_when_no_random_assignment_reaches_the_observed_sum() {
    // GIVEN 40 deltas of +1: only the identity (and its mirror) reach |sum| = 40, chance 2^-39
    List<Value> deltas = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      deltas.add(Value.of(1));
    }
    SignFlipResult r = SignFlip.test(deltas, 999, Generators.create(42));
    assertThat(r.exact()).isFalse();
    assertThat(r.hits()).isZero();
    assertThat(r.p()).isEqualTo(1.0 / 1000.0).isPositive();
  }

  @Test
  void should_give_p_one_when_every_delta_is_zero() {
    SignFlipResult r = SignFlip.test(exact("0", "0"), 10, Generators.create(1));
    assertThat(r.p()).isEqualTo(1.0);
    assertThat(r.nonZero()).isZero();
    assertThat(r.exact()).isTrue();
  }

  @Test
  void should_approach_the_exact_p_when_sampling() {
    // 16 non-zero deltas: 2^16 = 65536 assignments exceed the budget of 20000, so it samples
    List<Value> deltas = exact("1/2", "1/3", "-1/4", "1", "1/5", "-1/10", "2/3", "1/7", "-1/6", "1/9", "-1/8", "3/4",
        "-1/3", "1/4", "-2/5", "1/6");
    double exactP = exhaustiveP(deltas).doubleValue();
    SignFlipResult sampled = SignFlip.test(deltas, 20_000, Generators.create(7));
    assertThat(sampled.exact()).isFalse();
    // standard error sqrt(p(1-p)/20000) < 0.0036: five of them
    assertThat(sampled.p()).isBetween(exactP - 0.018, exactP + 0.018);
  }

  @Test
  void should_give_the_same_p_for_the_same_seed_and_may_differ_for_another() {
    List<Value> deltas = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      deltas.add(Value.of(Fraction.of(i % 3 - 1, 7)));
    }
    SignFlipResult a = SignFlip.test(deltas, 1000, Generators.create(42));
    SignFlipResult b = SignFlip.test(deltas, 1000, Generators.create(42));
    assertThat(a).isEqualTo(b);
  }

  @Test
  void should_use_exact_integer_sums_for_fractions_and_doubles_otherwise() {
    assertThat(SignFlip.scaledIntegers(exact("1/2", "-1/3"))).containsExactly(3, -2);
    assertThat(SignFlip.scaledIntegers(List.of(Value.ofDouble(0.5)))).isNull();
  }

  @Test
  void should_refuse_a_budget_below_one() {
    assertThatThrownBy(() -> SignFlip.test(exact("1"), 0, Generators.create(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal permutations value: 0, must be a positive integer");
  }
}
