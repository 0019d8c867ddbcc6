package dev.caliber.io.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DecimalsTest {
  @ParameterizedTest
  @ValueSource(strings = {"0", "-0", "0.0", "-0.000", "1", "2.5", "31.05016397824501", "30.548158839522944",
      "0.6898301657029192", "1.5e-05", "2E3", "9007199254740993", "1.7976931348623157e308", "4.9e-324",
      "2.2250738585072014E-308", "1e23", "8.41e21", "0.1", "123456789012345678901234567890",
      "9999999999999999999", "0.30000000000000004", "2.4703282292062327e-324", "1e-400", "1e400"})
  void should_agree_with_parseDouble_on_hard_and_common_cases(String text) {
    byte[] b = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    double fast = Decimals.parse(b, 0, b.length);
    if (!Double.isNaN(fast)) {
      assertThat(Double.doubleToRawLongBits(fast)).as(text).isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(text)));
    }
  }

  @Test
  void should_decide_seventeen_digit_scores_itself() {
    byte[] b = "30.548158839522944".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    assertThat(Decimals.parse(b, 0, b.length)).isEqualTo(30.548158839522944);
  }
}
