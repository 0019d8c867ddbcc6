package dev.caliber.io.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which inputs {@link Decimals} decides itself (Clinger's exact case, Eisel-Lemire) and that what it
 * decides is bit for bit {@link Double#parseDouble}: at the edges of each path, where a wrong
 * boundary would either give a wrong double or silently hand a common score to the slow path.
 */
class DecimalsFastPathTest {
  private static double parse(String text) {
    return parse(text, 0);
  }

  /** Parses {@code text} placed at {@code offset} in a larger buffer of digits. */
  private static double parse(String text, int offset) {
    return Decimals.parse(placed(text, offset), offset, offset + text.length());
  }

  /** {@code text} at {@code offset} in a buffer of digits, with as many after it. */
  private static byte[] placed(String text, int offset) {
    byte[] t = text.getBytes(StandardCharsets.ISO_8859_1);
    byte[] b = new byte[offset + t.length + offset];
    java.util.Arrays.fill(b, (byte) '7');
    System.arraycopy(t, 0, b, offset, t.length);
    return b;
  }

  private static long bits(double d) {
    return Double.doubleToRawLongBits(d);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // signs, a point at either end, leading zeros
      "+2.5", "-2.5", "-0", "+0.0", ".5", "-.5", "5.", "007.25", "-000000000000000000000001.5",
      "0.000000000000000000000125",
      // Clinger: 15 digits, scale 15 (exact binary fractions that Eisel-Lemire would not decide)
      "0.250000000000000", "1.25000000000000", "-0.500000000000000", "0.000000000000125", "123456789012345",
      // 16 to 19 significant digits, also above Long.MAX_VALUE
      "1234567890123456", "0.6898301657029192", "1234567890123456789", "9999999999999999999",
      "-9223372036854775809", "1414.3723901822465", "6165217004991.950383", "29241452.0680014749",
      // exponents, both letters, both signs, leading zeros in the exponent
      "1e0", "1E5", "2.5e29", "1e-5", "1e+5", "-1.5E-300", "1e-05", "1e10", "1e0000000000000000000022",
      "123456789012345.6e+10", "9.999999999999999e307", "2.2250738585072014E-308",
      // rounding that carries into the next power of two
      "1.9999999999999999", "0.99999999999999999", "9007199254740991.9", "3.99999999999999999e100",
      // products whose truncated low half must be widened (the carry decides the last bit)
      "68e-36", "828504156235e-11", "9e-265", "3228e27", "62118543510e22",
      // exact products and ordinary ones whose low bits look like a tie only in part
      "1e25", "4e25", "830478062113e-23", "183018793e-30"})
  void should_decide_these_itself_exactly_as_parseDouble(String text) {
    // WHEN
    double fast = parse(text, 3);
    // THEN
    assertThat(Double.isNaN(fast)).as("%s declined", text).isFalse();
    assertThat(bits(fast)).as(text).isEqualTo(bits(Double.parseDouble(text)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "-", "+", ".", "-.", "e5", ".e5", "1e", "1E", "1e-", "1e+", "1e+-5", "1x5", "2d3", "1e5.",
      "1e5a", "1e/", "1.2.3", "--1", "+-1", "1-", "NaN", "Infinity", "0x1p3", "1f", "1,5", " 1", "1 "})
  void should_decline_what_is_not_the_decimal_grammar(String text) {
    assertThat(parse(text, 2)).isNaN();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // more than 19 significant digits
      "12345678901234567890", "1.0000000000000000000001",
      // subnormal, overflowing, and exponents beyond the table
      "2.2250738585072011e-308", "4.9e-324", "1e-400", "1.7976931348623159e308", "1e309", "1e4294967296",
      "1e-4294967296",
      // exactly half-way between two doubles: parseDouble rounds to even
      "9007199254740993", "4503599627370496.5"})
  void should_leave_to_parseDouble_what_it_cannot_decide(String text) {
    assertThat(parse(text)).as(text).isNaN();
  }

  @Test
  void should_read_zero_with_any_exponent_as_a_signed_zero() {
    assertThat(bits(parse("0e999"))).isEqualTo(bits(0.0));
    assertThat(bits(parse("-0.000e-999"))).isEqualTo(bits(-0.0));
  }

  @Property
  void decides_only_what_parseDouble_gives_bit_for_bit(@ForAll("numbers") String text) {
    double fast = parse(text, 1);
    if (!Double.isNaN(fast)) {
      assertThat(bits(fast)).as(text).isEqualTo(bits(Double.parseDouble(text)));
    }
  }

  @Provide
  Arbitrary<String> numbers() {
    // 1 to 25 digits with the point anywhere, runs of zeros, exponents near the ends of the table
    Arbitrary<String> digits = Arbitraries.oneOf(
        Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(25),
        Arbitraries.integers().between(0, 22).map(n -> "1" + "0".repeat(n)),
        Arbitraries.integers().between(1, 20).map(n -> "9".repeat(n)));
    Arbitrary<Integer> point = Arbitraries.integers().between(-1, 25);
    Arbitrary<String> exponent = Arbitraries.oneOf(Arbitraries.just(""),
        Arbitraries.integers().between(-30, 30).map(e -> "e" + e),
        Arbitraries.integers().between(290, 360).map(e -> "e" + e),
        Arbitraries.integers().between(-360, -290).map(e -> "E" + e));
    return Combinators.combine(Arbitraries.of("", "-", "+"), digits, point, exponent).as((s, d, p, e) -> {
      String mantissa = p < 0 || p > d.length() ? d : d.substring(0, p) + "." + d.substring(p);
      return s + mantissa + e;
    });
  }
  // ---- the plain score, decided in one lean loop before any other path --------------------------

  /** {@link Decimals#plain} on {@code text} placed at {@code offset} in a buffer of digits. */
  private static double plain(String text, int offset) {
    return Decimals.plain(placed(text, offset), offset, offset + text.length());
  }

  @ParameterizedTest
  @ValueSource(strings = {"24.8410", "-24.8410", "0", "-0", "-0.0", ".5", "5.", "-.5", "007.250",
      "123456789012345", "1.23456789012345", "-99999999999999.9", "0.00000000000001", "1234567890123456",
      "0.1234567890123456", "0.000000000000001", "49.19109429178723", "48.709379764952565", "9007199254740995",
      "1234567890123456789", "0.999999999999999999", "-0.000000000000000001"})
  void decides_a_plain_score_of_up_to_19_digits_as_parseDouble_does(String text) {
    for (int offset : new int[] {0, 3}) {
      assertThat(bits(plain(text, offset))).as("%s at %d", text, offset).isEqualTo(bits(Double.parseDouble(text)));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "-", ".", "-.", "+1", "1e5", "1E5", "1.5.", "1..5", "1,5", "12a", "a12", "--1",
      "12345678901234567890", "0.12345678901234567890", "0.0000000000000000001", ".5.", "1-", " 1", "1 "})
  void declines_anything_else_to_the_general_paths(String text) {
    for (int offset : new int[] {0, 2}) { // at 0 too: a point at index 0 must still count as seen
      assertThat(plain(text, offset)).as("%s at %d", text, offset).isNaN();
    }
  }

  @Property
  void decides_every_plain_decimal_it_may(@ForAll("plainScores") String text) {
    assertThat(bits(plain(text, 1))).isEqualTo(bits(Double.parseDouble(text)));
  }

  @Provide
  Arbitrary<String> plainScores() {
    Arbitrary<String> digits = Arbitraries.strings().withCharRange('0', '9').ofMinLength(0).ofMaxLength(8);
    return Combinators.combine(Arbitraries.of("", "-"), digits, Arbitraries.of("", "."), digits)
        .as((sign, a, point, c) -> sign + a + point + (point.isEmpty() ? "" : c))
        .filter(t -> t.chars().anyMatch(Character::isDigit) && t.chars().filter(Character::isDigit).count() <= 15);
  }
}
