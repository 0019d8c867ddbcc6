package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Given gains: the bound that keeps every sum over a ranking within a double, and their labels. */
class GainsTest {
  @Test
  void should_take_a_given_gain_of_2_to_the_992_and_refuse_one_above() {
    assertThat(new Ndcg(0, java.util.Map.of(1, 0x1p992, 2, -0x1p992)).name()).startsWith("nDCG(gains={1:");
    org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
        .isThrownBy(() -> new Ndcg(0, java.util.Map.of(1, Math.nextUp(0x1p992))))
        .withMessageStartingWith("illegal gain for label 1: ");
    org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
        .isThrownBy(() -> new Ndcg(0, java.util.Map.of(-1, 2.0)))
        .withMessage("illegal label in gains: -1, must be 0 or more");
  }
}
