package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.math.BigDecimal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Decimal parameters: read as trec_eval writes them, printed one way, kept exact. */
class LevelsTest {
  @ParameterizedTest(name = "{0} -> {1}, exactly {2}, trec_eval {3}")
  @CsvSource(delimiter = '|', value = {
      ".25   | 0.25 | 1/4  | 0.25",
      "1.0   | 1    | 1    | 1.00",
      "0     | 0    | 0    | 0.00",
      "0.000 | 0    | 0    | 0.00",
      "-1    | -1   | -1   | -1.00",
      "+2.50 | 2.5  | 5/2  | 2.50",
      "10    | 10   | 10   | 10.00",
      "5.    | 5    | 5    | 5.00",
      "0.125 | 0.125 | 1/8 | 0.12",
      "1e3   | 1000 | 1000 | 1000.00",
      "2.5E-1 | 0.25 | 1/4 | 0.25"})
  void should_print_one_canonical_text_and_keep_the_exact_value(String text, String canonical, String exact, String two) {
    BigDecimal d = Levels.parse("level", text);
    assertThat(Levels.text(d)).isEqualTo(canonical);
    assertThat(Levels.exact(d).toString()).isEqualTo(exact);
    assertThat(Levels.twoDecimals(d)).isEqualTo(two);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"", "x", "1e", "1e1000", "0x1", "1.2.3", ".", "--1", "1,5"})
  void should_reject_what_is_not_a_plain_decimal_naming_the_parameter(String text) {
    assertThatIllegalArgumentException().isThrownBy(() -> Levels.parse("beta", text))
        .withMessage("illegal beta value: " + text + ", must be a decimal number such as 0.5 or 1e3");
  }
}
