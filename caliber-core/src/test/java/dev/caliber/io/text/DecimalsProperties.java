package dev.caliber.io.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class DecimalsProperties {
  @Property(tries = 5000)
  void fast_path_gives_bit_for_bit_what_Double_parseDouble_gives(@ForAll("decimals") String text) {
    byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
    double fast = Decimals.fastPath(b, 0, b.length);
    if (!Double.isNaN(fast)) {
      assertThat(Double.doubleToRawLongBits(fast)).as(text).isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(text)));
    }
  }

  @Property(tries = 2000)
  void fast_path_takes_every_plain_decimal_of_up_to_15_digits(@ForAll("shortDecimals") String text) {
    byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
    assertThat(Decimals.fastPath(b, 0, b.length)).isEqualTo(Double.parseDouble(text));
  }

  @Provide
  Arbitrary<String> decimals() {
    Arbitrary<String> sign = Arbitraries.of("", "-", "+");
    Arbitrary<String> intPart = Arbitraries.strings().numeric().ofMinLength(0).ofMaxLength(18);
    Arbitrary<String> fracPart = Arbitraries.strings().numeric().ofMinLength(0).ofMaxLength(18);
    Arbitrary<Boolean> point = Arbitraries.of(true, false);
    return Combinators.combine(sign, intPart, point, fracPart)
        .as((s, i, p, f) -> s + i + (p ? "." + f : f))
        .filter(t -> t.chars().anyMatch(Character::isDigit));
  }

  @Provide
  Arbitrary<String> shortDecimals() {
    Arbitrary<String> intPart = Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(8);
    Arbitrary<String> fracPart = Arbitraries.strings().numeric().ofMinLength(0).ofMaxLength(7);
    return Combinators.combine(Arbitraries.of("", "-"), intPart, fracPart).as((s, i, f) -> s + i + "." + f);
  }
}
