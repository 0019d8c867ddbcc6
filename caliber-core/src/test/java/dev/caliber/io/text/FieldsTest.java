package dev.caliber.io.text;

import static dev.caliber.io.text.TestInputs.reader;
import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.InputLimits;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class FieldsTest {
  private final Fields fields = new Fields();

  /** Splits the single line on blanks and returns the columns. */
  private List<String> blanks(String line) throws IOException {
    LineReader r = reader("f.txt", utf8(line), InputLimits.DEFAULT);
    r.next();
    fields.splitOnBlanks(r);
    return columns();
  }

  private List<String> tabs(String line) throws IOException {
    LineReader r = reader("f.txt", utf8(line), InputLimits.DEFAULT);
    r.next();
    fields.splitOnTabs(r);
    return columns();
  }

  private List<String> columns() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < Math.min(fields.count(), Fields.STORED); i++) {
      out.add(fields.string(i));
    }
    return out;
  }

  @Test
  void should_split_on_runs_of_spaces_and_tabs_ignoring_leading_and_trailing_ones() throws IOException {
    assertThat(blanks("  q1 \t Q0\t\td#1  3 ")).containsExactly("q1", "Q0", "d#1", "3");
    assertThat(blanks(" \t ")).isEmpty();
  }

  @Test
  void should_count_columns_beyond_those_it_records() throws IOException {
    assertThat(blanks("a ".repeat(20))).hasSize(Fields.STORED);
    assertThat(fields.count()).isEqualTo(20);
  }

  @Test
  void should_split_on_each_tab_keeping_spaces_and_empty_columns() throws IOException {
    assertThat(tabs("a b\t\tc ")).containsExactly("a b", "", "c ");
    assertThat(tabs("")).containsExactly("");
  }

  @ParameterizedTest
  @CsvSource({"'a\u000bb', U+000B, 2", "'a b\fc', U+000C, 4", "'\u0000x', U+0000, 1"})
  void should_reject_control_characters_that_trec_eval_would_split_on(String line, String code, int column) {
    assertThatThrownBy(() -> blanks(line))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("f.txt:1:" + column + ": control character in line (" + code
            + "; expected printable text, columns separated by spaces or tabs)");
    assertThatThrownBy(() -> tabs(line)).isInstanceOf(InputSyntaxException.class);
  }

  @ParameterizedTest
  @CsvSource({"0, 0", "-0, 0", "+5, 5", "007, 7", "-12, -12", "9223372036854775807, 9223372036854775807",
      "-9223372036854775808, -9223372036854775808"})
  void should_read_integers(String text, long expected) throws IOException {
    blanks(text);
    assertThat(fields.integer(0, "rank")).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1.0", "1e3", "-", "+", "0x10", "1_000", "١"})
  void should_reject_what_is_not_an_integer(String text) throws IOException {
    blanks(text);
    assertThatThrownBy(() -> fields.integer(0, "rank"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("f.txt:1: rank must be an integer (got " + Fields.quote(text)
            + "; expected an optional sign and digits, such as 1, 0 or -3)");
  }

  @Test
  void should_reject_integers_beyond_64_bits_and_ints_beyond_32() throws IOException {
    blanks("9223372036854775808");
    assertThatThrownBy(() -> fields.integer(0, "rank"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("f.txt:1: rank out of range (got \"9223372036854775808\"; expected an integer that fits 64 bits)");
    blanks("2147483648");
    assertThatThrownBy(() -> fields.intValue(0, "label"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("f.txt:1: label out of range (got \"2147483648\"; expected an integer from -2147483648 to 2147483647)");
    // beyond 64 bits too, an int's range is what was expected
    blanks("-99999999999999999999");
    assertThatThrownBy(() -> fields.intValue(0, "label"))
        .hasMessage("f.txt:1: label out of range (got \"-99999999999999999999\"; expected an integer from -2147483648 to 2147483647)");
  }

  @ParameterizedTest
  @CsvSource({"12.5, 12.5", "-3, -3.0", "+.5, 0.5", "1., 1.0", "1.5e-05, 1.5e-05", "2E3, 2000.0", "-0.0, -0.0",
      "0.6898301657029192, 0.6898301657029192", "123456789012345678, 1.2345678901234568E17"})
  void should_read_finite_decimal_numbers(String text, double expected) throws IOException {
    blanks(text);
    assertThat(fields.decimal(0, "score")).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"NaN", "Infinity", "-Infinity", "1,5", "0x1p3", "1f", "1d", "1e", ".", "--1", "1.2.3", "e5", "½"})
  void should_reject_what_is_not_a_finite_decimal_number(String text) throws IOException {
    blanks(text);
    assertThatThrownBy(() -> fields.decimal(0, "score"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("f.txt:1: score must be a finite decimal number (got " + Fields.quote(text)
            + "; expected digits with an optional sign, decimal point and exponent, such as 12.5, -3 or 1.5e-05)");
  }

  @Test
  void should_reject_numbers_beyond_the_double_range() throws IOException {
    blanks("1e999");
    assertThatThrownBy(() -> fields.decimal(0, "score"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("f.txt:1: score out of range (got \"1e999\", beyond the range of a double; expected a finite number)");
  }

  @Test
  void should_shorten_long_values_in_messages() {
    assertThat(Fields.quote("x".repeat(100))).isEqualTo("\"" + "x".repeat(80) + "\"... (100 characters)");
    assertThat(Fields.quote("\uD83D\uDE00".repeat(81))).startsWith("\"\uD83D\uDE00").endsWith("... (162 characters)");
  }
}
