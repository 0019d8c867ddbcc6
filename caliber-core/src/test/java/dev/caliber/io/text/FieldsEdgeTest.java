package dev.caliber.io.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Fields} on lines that sit inside a larger buffer or end exactly at its end (as lines of a
 * block do), on columns beyond those it records, and at the boundaries of its integer and decimal
 * readers, where a fast path hands over to the exact one.
 */
class FieldsEdgeTest {
  private final Fields fields = new Fields();

  /** One line, {@code text} at {@code offset} in a buffer with {@code after} bytes of {@code '#'} after it. */
  record BufferLine(byte[] bytes, int start, int end) implements Line {
    static BufferLine of(String text, int offset, int after) {
      byte[] t = text.getBytes(StandardCharsets.UTF_8);
      byte[] b = new byte[offset + t.length + after];
      java.util.Arrays.fill(b, (byte) '#');
      System.arraycopy(t, 0, b, offset, t.length);
      return new BufferLine(b, offset, offset + t.length);
    }

    @Override
    public String source() {
      return "f.txt";
    }

    @Override
    public long lineNumber() {
      return 7;
    }
  }

  private List<String> columns() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < Math.min(fields.count(), Fields.STORED); i++) {
      out.add(fields.string(i));
    }
    return out;
  }

  private Fields blanks(String text) {
    fields.splitOnBlanks(BufferLine.of(text, 5, 0));
    return fields;
  }

  private Fields tabs(String text) {
    fields.splitOnTabs(BufferLine.of(text, 5, 0));
    return fields;
  }

  @Test
  void should_split_a_line_in_the_middle_of_a_buffer_without_reading_its_neighbours() {
    // GIVEN '#' bytes before and after the line
    fields.splitOnBlanks(BufferLine.of("\t a  b\tc ", 4, 4));
    // THEN
    assertThat(columns()).containsExactly("a", "b", "c");
    assertThat(fields.start(0)).isEqualTo(6);
    assertThat(fields.end(0)).isEqualTo(7);
    assertThat(fields.length(2)).isEqualTo(1);
    fields.splitOnTabs(BufferLine.of("a b\t\tc", 4, 4));
    assertThat(columns()).containsExactly("a b", "", "c");
    assertThat(fields.start(1)).isEqualTo(8);
    assertThat(fields.end(1)).isEqualTo(8);
  }

  @Test
  void should_count_tab_separated_columns_beyond_those_it_records() {
    // WHEN
    int n = tabs("x\t".repeat(19) + "last").count();
    // THEN
    assertThat(n).isEqualTo(20);
    assertThat(columns()).hasSize(Fields.STORED).containsOnly("x");
  }

  @Test
  void should_keep_multi_byte_characters_in_tab_separated_columns() {
    assertThat(tabs("é\t日本").count()).isEqualTo(2);
    assertThat(columns()).containsExactly("é", "日本");
    assertThat(fields.length(1)).isEqualTo(6);
  }

  @Test
  void should_name_the_column_of_a_control_character_in_a_tab_separated_line() {
    assertThatThrownBy(() -> tabs("ab\tc\u0001"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("f.txt:7:5: control character in line (U+0001; expected printable text, columns separated by spaces or tabs)");
    assertThatThrownBy(() -> tabs("\u001f"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining("U+001F");
  }

  @Test
  void should_refuse_columns_it_has_not_recorded_naming_how_many_it_has() {
    // GIVEN an earlier longer line, so that stale positions would be there to read
    blanks("a b c d e");
    blanks("a b");
    // THEN every accessor refuses column 2 and -1
    for (int i : new int[] {2, -1}) {
      String message = "column " + i + " of 2 recorded";
      assertThatThrownBy(() -> fields.string(i)).isInstanceOf(IndexOutOfBoundsException.class).hasMessage(message);
      assertThatThrownBy(() -> fields.start(i)).isInstanceOf(IndexOutOfBoundsException.class).hasMessage(message);
      assertThatThrownBy(() -> fields.end(i)).isInstanceOf(IndexOutOfBoundsException.class).hasMessage(message);
      assertThatThrownBy(() -> fields.length(i)).isInstanceOf(IndexOutOfBoundsException.class).hasMessage(message);
      assertThatThrownBy(() -> fields.copy(i)).isInstanceOf(IndexOutOfBoundsException.class).hasMessage(message);
      assertThatThrownBy(() -> fields.contentEquals(i, new byte[0])).isInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage(message);
      assertThatThrownBy(() -> fields.integer(i, "rank")).isInstanceOf(IndexOutOfBoundsException.class).hasMessage(message);
      assertThatThrownBy(() -> fields.decimal(i, "score")).isInstanceOf(IndexOutOfBoundsException.class).hasMessage(message);
    }
    // and beyond the recorded ones of a long line
    blanks("a ".repeat(20));
    assertThatThrownBy(() -> fields.string(Fields.STORED)).isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("column 16 of 16 recorded");
  }

  @Test
  void should_compare_and_copy_columns_by_their_bytes() {
    blanks("ab abc");
    assertThat(fields.contentEquals(0, "ab".getBytes(StandardCharsets.UTF_8))).isTrue();
    assertThat(fields.contentEquals(1, "ab".getBytes(StandardCharsets.UTF_8))).isFalse();
    assertThat(fields.contentEquals(1, "abd".getBytes(StandardCharsets.UTF_8))).isFalse();
    assertThat(fields.copy(1)).containsExactly('a', 'b', 'c');
  }

  @Test
  void should_compare_byte_ranges_at_any_offsets() {
    byte[] a = "xxabcx".getBytes(StandardCharsets.US_ASCII);
    byte[] b = "yabcyy".getBytes(StandardCharsets.US_ASCII);
    assertThat(Fields.same(a, 2, 5, b, 1, 4)).isTrue();
    assertThat(Fields.same(a, 2, 5, b, 1, 3)).isFalse();
    assertThat(Fields.same(a, 2, 4, b, 1, 4)).isFalse();
    assertThat(Fields.same(a, 1, 4, b, 0, 3)).isFalse();
    assertThat(Fields.same(a, 3, 3, b, 5, 5)).isTrue();
  }

  @Test
  void should_reject_an_empty_tab_separated_column_as_an_integer_also_at_the_end_of_the_buffer() {
    // GIVEN "5<TAB>" with nothing after it in the buffer, and "<TAB>5"
    tabs("5\t");
    assertThatThrownBy(() -> fields.integer(1, "score"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("f.txt:7: score must be an integer (got \"\"; expected an optional sign and digits, such as 1, 0 or -3)");
    tabs("\t-5");
    assertThatThrownBy(() -> fields.integer(0, "score")).isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining("got \"\"");
    assertThat(fields.integer(1, "score")).isEqualTo(-5);
  }

  @Test
  void should_reject_an_empty_tab_separated_column_as_a_decimal_also_at_the_end_of_the_buffer() {
    tabs("5\t");
    assertThatThrownBy(() -> fields.decimal(1, "score"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("f.txt:7: score must be a finite decimal number (got \"\"; expected digits with an optional sign,"
            + " decimal point and exponent, such as 12.5, -3 or 1.5e-05)");
  }

  @ParameterizedTest
  @CsvSource({"123456789012345678, 123456789012345678", "1234567890123456789, 1234567890123456789",
      "000000000000000000000000042, 42", "-922337203685477580, -922337203685477580", "+9, 9", "-0000000000000000009, -9",
      "9223372036854775799, 9223372036854775799"})
  void should_read_integers_of_any_length_that_fit_64_bits(String text, long expected) {
    assertThat(blanks("x " + text).integer(1, "rank")).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"99999999999999999999", "-9223372036854775809", "9223372036854775810",
      "18446744073709551616", "-99999999999999999999"})
  void should_reject_integers_beyond_64_bits_without_wrapping_around(String text) {
    assertThatThrownBy(() -> blanks(text).integer(0, "rank"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("f.txt:7: rank out of range (got \"" + text + "\"; expected an integer that fits 64 bits)");
  }

  @Test
  void should_accept_ints_up_to_the_ends_of_the_int_range_and_no_further() {
    assertThat(blanks("2147483647 -2147483648").intValue(0, "label")).isEqualTo(Integer.MAX_VALUE);
    assertThat(fields.intValue(1, "label")).isEqualTo(Integer.MIN_VALUE);
    assertThatThrownBy(() -> blanks("-2147483649").intValue(0, "label"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("f.txt:7: label out of range (got \"-2147483649\"; expected an integer from -2147483648 to 2147483647)");
  }

  @ParameterizedTest
  @CsvSource({
      // more than 19 significant digits, so parseDouble decides: every character of the grammar
      "1234567890.12345678901, 1234567890.12345678901",
      "-1.00000000000000000000001e+5, -100000.0",
      "+1.00000000000000000000001E-5, 0.00001",
      "0.000000000000000000000000000000000000000000000000001e-300, 0.0",
      "98765432109876543210, 98765432109876543210"})
  void should_read_decimals_the_fast_path_leaves_to_parseDouble(String text, double expected) {
    // WHEN the number is the second column, not at the start of the buffer
    double value = blanks("x " + text).decimal(1, "score");
    // THEN
    assertThat(value).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e-", "1e+", "1e5.", "1e5a", "1x5", "2d3", "1.00000000000000000000001d", "1.00000000000000000000001f",
      "0x1.00000000000000000000001p3", "1.00000000000000000000001/", "1.00000000000000000000001:", "NaN", "+Infinity"})
  void should_reject_what_is_not_a_finite_decimal_even_when_parseDouble_would_read_it(String text) {
    assertThatThrownBy(() -> blanks("x " + text).decimal(1, "score"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("f.txt:7: score must be a finite decimal number (got " + Fields.quote(text)
            + "; expected digits with an optional sign, decimal point and exponent, such as 12.5, -3 or 1.5e-05)");
  }

  @ParameterizedTest
  @ValueSource(strings = {" 1.5", "1.5 ", " 1.00000000000000000000001"})
  void should_reject_blanks_around_a_decimal_in_a_tab_separated_column(String text) {
    // parseDouble would trim them; a column of a tab-separated line keeps them
    assertThatThrownBy(() -> tabs("x\t" + text).decimal(1, "score"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining("score must be a finite decimal number");
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e4294967296", "-1e309", "1.7976931348623159e308"})
  void should_reject_decimals_beyond_the_double_range_without_wrapping_the_exponent(String text) {
    assertThatThrownBy(() -> blanks(text).decimal(0, "score"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("f.txt:7: score out of range (got \"" + text + "\", beyond the range of a double; expected a finite number)");
  }

  @Test
  void should_read_a_tiny_exponent_as_zero_not_as_a_wrapped_one() {
    assertThat(blanks("1e-4294967296").decimal(0, "score")).isEqualTo(0.0);
  }

  @Test
  void should_quote_values_of_up_to_80_characters_whole() {
    assertThat(Fields.quote("x".repeat(80))).isEqualTo("\"" + "x".repeat(80) + "\"");
    assertThat(Fields.quote("x".repeat(81))).isEqualTo("\"" + "x".repeat(80) + "\"... (81 characters)");
    // 80 characters outside the BMP are 160 chars but still whole
    assertThat(Fields.quote("\uD83D\uDE00".repeat(80))).isEqualTo("\"" + "\uD83D\uDE00".repeat(80) + "\"");
  }
}
