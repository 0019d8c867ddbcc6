package dev.caliber.io.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;

class DecimalsProperties {
  private static double parse(String text) {
    byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
    return Decimals.parse(b, 0, b.length);
  }

  private static void assertSameAsParseDouble(String text) {
    double fast = parse(text);
    if (!Double.isNaN(fast)) {
      assertThat(Double.doubleToRawLongBits(fast)).as(text).isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(text)));
    }
  }

  @Property(tries = 20_000)
  void gives_bit_for_bit_what_Double_parseDouble_gives(@ForAll("decimals") String text) {
    assertSameAsParseDouble(text);
  }

  @Property(tries = 20_000)
  void gives_bit_for_bit_what_Double_parseDouble_gives_for_printed_doubles(@ForAll double value) {
    // Java's shortest repr (up to 17 digits, exponents) and a fixed 6-decimal form
    assertSameAsParseDouble(Double.toString(value));
    assertSameAsParseDouble(String.format(java.util.Locale.ROOT, "%.6f", value));
  }

  @Property(tries = 5_000)
  void decides_the_shortest_repr_of_ordinary_scores_without_falling_back(
      @ForAll @DoubleRange(min = -1e6, max = 1e6) double value) {
    String text = Double.toString(value);
    assertThat(parse(text)).as(text).isEqualTo(value);
  }

  @Property(tries = 2_000)
  void decides_every_plain_decimal_of_up_to_15_digits(@ForAll("shortDecimals") String text) {
    assertThat(parse(text)).isEqualTo(Double.parseDouble(text));
  }

  @Provide
  Arbitrary<String> decimals() {
    Arbitrary<String> sign = Arbitraries.of("", "-", "+");
    Arbitrary<String> zeros = Arbitraries.strings().withChars('0').ofMaxLength(4);
    Arbitrary<String> intPart = Arbitraries.strings().numeric().ofMaxLength(21);
    Arbitrary<String> fracPart = Arbitraries.strings().numeric().ofMaxLength(21);
    Arbitrary<Boolean> point = Arbitraries.of(true, false);
    Arbitrary<String> exponent = Arbitraries.oneOf(Arbitraries.just(""),
        Arbitraries.integers().between(-360, 360).map(e -> "e" + e),
        Arbitraries.integers().between(-30, 30).map(e -> "E+" + e));
    return Combinators.combine(sign, zeros, intPart, point, fracPart, exponent)
        .as((s, z, i, p, f, e) -> s + z + i + (p ? "." + f : f) + e)
        .filter(t -> t.chars().anyMatch(Character::isDigit));
  }

  @Provide
  Arbitrary<String> shortDecimals() {
    Arbitrary<String> intPart = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(8);
    Arbitrary<String> fracPart = Arbitraries.strings().numeric().ofMinLength(0).ofMaxLength(7);
    return Combinators.combine(Arbitraries.of("", "-"), intPart, fracPart).as((s, i, f) -> s + i + "." + f);
  }

  /** The digits of {@code mantissa} (unsigned) as a decimal with {@code scale} of them after the point. */
  private static String written(long mantissa, int scale, boolean negative) {
    String digits = Long.toUnsignedString(mantissa);
    if (digits.length() <= scale) {
      digits = "0".repeat(scale - digits.length() + 1) + digits;
    }
    String text = scale == 0 ? digits : digits.substring(0, digits.length() - scale) + "." + digits.substring(digits.length() - scale);
    return negative ? "-" + text : text;
  }

  @Property(tries = 20_000)
  void of_digits_gives_bit_for_bit_what_Double_parseDouble_gives(@ForAll("mantissas") long mantissa,
      @ForAll @net.jqwik.api.constraints.IntRange(min = 0, max = 30) int scale, @ForAll boolean negative) {
    String text = written(mantissa, scale, negative);
    double fast = Decimals.ofDigits(mantissa, scale, negative);
    net.jqwik.api.statistics.Statistics.collect(Double.isNaN(fast) ? "declined" : "decided");
    if (!Double.isNaN(fast)) {
      assertThat(Double.doubleToRawLongBits(fast)).as(text).isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(text)));
    }
    assertSameAsParseDouble(text); // and the text read whole the same way
  }

  /** Unsigned mantissas of 1 to 19 digits, and those around 2^53, where Clinger's case ends. */
  @Provide
  Arbitrary<Long> mantissas() {
    return Arbitraries.oneOf(
        Arbitraries.integers().between(1, 19).flatMap(n -> Arbitraries.strings().numeric().ofLength(n))
            .map(Long::parseUnsignedLong),
        Arbitraries.longs().between((1L << 53) - 1000, (1L << 53) + 1000),
        Arbitraries.longs().between(0, 1000));
  }

  @Property(tries = 10_000)
  void gives_bit_for_bit_what_Double_parseDouble_gives_near_a_half_way_point(@ForAll("halfWayBases") double value, @ForAll @net.jqwik.api.constraints.IntRange(min = 15, max = 19) int digits,
      @ForAll boolean up) {
    // the exact point half-way between a double and the next, rounded to 15-19 significant digits
    // either way: the inputs whose rounding a fast path most easily gets wrong
    java.math.BigDecimal half = new java.math.BigDecimal(value).add(new java.math.BigDecimal(Math.nextUp(value)))
        .divide(java.math.BigDecimal.valueOf(2));
    String text = half.round(new java.math.MathContext(digits, up ? java.math.RoundingMode.UP : java.math.RoundingMode.DOWN))
        .toPlainString();
    assertSameAsParseDouble(text);
    java.math.BigDecimal exact = new java.math.BigDecimal(text);
    if (exact.scale() >= 0 && exact.precision() <= 19 && exact.unscaledValue().bitLength() <= 64) {
      double fast = Decimals.ofDigits(exact.unscaledValue().longValue(), exact.scale(), false);
      if (!Double.isNaN(fast)) {
        assertThat(fast).as(text).isEqualTo(Double.parseDouble(text));
      }
    }
  }

  /** Doubles mostly in the range of scores, some anywhere in the normal range. */
  @Provide
  Arbitrary<Double> halfWayBases() {
    return Arbitraries.oneOf(Arbitraries.doubles().between(0, 1000).ofScale(12),
        Arbitraries.doubles().between(1, 1000).ofScale(12).map(d -> d * 1e-6),
        Arbitraries.longs().map(Double::longBitsToDouble))
        .filter(d -> d >= Double.MIN_NORMAL && d < Double.MAX_VALUE);
  }

  @Property(tries = 5_000)
  void decides_the_scores_of_robust_runs_without_falling_back(@ForAll @DoubleRange(min = 0, max = 1e3) double value) {
    // Python's repr of a score in [0, 1000): 15-17 significant digits, as many TREC runs carry
    String text = new java.math.BigDecimal(value).round(java.math.MathContext.DECIMAL64).stripTrailingZeros().toPlainString();
    assertThat(parse(text)).as(text).isEqualTo(Double.parseDouble(text));
  }
}
