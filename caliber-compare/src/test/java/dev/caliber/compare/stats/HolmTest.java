package dev.caliber.compare.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Holm-Bonferroni against hand-computed examples. */
class HolmTest {
  @Test
  void should_match_a_hand_computed_example() {
    // sorted: 0.005 * 4 = 0.02; 0.01 * 3 = 0.03; 0.03 * 2 = 0.06; 0.04 * 1 = 0.04 -> max(0.06, 0.04) = 0.06
    double[] adjusted = Holm.adjust(new double[] {0.01, 0.04, 0.03, 0.005});
    assertThat(adjusted[0]).isCloseTo(0.03, within(1e-15));
    assertThat(adjusted[1]).isCloseTo(0.06, within(1e-15));
    assertThat(adjusted[2]).isCloseTo(0.06, within(1e-15));
    assertThat(adjusted[3]).isCloseTo(0.02, within(1e-15));
  }

  @Test
  void should_cap_at_one_and_keep_the_adjusted_values_monotone() {
    assertThat(Holm.adjust(new double[] {0.5, 0.4, 0.9})).containsExactly(1.0, 1.0, 1.0);
  }

  @Test
  void should_give_equal_p_values_equal_adjustments_whatever_their_order() {
    assertThat(Holm.adjust(new double[] {0.02, 0.01, 0.02})).containsExactly(0.04, 0.03, 0.04);
  }

  @Test
  void should_leave_a_single_p_value_as_it_is_and_an_empty_family_empty() {
    assertThat(Holm.adjust(new double[] {0.03})).containsExactly(0.03);
    assertThat(Holm.adjust(new double[0])).isEmpty();
  }

  @Test
  void should_refuse_a_p_value_outside_zero_one() {
    assertThatThrownBy(() -> Holm.adjust(new double[] {0.1, 1.5}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal p value: 1.5 at index 1, must be in [0, 1]");
  }
}
