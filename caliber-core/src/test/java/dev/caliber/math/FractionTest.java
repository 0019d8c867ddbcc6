package dev.caliber.math;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Examples for {@link Fraction}; the algebraic laws are in {@link FractionProperties}. */
class FractionTest {

  @Test
  void double_value_of_a_large_fraction_is_the_nearest_double() {
    // GIVEN (2^52 + 1) / 2, exactly 2251799813685248.5, which is a double
    Fraction f = Fraction.of(4503599627370497L, 2);
    // THEN it converts exactly (16 significant digits, as DECIMAL64 gives, would drop the .5)
    assertThat(f.doubleValue()).isEqualTo(2251799813685248.5);
    assertThat(Fraction.of(1600000000000000641L, 16).doubleValue()).isEqualTo(1.00000000000000048E17);
  }
}
