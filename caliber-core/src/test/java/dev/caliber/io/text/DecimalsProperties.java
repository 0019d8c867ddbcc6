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
}
