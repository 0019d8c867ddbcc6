package dev.caliber.io.text;

import static dev.caliber.io.text.TestInputs.concat;
import static dev.caliber.io.text.TestInputs.inPieces;
import static dev.caliber.io.text.TestInputs.lines;
import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.InputLimits;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link LineReader} at the edges: every byte position of the 8-byte scans, read buffer boundaries, byte order marks. */
class LineReaderBoundaryTest {
  private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  private static List<String> read(InputStream in) throws IOException {
    List<String> out = new ArrayList<>();
    try (LineReader r = LineReader.of("test.txt", in, InputLimits.DEFAULT)) {
      while (r.next()) {
        assertThat(r.lineNumber()).isEqualTo(out.size() + 1);
        out.add(r.text());
      }
    }
    return out;
  }

  private static void assertError(byte[] input, String message) {
    assertThatThrownBy(() -> lines(input)).isInstanceOf(InputSyntaxException.class).hasMessage(message);
  }

  @Test
  void should_find_a_carriage_return_at_every_position_of_a_line_with_its_exact_column() {
    for (char filler : new char[] {'a', '0', ' ', '~'}) {
      for (int length = 2; length <= 26; length++) {
        for (int at = 0; at < length - 1; at++) {
          byte[] line = utf8(String.valueOf(filler).repeat(length));
          line[at] = '\r';
          assertError(concat(utf8("first\n"), line, utf8("\n")), "test.txt:2:" + (at + 1)
              + ": carriage return inside a line (a \\r not followed by \\n; expected \\n or \\r\\n line ends)");
        }
      }
    }
  }

  @Test
  void should_find_a_malformed_byte_at_every_position_of_a_line_with_its_exact_offset() {
    for (int length = 1; length <= 26; length++) {
      for (int at = 0; at < length; at++) {
        for (int bad : new int[] {0x80, 0xFF, 0xC0}) {
          byte[] line = utf8("a".repeat(length));
          line[at] = (byte) bad;
          String hex = String.format("%02x", bad);
          assertError(concat(utf8("first\n"), line, utf8("\r\n")), "test.txt:2:" + (at + 1) + ": malformed UTF-8 (byte 0x"
              + hex + " at byte offset " + at + " of the line; expected UTF-8 text)");
        }
      }
    }
  }

  @Test
  void should_report_a_malformed_first_byte_of_the_input() {
    assertError(new byte[] {(byte) 0x80, '\n'},
        "test.txt:1:1: malformed UTF-8 (byte 0x80 at byte offset 0 of the line; expected UTF-8 text)");
  }

  @Test
  void should_count_columns_in_characters_before_an_error() {
    assertError(utf8("\u00e9\u20ac\uD83D\uDE00\r\u00e9\n"), "test.txt:1:4: carriage return inside a line"
        + " (a \\r not followed by \\n; expected \\n or \\r\\n line ends)");
  }

  @Test
  void should_drop_the_carriage_return_of_a_crlf_line_holding_non_ascii_text() throws IOException {
    assertThat(lines(utf8("caf\u00e9\r\n\u20ac\r\nx\u00e9\r\n"))).containsExactly("caf\u00e9", "\u20ac", "x\u00e9");
  }

  @Test
  void should_give_the_same_lines_whatever_the_sizes_of_the_reads() throws IOException {
    // GIVEN 300 kB of lines of random lengths (some empty, some crlf, some non-ASCII), straddling the 64 KiB buffer
    Random random = new Random(7);
    StringBuilder text = new StringBuilder();
    List<String> expected = new ArrayList<>();
    while (text.length() < 300_000) {
      int n = random.nextInt(random.nextInt(10) == 0 ? 5000 : 40);
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < n; i++) {
        line.append(random.nextInt(20) == 0 ? '\u00e9' : (char) ('a' + random.nextInt(26)));
      }
      expected.add(line.toString());
      text.append(line).append(random.nextBoolean() ? "\r\n" : "\n");
    }
    byte[] input = utf8(text.toString());
    // THEN every read pattern gives every line, numbered in order
    assertThat(read(new ByteArrayInputStream(input))).isEqualTo(expected);
    assertThat(read(inPieces(input, 7))).isEqualTo(expected);
    assertThat(read(inPieces(input, 65_537))).isEqualTo(expected);
    assertThat(read(new ByteArrayInputStream(TestInputs.gzip(input)))).isEqualTo(expected);
  }

  @Test
  void should_name_the_line_of_an_error_just_beyond_the_first_read_buffer() {
    // GIVEN 65536 bytes of 16-byte lines, then a line with a malformed byte
    byte[] lines = utf8("0123456789abcde\n".repeat(4096));
    byte[] input = concat(lines, new byte[] {'o', 'k', (byte) 0xFE, '\n'});
    assertThatThrownBy(() -> read(inPieces(input, 1000))).hasMessageStartingWith("test.txt:4097:3: malformed UTF-8 (byte 0xfe");
    assertThatThrownBy(() -> read(new ByteArrayInputStream(input))).hasMessageStartingWith("test.txt:4097:3: malformed UTF-8");
  }

  @Test
  void should_accept_lines_up_to_the_limit_plus_a_crlf_and_name_longer_ones() throws IOException {
    InputLimits limits = InputLimits.DEFAULT.withMaxLineBytes(10);
    assertThat(lines(utf8("0123456789\r\nx\n"), limits)).containsExactly("0123456789", "x");
    assertThat(lines(concat(BOM, utf8("0123456789\r\n")), limits)).containsExactly("0123456789");
    for (int n = 11; n <= 14; n++) {
      assertThatThrownBy(reading(utf8("x\n" + "y".repeat(n) + "\n"), limits))
          .hasMessage("test.txt:2: line too long (" + n + " bytes; expected at most 10 (the line limit); to accept longer lines, raise the line limit)");
    }
    for (int n = 15; n <= 17; n++) {
      assertThatThrownBy(reading(utf8("x\n" + "y".repeat(n) + "\n"), limits))
          .hasMessage("test.txt:2: line too long (more than 10 bytes; expected at most 10 (the line limit); to accept longer lines, raise the line limit)");
    }
  }

  private static org.assertj.core.api.ThrowableAssert.ThrowingCallable reading(byte[] input, InputLimits limits) {
    return () -> TestInputs.lines(input, limits);
  }

  @Test
  void should_accept_an_input_of_exactly_the_size_limit_and_reject_one_byte_more() throws IOException {
    byte[] input = utf8("0123\n5678\n");
    assertThat(lines(input, InputLimits.DEFAULT.withMaxDecompressedBytes(10))).containsExactly("0123", "5678");
    assertThat(lines(utf8("0123\n5678"), InputLimits.DEFAULT.withMaxDecompressedBytes(9))).containsExactly("0123", "5678");
    assertThatThrownBy(() -> lines(concat(input, utf8("a")), InputLimits.DEFAULT.withMaxDecompressedBytes(10)))
        .hasMessageStartingWith("test.txt:3: input too large (more than 10 bytes after decompression");
    assertThatThrownBy(() -> lines(input, InputLimits.DEFAULT.withMaxDecompressedBytes(7)))
        .hasMessageStartingWith("test.txt:2: input too large (more than 7 bytes after decompression");
  }

  @Test
  void should_skip_a_byte_order_mark_even_when_it_is_the_whole_input() throws IOException {
    assertThat(lines(BOM)).containsExactly("");
    assertThat(lines(concat(BOM, utf8("\n")))).containsExactly("");
    assertThat(lines(concat(BOM, utf8("a")))).containsExactly("a");
  }

  @Test
  void should_read_bytes_that_only_resemble_a_byte_order_mark_as_text() throws IOException {
    assertThat(lines(new byte[] {(byte) 0xEE, (byte) 0xBB, (byte) 0xBF, 'a'})).containsExactly("\uEEFFa");
    assertThat(lines(new byte[] {(byte) 0xEF, (byte) 0xBA, (byte) 0xBF, 'a'})).containsExactly("\uFEBFa");
    assertThat(lines(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBE, 'a'})).containsExactly("\uFEFEa");
    assertError(new byte[] {(byte) 0xEF, (byte) 0xBB},
        "test.txt:1:1: malformed UTF-8 (byte 0xef at byte offset 0 of the line; expected UTF-8 text)");
  }

  @Test
  void should_reject_either_utf16_byte_order_mark_but_no_other_pair_of_those_bytes() {
    String utf16 = "test.txt:1: UTF-16 text (starts with a UTF-16 byte order mark; expected UTF-8)";
    assertError(new byte[] {(byte) 0xFF, (byte) 0xFE}, utf16);
    assertError(new byte[] {(byte) 0xFE, (byte) 0xFF}, utf16);
    assertError(new byte[] {(byte) 0xFE, (byte) 0xFF, 0, 'a', '\n'}, utf16);
    for (byte[] notUtf16 : new byte[][] {{(byte) 0xFF}, {(byte) 0xFE}, {(byte) 0xFF, (byte) 0xFF}, {(byte) 0xFE, (byte) 0xFE},
        {(byte) 0xFF, 'a'}, {(byte) 0xFE, 'a'}}) {
      assertError(notUtf16, String.format("test.txt:1:1: malformed UTF-8 (byte 0x%02x at byte offset 0 of the line;"
          + " expected UTF-8 text)", notUtf16[0] & 0xff));
    }
    assertError(new byte[] {'a', (byte) 0xFE, (byte) 0xFF},
        "test.txt:1:2: malformed UTF-8 (byte 0xfe at byte offset 1 of the line; expected UTF-8 text)");
  }

  @Test
  void should_read_gzip_only_for_both_magic_bytes() {
    assertError(new byte[] {0x1f, (byte) 0x8c, '\n'},
        "test.txt:1:2: malformed UTF-8 (byte 0x8c at byte offset 1 of the line; expected UTF-8 text)");
    assertError(new byte[] {0x1e, (byte) 0x8b, '\n'},
        "test.txt:1:2: malformed UTF-8 (byte 0x8b at byte offset 1 of the line; expected UTF-8 text)");
    assertError(new byte[] {0x1f, (byte) 0x8b}, "test.txt:1: truncated gzip stream (the header of member 1 ends early;"
        + " expected a complete gzip file)");
  }

  @Test
  void should_tell_blank_lines_from_others() throws IOException {
    List<Boolean> blank = new ArrayList<>();
    try (LineReader r = TestInputs.reader("test.txt", utf8("\n \t \nx\n  y\n\t\n"), InputLimits.DEFAULT)) {
      while (r.next()) {
        blank.add(r.isBlank());
      }
    }
    assertThat(blank).containsExactly(true, true, false, false, true);
  }

  @Test
  void should_give_the_line_as_bytes_of_its_buffer() throws IOException {
    try (LineReader r = TestInputs.reader("test.txt", utf8("ab\r\ncde\n"), InputLimits.DEFAULT)) {
      r.next();
      r.next();
      assertThat(r.source()).isEqualTo("test.txt");
      assertThat(Arrays.copyOfRange(r.bytes(), r.start(), r.end())).isEqualTo(utf8("cde"));
    }
  }

  @Test
  void should_close_its_input() throws IOException {
    TestInputs.Pieces in = TestInputs.inPieces(utf8("a\n"), 1);
    LineReader.of("test.txt", in, InputLimits.DEFAULT).close();
    assertThat(in.closed).isTrue();
  }
}
