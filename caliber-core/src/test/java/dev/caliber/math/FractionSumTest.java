package dev.caliber.math;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FractionSumTest {
  @Test
  void should_equal_folding_with_plus_in_lowest_terms() {
    // GIVEN AP-like fractions (k/rank sums) and a few with large or negative parts
    SplittableRandom rng = new SplittableRandom(9);
    Fraction folded = Fraction.ZERO;
    FractionSum sum = new FractionSum();
    for (int i = 0; i < 3000; i++) {
      Fraction f = i % 100 == 7
          ? Fraction.of(-rng.nextLong(1, Long.MAX_VALUE), rng.nextLong(1, Long.MAX_VALUE))
          : Fraction.of(1 + rng.nextInt(3), 1 + rng.nextInt(1000));
      // WHEN
      folded = folded.plus(f);
      sum.add(f);
      // THEN at every step
      if (i % 500 == 0) {
        assertThat(sum.snapshot()).isEqualTo(folded);
      }
    }
    assertThat(sum.snapshot()).isEqualTo(folded);
  }

  @Test
  void should_be_zero_when_empty() {
    assertThat(new FractionSum().snapshot()).isEqualTo(Fraction.ZERO).hasToString("0");
  }
}
