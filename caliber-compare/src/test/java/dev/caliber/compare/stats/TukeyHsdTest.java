package dev.caliber.compare.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.measure.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The randomised Tukey HSD test against an exhaustive enumeration written independently: {@code
 * python3 caliber-compare/src/test/resources/stats/anova_tukey_check.py} (from the repository
 * root) enumerates all (3!)^3 = 216 within-topic permutations of the 3 x 3 matrix below and prints
 * each pair's hits and p; they are copied here.
 */
class TukeyHsdTest {
  static final List<List<Value>> TINY = List.of(
      List.of(Value.of(1, 1), Value.of(1, 2), Value.of(1, 3)),
      List.of(Value.of(0, 1), Value.of(1, 2), Value.of(1, 4)),
      List.of(Value.of(1, 2), Value.of(0, 1), Value.of(0, 1)));

  @Test
  void enumerates_every_assignment_when_the_budget_allows_as_the_python_script() {
    TukeyHsdResult r = TukeyHsd.test(TINY, 216, Generators.create(42));
    assertThat(r.exact()).isTrue();
    assertThat(r.permutations()).isEqualTo(216);
    assertThat(r.pairs()).containsExactly(
        new TukeyHsdResult.Pair(0, 1, 120, 120 / 216.0),
        new TukeyHsdResult.Pair(0, 2, 72, 72 / 216.0),
        new TukeyHsdResult.Pair(1, 2, 216, 1.0));
  }

  @Test
  void the_same_matrix_in_doubles_gives_the_same_exact_p_values() {
    List<List<Value>> doubles = TINY.stream().map(r -> r.stream().map(v -> Value.ofDouble(v.decimal())).toList()).toList();
    TukeyHsdResult r = TukeyHsd.test(doubles, 1000, Generators.create(42));
    assertThat(r.pairs().stream().map(TukeyHsdResult.Pair::hits)).containsExactly(120L, 72L, 216L);
  }

  @Test
  void a_sampled_p_approaches_the_exact_one_and_counts_the_observed_assignment_once() {
    TukeyHsdResult r = TukeyHsd.test(TINY, 215, Generators.create(7));
    assertThat(r.exact()).isFalse();
    assertThat(r.permutations()).isEqualTo(215);
    for (TukeyHsdResult.Pair p : r.pairs()) {
      assertThat(p.p()).isEqualTo((p.hits() + 1.0) / 216.0);
    }
    TukeyHsdResult big = TukeyHsd.test(TINY, 200_000, Generators.create(7));
    assertThat(big.pairs().get(0).p()).isCloseTo(5 / 9.0, within(0.005));
    assertThat(big.pairs().get(1).p()).isCloseTo(1 / 3.0, within(0.005));
    assertThat(big.pairs().get(2).p()).isEqualTo(1.0);
  }

  @Test
  void refuses_what_it_cannot_test() {
    assertThatThrownBy(() -> TukeyHsd.test(TINY, 0, Generators.create(1))).hasMessageContaining("permutations");
    assertThatThrownBy(() -> TukeyHsd.test(TINY.subList(0, 1), 10, Generators.create(1))).hasMessageContaining("at least 2");
    assertThatThrownBy(() -> TukeyHsd.test(List.of(TINY.get(0), TINY.get(1).subList(0, 2)), 10, Generators.create(1)))
        .hasMessageContaining("2 values");
  }
}
