package dev.caliber.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Count;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one number format of the readable outputs: fixed point, four decimals, never a non-zero value read as zero. */
class NumbersTest {
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      "0.83333333, 0.8333",
      "0.5, 0.5000",
      "1, 1.0000",
      "0, 0.0000",
      "-0.0, 0.0000",
      "0.00049, 0.0005",
      "0.0001, 0.0001",
      "0.000037, 0.000037",
      "0.0000123456, 0.000012",
      "-0.0000012, -0.0000012",
      "0.00005000001, 0.0001",
      "-0.25, -0.2500",
      "12.34567, 12.3457"})
  void should_print_four_decimals_and_small_values_with_two_significant_digits_never_in_scientific_notation(double d, String text) {
    assertThat(Numbers.decimal(d)).isEqualTo(text);
  }

  @Test
  void should_round_half_even_on_the_exact_binary_value() {
    assertThat(Numbers.decimal(0.00015)).isEqualTo("0.0001"); // 0.000149999... in binary
    assertThat(Numbers.decimal(0.12345)).isEqualTo("0.1235"); // 0.123450000000000004174438572...
    assertThat(Numbers.decimal(0.5 + 0.00005)).isEqualTo("0.5000"); // 0.500049999999999994493...
  }

  @Test
  void should_print_fractions_only_under_exact_and_decimals_of_values_that_are_not_rational() {
    Value fiveSixths = Value.of(Fraction.of(5, 6));
    assertThat(Numbers.DECIMAL.value(fiveSixths)).isEqualTo("0.8333");
    assertThat(Numbers.EXACT.value(fiveSixths)).isEqualTo("5/6");
    assertThat(Numbers.EXACT.value(Value.ofDouble(0.95023))).isEqualTo("0.9502");
    assertThat(Numbers.EXACT.signed(Value.of(Fraction.of(1, 3)))).isEqualTo("+1/3");
    assertThat(Numbers.EXACT.signed(Value.of(0))).isEqualTo("0");
    assertThat(Numbers.DECIMAL.signed(Value.of(Fraction.of(-1, 2)))).isEqualTo("-0.5000");
    assertThat(Numbers.exact(true)).isEqualTo(Numbers.EXACT);
    assertThat(Numbers.exact(false)).isEqualTo(Numbers.DECIMAL);
  }

  @Test
  void should_print_a_counts_whole_values_as_whole_numbers_and_other_measures_whole_values_as_decimals() {
    assertThat(Numbers.DECIMAL.value(new Count(Count.Kind.NumRet, null), Value.of(1000))).isEqualTo("1000");
    assertThat(Numbers.DECIMAL.signed(new Count(Count.Kind.NumRet, null), Value.of(-3))).isEqualTo("-3");
    assertThat(Numbers.DECIMAL.value(Measures.parse("P@10"), Value.of(1))).isEqualTo("1.0000");
  }

  @Test
  void should_print_p_values_below_the_smallest_decimal_as_a_bound() {
    assertThat(Numbers.p(0.0005)).isEqualTo("0.0005");
    assertThat(Numbers.p(0.0001)).isEqualTo("0.0001");
    assertThat(Numbers.p(0.00009999)).isEqualTo("< 0.0001");
    assertThat(Numbers.p(0.0)).isEqualTo("< 0.0001");
  }

  @Property
  void a_value_that_is_not_zero_never_reads_as_zero_and_no_text_has_an_exponent(
      @ForAll @DoubleRange(min = -1e6, max = 1e6) double d) {
    String s = Numbers.decimal(d);
    assertThat(s).doesNotContain("e", "E").doesNotStartWith("-0.0000");
    if (d != 0.0) {
      assertThat(s.replace("-", "").replace(".", "").chars().anyMatch(c -> c != '0')).as(s).isTrue();
    }
  }
}
