package dev.caliber.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Examples for {@link Fraction}; the algebraic laws are in {@link FractionProperties}. */
class FractionContractTest {

  @Test
  void prints_as_pythons_str_of_fraction() {
    assertThat(Fraction.of(5, 6)).hasToString("5/6");
    assertThat(Fraction.of(4, 2)).hasToString("2");
    assertThat(Fraction.of(0, 7)).hasToString("0");
    assertThat(Fraction.of(1, -2)).hasToString("-1/2");
    assertThat(Fraction.ZERO).hasToString("0");
    assertThat(Fraction.ONE).hasToString("1");
  }

  @Test
  void parse_reads_what_to_string_writes() {
    assertThat(Fraction.parse("5/6")).isEqualTo(Fraction.of(5, 6));
    assertThat(Fraction.parse("-3")).isEqualTo(Fraction.of(-3));
    assertThat(Fraction.parse("6/-4")).isEqualTo(Fraction.of(-3, 2));
    assertThatThrownBy(() -> Fraction.parse("1/0")).isInstanceOf(ArithmeticException.class);
    assertThatThrownBy(() -> Fraction.parse("1.5")).isInstanceOf(NumberFormatException.class);
    assertThatThrownBy(() -> Fraction.parse("/2")).isInstanceOf(NumberFormatException.class);
  }

  @Test
  void a_zero_denominator_is_an_arithmetic_error() {
    assertThatThrownBy(() -> Fraction.of(1, 0))
        .isInstanceOf(ArithmeticException.class).hasMessage("illegal denominator: 0, must be non-zero");
    assertThatThrownBy(() -> Fraction.ONE.dividedBy(0)).isInstanceOf(ArithmeticException.class);
    assertThatThrownBy(() -> Fraction.of(null, BigInteger.ONE)).isInstanceOf(NullPointerException.class).hasMessage("numerator");
    assertThatThrownBy(() -> Fraction.of(BigInteger.ONE, null)).isInstanceOf(NullPointerException.class).hasMessage("denominator");
  }

  @Test
  void equality_is_by_value_and_only_with_fractions() {
    assertThat(Fraction.of(2, 4)).isEqualTo(Fraction.of(1, 2)).hasSameHashCodeAs(Fraction.of(1, 2));
    assertThat(Fraction.of(1, 2)).isNotEqualTo(Fraction.of(3, 2));
    assertThat(Fraction.of(1, 2)).isNotEqualTo(Fraction.of(1, 3));
    assertThat(Fraction.of(1, 2).equals("1/2")).isFalse();
    assertThat(Fraction.of(1, 2).equals(null)).isFalse();
    assertThat(Fraction.of(1, 2).signum()).isOne();
    assertThat(Fraction.of(-1, 2).signum()).isEqualTo(-1);
    assertThat(Fraction.ZERO.signum()).isZero();
  }

  @Test
  void hash_codes_spread_over_distinct_values() {
    Set<Integer> hashes = new HashSet<>();
    for (int n = 0; n < 20; n++) {
      for (int d = 1; d < 20; d++) {
        hashes.add(Fraction.of(n, d).hashCode());
      }
    }
    assertThat(hashes).hasSizeGreaterThan(100);
  }

  @Test
  void compare_to_orders_by_value() {
    assertThat(Fraction.of(1, 3)).isLessThan(Fraction.of(1, 2));
    assertThat(Fraction.of(-1, 2)).isLessThan(Fraction.ZERO);
    assertThat(Fraction.of(2, 4).compareTo(Fraction.of(1, 2))).isZero();
  }

  @Test
  void double_value_of_a_large_fraction_is_the_nearest_double() {
    // GIVEN (2^52 + 1) / 2, exactly 2251799813685248.5, which is a double
    Fraction f = Fraction.of(4503599627370497L, 2);
    // THEN it converts exactly (16 significant digits, as DECIMAL64 gives, would drop the .5)
    assertThat(f.doubleValue()).isEqualTo(2251799813685248.5);
    assertThat(Fraction.of(1600000000000000641L, 16).doubleValue()).isEqualTo(1.00000000000000048E17);
    assertThat(Fraction.of(5, 6).doubleValue()).isEqualTo(5.0 / 6.0);
  }

  @Test
  void double_value_does_not_round_a_big_part_before_dividing() {
    // (2^53 + 3) / 3 is nearest to 3002399751580331.5; rounding 2^53 + 3 to a double first gives ...332
    assertThat(Fraction.of(9007199254740995L, 3).doubleValue()).isEqualTo(3002399751580331.5);
    // 1 / (2^53 + 1) is just below 2^-53; rounding the denominator first gives 2^-53 itself
    assertThat(Fraction.of(1, 9007199254740993L).doubleValue()).isEqualTo(Math.nextDown(0x1.0p-53));
    assertThat(Fraction.of(-1, 9007199254740993L).doubleValue()).isEqualTo(-Math.nextDown(0x1.0p-53));
  }
}
