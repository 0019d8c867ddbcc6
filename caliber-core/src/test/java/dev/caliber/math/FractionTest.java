package dev.caliber.math;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.math.BigInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fraction is the exact number behind every rational measure; its text must match Python's
 * {@code str(fractions.Fraction)} because reports print it. Expected texts and doubles below were
 * produced with python3's {@code fractions} module.
 */
class FractionTest {

  @Nested
  class Construction {
    @ParameterizedTest(name = "{0}/{1} is {2}")
    @CsvSource({
        "2, 4, 1/2",
        "10, 4, 5/2",
        "6, 3, 2",
        "0, 5, 0",
        "0, -5, 0",
        "1, -2, -1/2",
        "-1, -2, 1/2",
        "-3, 6, -1/2",
        "4, -2, -2",
        "7, 1, 7"})
    void should_reduce_to_lowest_terms_with_a_positive_denominator(long n, long d, String text) {
      // WHEN
      Fraction f = Fraction.of(n, d);
      // THEN
      assertThat(f).hasToString(text);
      assertThat(f.denominator().signum()).isEqualTo(1);
      assertThat(f.numerator().gcd(f.denominator())).isEqualTo(BigInteger.ONE);
    }

    @Test
    void should_keep_the_sign_on_the_numerator() {
      assertThat(Fraction.of(3, -9).numerator()).isEqualTo(BigInteger.valueOf(-1));
      assertThat(Fraction.of(3, -9).denominator()).isEqualTo(BigInteger.valueOf(3));
      assertThat(Fraction.of(-3, 9).signum()).isEqualTo(-1);
      assertThat(Fraction.of(-3, -9).signum()).isEqualTo(1);
      assertThat(Fraction.of(0, -9).signum()).isZero();
    }

    @Test
    void should_reject_a_zero_denominator() {
      assertThatExceptionOfType(ArithmeticException.class)
          .isThrownBy(() -> Fraction.of(1, 0))
          .withMessage("illegal denominator: 0, must be non-zero");
      assertThatExceptionOfType(ArithmeticException.class)
          .isThrownBy(() -> Fraction.of(BigInteger.ZERO, BigInteger.ZERO))
          .withMessage("illegal denominator: 0, must be non-zero");
    }

    @Test
    void should_reject_null_parts_by_name() {
      assertThatExceptionOfType(NullPointerException.class)
          .isThrownBy(() -> Fraction.of(null, BigInteger.ONE))
          .withMessage("numerator");
      assertThatExceptionOfType(NullPointerException.class)
          .isThrownBy(() -> Fraction.of(BigInteger.ONE, null))
          .withMessage("denominator");
    }

    @Test
    void should_make_an_integer_with_denominator_one() {
      assertThat(Fraction.of(-4)).hasToString("-4");
      assertThat(Fraction.of(-4).denominator()).isEqualTo(BigInteger.ONE);
      assertThat(Fraction.of(0)).isEqualTo(Fraction.ZERO);
      assertThat(Fraction.of(1)).isEqualTo(Fraction.ONE);
    }

    @Test
    void should_not_overflow_where_long_arithmetic_would() {
      // GIVEN Long.MIN_VALUE cannot be negated as a long
      Fraction f = Fraction.of(1, Long.MIN_VALUE);
      // THEN
      assertThat(f).hasToString("-1/9223372036854775808");
    }
  }

  @Nested
  class Text {
    @Test
    void should_print_like_python_str_of_fraction() {
      // python3: str(Fraction(0)), str(Fraction(1)), str(Fraction(5, 6)), str(Fraction(-1, 2)), str(Fraction(12, 4))
      assertThat(Fraction.ZERO).hasToString("0");
      assertThat(Fraction.ONE).hasToString("1");
      assertThat(Fraction.of(5, 6)).hasToString("5/6");
      assertThat(Fraction.of(-1, 2)).hasToString("-1/2");
      assertThat(Fraction.of(12, 4)).hasToString("3");
    }

    @ParameterizedTest(name = "\"{0}\" survives parse and toString")
    @ValueSource(strings = {"0", "1", "-7", "5/6", "-1/2", "123456789012345678901234567890/11"})
    void should_round_trip_through_parse(String text) {
      assertThat(Fraction.parse(text)).hasToString(text);
      assertThat(Fraction.parse(Fraction.parse(text).toString())).isEqualTo(Fraction.parse(text));
    }

    @Test
    void should_reduce_what_it_parses() {
      assertThat(Fraction.parse("2/4")).isEqualTo(Fraction.of(1, 2));
      assertThat(Fraction.parse("3/-6")).hasToString("-1/2");
    }

    @Test
    void should_reject_a_zero_denominator_when_parsing() {
      assertThatExceptionOfType(ArithmeticException.class)
          .isThrownBy(() -> Fraction.parse("1/0"))
          .withMessage("illegal denominator: 0, must be non-zero");
    }

    @ParameterizedTest(name = "\"{0}\" is not a fraction")
    @ValueSource(strings = {"", "abc", "1.5", "1/2/3", " 1/2", "1/", "/2", "0.5/1"})
    void should_reject_text_that_is_not_integer_or_integer_over_integer(String text) {
      assertThatExceptionOfType(NumberFormatException.class).isThrownBy(() -> Fraction.parse(text));
    }
  }

  @Nested
  class Arithmetic {
    @Test
    void should_add_exactly() {
      // 1/2 + 1/3 = 5/6: the seed's mean stays 5/6
      assertThat(Fraction.of(1, 2).plus(Fraction.of(1, 3))).hasToString("5/6");
      assertThat(Fraction.of(1, 4).plus(Fraction.of(1, 4))).hasToString("1/2");
      assertThat(Fraction.of(1, 2).plus(Fraction.of(-1, 2))).isEqualTo(Fraction.ZERO);
    }

    @Test
    void should_subtract_multiply_and_negate() {
      assertThat(Fraction.of(1, 2).minus(Fraction.of(1, 3))).hasToString("1/6");
      assertThat(Fraction.of(2, 3).times(Fraction.of(3, 4))).hasToString("1/2");
      assertThat(Fraction.of(2, 3).negate()).hasToString("-2/3");
      assertThat(Fraction.ZERO.negate()).isEqualTo(Fraction.ZERO);
    }

    @Test
    void should_divide_by_an_integer() {
      assertThat(Fraction.of(5, 2).dividedBy(3)).hasToString("5/6");
      assertThat(Fraction.of(5, 2).dividedBy(-5)).hasToString("-1/2");
    }

    @Test
    void should_reject_division_by_zero() {
      assertThatExceptionOfType(ArithmeticException.class)
          .isThrownBy(() -> Fraction.ONE.dividedBy(0))
          .withMessage("illegal denominator: 0, must be non-zero");
    }
  }

  @Nested
  class Comparison {
    @Test
    void should_order_by_value_not_by_parts() {
      assertThat(Fraction.of(1, 3)).isLessThan(Fraction.of(1, 2));
      assertThat(Fraction.of(-1, 2)).isLessThan(Fraction.of(-1, 3));
      assertThat(Fraction.of(2, 4).compareTo(Fraction.of(1, 2))).isZero();
      assertThat(Fraction.of(5, 6)).isGreaterThan(Fraction.of(4, 5));
    }

    @Test
    void should_be_equal_with_equal_hash_codes_when_values_are_equal() {
      Fraction a = Fraction.of(2, 4);
      Fraction b = Fraction.parse("-3/-6");
      assertThat(a).isEqualTo(b);
      assertThat(a.hashCode()).isEqualTo(b.hashCode());
    }

    @Test
    void should_differ_from_other_values_and_types() {
      assertThat(Fraction.of(1, 2)).isNotEqualTo(Fraction.of(-1, 2));
      assertThat(Fraction.of(1, 2)).isNotEqualTo(Fraction.of(1, 3));
      assertThat(Fraction.of(2, 1)).isNotEqualTo(Fraction.of(1, 2));
      assertThat(Fraction.ONE).isNotEqualTo(BigInteger.ONE);
      assertThat(Fraction.ONE).isNotEqualTo("1");
    }
  }

  @Nested
  class DoubleValue {
    @Test
    void should_divide_ordinary_fractions() {
      assertThat(Fraction.of(1, 2).doubleValue()).isEqualTo(0.5);
      assertThat(Fraction.of(-5, 6).doubleValue()).isEqualTo(-5.0 / 6.0);
      assertThat(Fraction.ZERO.doubleValue()).isEqualTo(0.0);
    }

    @Test
    void should_give_the_nearest_double_when_the_parts_exceed_53_bits() {
      // python3: float(Fraction(0.1 + 0.2)) == 0.30000000000000004; the denominator is 2**52
      Fraction f = Fraction.of(1351079888211149L, 4503599627370496L);
      assertThat(f.doubleValue()).isEqualTo(0.30000000000000004);
    }

    @Test
    void should_stay_accurate_for_huge_numerators_and_denominators() {
      BigInteger tenTo399 = BigInteger.TEN.pow(399);
      // python3: float(Fraction(10**400 + 1, 3 * 10**399)) == 3.3333333333333335
      Fraction third = Fraction.of(BigInteger.TEN.pow(400).add(BigInteger.ONE), tenTo399.multiply(BigInteger.valueOf(3)));
      assertThat(third.doubleValue()).isEqualTo(3.3333333333333335);
      // python3: float(Fraction(10**400 + 1, 10**399)) == 10.0
      assertThat(Fraction.of(BigInteger.TEN.pow(400).add(BigInteger.ONE), tenTo399).doubleValue()).isEqualTo(10.0);
      // python3: float(Fraction(-(10**30), 7)) == -1.4285714285714285e+29
      assertThat(Fraction.of(BigInteger.TEN.pow(30).negate(), BigInteger.valueOf(7)).doubleValue())
          .isEqualTo(-1.4285714285714285e+29);
      // python3: float(Fraction(1, 10**30)) == 1e-30
      assertThat(Fraction.of(BigInteger.ONE, BigInteger.TEN.pow(30)).doubleValue()).isEqualTo(1e-30);
    }

    @Test
    void should_round_ties_to_even() {
      // python3: float(Fraction(2**53 + 1)) == 9007199254740992.0; float(Fraction(2**54 + 3)) == 18014398509481988.0
      BigInteger twoTo53 = BigInteger.TWO.pow(53);
      assertThat(Fraction.of(twoTo53.add(BigInteger.ONE), BigInteger.ONE).doubleValue()).isEqualTo(9007199254740992.0);
      assertThat(Fraction.of(BigInteger.TWO.pow(54).add(BigInteger.valueOf(3)), BigInteger.ONE).doubleValue())
          .isEqualTo(18014398509481988.0);
    }

    @Test
    void should_give_infinity_beyond_the_largest_double() {
      // Python raises OverflowError for float(Fraction(10**400)); a double can only say infinity
      assertThat(Fraction.of(BigInteger.TEN.pow(400), BigInteger.ONE).doubleValue()).isEqualTo(Double.POSITIVE_INFINITY);
      assertThat(Fraction.of(BigInteger.TEN.pow(400).negate(), BigInteger.valueOf(3)).doubleValue())
          .isEqualTo(Double.NEGATIVE_INFINITY);
    }
  }

  @Nested
  class LongParts {
    @Test
    void should_give_both_parts_as_longs_when_they_fit_even_at_the_extremes() {
      // GIVEN the extremes of a long, which Fraction.of(long, long) routes through BigInteger
      Fraction min = Fraction.of(Long.MIN_VALUE, 3);
      Fraction max = Fraction.of(BigInteger.valueOf(Long.MAX_VALUE), BigInteger.valueOf(Long.MAX_VALUE - 1));
      // THEN
      assertThat(min.fitsInLongs()).isTrue();
      assertThat(min.longNumerator()).isEqualTo(Long.MIN_VALUE);
      assertThat(min.longDenominator()).isEqualTo(3);
      assertThat(max.fitsInLongs()).isTrue();
      assertThat(max.longNumerator()).isEqualTo(Long.MAX_VALUE);
      assertThat(max.longDenominator()).isEqualTo(Long.MAX_VALUE - 1);
      assertThat(Fraction.of(-6, 4).longNumerator()).isEqualTo(-3);
      assertThat(Fraction.of(-6, 4).longDenominator()).isEqualTo(2);
    }

    @Test
    void should_refuse_parts_beyond_a_long() {
      // GIVEN -2^63 / 1 fits; 2^63 / 3 and 1 / 2^63 do not
      BigInteger twoTo63 = BigInteger.TWO.pow(63);
      Fraction bigNumerator = Fraction.of(twoTo63, BigInteger.valueOf(3));
      Fraction bigDenominator = Fraction.of(BigInteger.ONE, twoTo63);
      // THEN
      assertThat(Fraction.of(twoTo63.negate(), BigInteger.ONE).fitsInLongs()).isTrue();
      assertThat(bigNumerator.fitsInLongs()).isFalse();
      assertThat(bigDenominator.fitsInLongs()).isFalse();
      assertThatExceptionOfType(ArithmeticException.class).isThrownBy(bigNumerator::longNumerator)
          .withMessage("numerator 9223372036854775808 does not fit in a long");
      assertThatExceptionOfType(ArithmeticException.class).isThrownBy(bigDenominator::longDenominator)
          .withMessage("denominator 9223372036854775808 does not fit in a long");
    }
  }

  @Nested
  class Serialization {
    private Object roundTrip(Object value) throws Exception {
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
        out.writeObject(value);
      }
      try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
        return in.readObject();
      }
    }

    @Test
    void should_come_back_equal_in_its_one_representation() throws Exception {
      // GIVEN a fraction in longs, one beyond them, a negative one and an integer
      Fraction big = Fraction.of(BigInteger.ONE, BigInteger.TEN.pow(25));
      for (Fraction f : new Fraction[] {Fraction.of(5, 6), big, Fraction.of(-1, 2), Fraction.of(7)}) {
        // WHEN
        Fraction back = (Fraction) roundTrip(f);
        // THEN
        assertThat(back).isEqualTo(f).hasSameHashCodeAs(f).hasToString(f.toString());
        assertThat(back.fitsInLongs()).isEqualTo(f.fitsInLongs());
      }
    }
  }
}
