package dev.caliber.io.text;

import static dev.caliber.io.text.TestInputs.concat;
import static dev.caliber.io.text.TestInputs.gzip;
import static dev.caliber.io.text.TestInputs.lines;
import static dev.caliber.io.text.TestInputs.reader;
import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.io.InputLimits;
import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class LineReaderTest {
  @Test
  void should_give_lines_without_their_line_ends() throws IOException {
    assertThat(lines(utf8("a b\nc\td\n"))).containsExactly("a b", "c\td");
  }

  @Test
  void should_read_a_last_line_that_has_no_line_end() throws IOException {
    assertThat(lines(utf8("a\nb"))).containsExactly("a", "b");
  }

  @Test
  void should_not_make_an_empty_line_of_the_final_line_end_but_keep_a_further_one() throws IOException {
    assertThat(lines(utf8("a\n"))).containsExactly("a");
    assertThat(lines(utf8("a\n\n"))).containsExactly("a", "");
    assertThat(lines(utf8(""))).isEmpty();
    assertThat(lines(utf8("\n"))).containsExactly("");
  }

  @Test
  void should_accept_crlf_line_ends() throws IOException {
    assertThat(lines(utf8("a\r\nb\r\n"))).containsExactly("a", "b");
  }

  @Test
  void should_reject_a_carriage_return_inside_a_line_with_line_and_column() {
    // GIVEN a \r that does not end a line
    byte[] input = utf8("ok\nab\rcd\n");
    // WHEN / THEN
    assertThatThrownBy(() -> lines(input))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("test.txt:2:3: carriage return inside a line (a \\r not followed by \\n; expected \\n or \\r\\n line ends)");
  }

  @Test
  void should_reject_a_carriage_return_at_the_end_of_input_without_newline() {
    assertThatThrownBy(() -> lines(utf8("a\r")))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageStartingWith("test.txt:1:2: carriage return inside a line");
  }

  @Test
  void should_skip_a_utf8_byte_order_mark_at_the_very_start_only() throws IOException {
    // GIVEN a BOM at the start and one at the start of line 2
    byte[] input = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, utf8("a\n\uFEFFb\n"));
    // THEN the first is dropped, the second is text
    assertThat(lines(input)).containsExactly("a", "\uFEFFb");
  }

  @Test
  void should_reject_a_utf16_byte_order_mark() {
    assertThatThrownBy(() -> lines(new byte[] {(byte) 0xFF, (byte) 0xFE, 'a', 0}))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("test.txt:1: UTF-16 text (starts with a UTF-16 byte order mark; expected UTF-8)");
  }

  @Test
  void should_accept_multibyte_utf8() throws IOException {
    assertThat(lines(utf8("caf\u00e9 \u20ac \uD83D\uDE00\n"))).containsExactly("caf\u00e9 \u20ac \uD83D\uDE00");
  }

  @Test
  void should_reject_malformed_utf8_naming_line_column_and_byte() {
    assertMalformed(new byte[] {'a', 'b', (byte) 0xFF}, "test.txt:2:3: malformed UTF-8 (byte 0xff at byte offset 2 of the line; expected UTF-8 text)");
    // overlong '/', an encoded surrogate, a truncated euro sign, a code point above U+10FFFF
    assertMalformed(new byte[] {(byte) 0xC0, (byte) 0xAF}, "test.txt:2:1: malformed UTF-8 (byte 0xc0");
    assertMalformed(new byte[] {'x', (byte) 0xED, (byte) 0xA0, (byte) 0x80}, "test.txt:2:2: malformed UTF-8 (byte 0xed");
    assertMalformed(new byte[] {(byte) 0xE2, (byte) 0x82}, "test.txt:2:1: malformed UTF-8 (byte 0xe2");
    assertMalformed(new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, "test.txt:2:1: malformed UTF-8 (byte 0xf4");
    assertMalformed(new byte[] {(byte) 0xC3, (byte) 0xA9, (byte) 0x80}, "test.txt:2:2: malformed UTF-8 (byte 0x80");
  }

  private static void assertMalformed(byte[] line2, String messageStart) {
    byte[] input = concat(utf8("fine\n"), line2, utf8("\n"));
    assertThatThrownBy(() -> lines(input))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageStartingWith(messageStart);
  }

  @Test
  void should_accept_a_line_of_exactly_the_maximum_length_and_reject_a_longer_one() throws IOException {
    InputLimits limits = InputLimits.DEFAULT.withMaxLineBytes(5);
    assertThat(lines(utf8("12345\r\n1\n"), limits)).containsExactly("12345", "1");
    assertThatThrownBy(() -> lines(utf8("1\n123456\n"), limits))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("test.txt:2: line too long (6 bytes; expected at most 5 (the line limit); to accept longer lines, raise the line limit)");
  }

  @Test
  void should_reject_a_long_line_without_reading_it_whole() {
    // GIVEN a 300 kB line (over several read chunks) and a 100 kB limit
    byte[] big = new byte[300_000];
    Arrays.fill(big, (byte) 'x');
    InputLimits limits = InputLimits.DEFAULT.withMaxLineBytes(100_000);
    // THEN the error names the line and the option
    assertThatThrownBy(() -> lines(concat(utf8("a\n"), big), limits))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("test.txt:2: line too long (more than 100000 bytes; expected at most 100000"
            + " (the line limit); to accept longer lines, raise the line limit)");
  }

  @Test
  void should_read_lines_longer_than_the_read_buffer() throws IOException {
    byte[] big = new byte[200_000];
    Arrays.fill(big, (byte) 'y');
    assertThat(lines(concat(utf8("a\n"), big, utf8("\nb\n")))).extracting(String::length).containsExactly(1, 200_000, 1);
  }

  @Test
  void should_reject_input_beyond_the_decompressed_size_limit() {
    InputLimits limits = InputLimits.DEFAULT.withMaxDecompressedBytes(10);
    assertThatThrownBy(() -> lines(gzip(utf8("0123456789\nabc\n")), limits))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("test.txt:1: input too large (more than 10 bytes after decompression; expected at most 10"
            + " (the limit on an input's size after decompression); to accept larger inputs, raise the input size limit)");
  }

  @Test
  void should_refuse_other_compressions_by_name_at_the_file() {
    byte[][] inputs = {
      bytes(0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0x00), // bzip2, a first block
      bytes(0x42, 0x5a, 0x68, 0x39, 0x17, 0x72, 0x45, 0x38, 0x50, 0x90, 0x00), // bzip2 of nothing
      bytes(0xfd, '7', 'z', 'X', 'Z', 0x00, 0x00, 0x04), // xz
      bytes(0x28, 0xb5, 0x2f, 0xfd, 0x24), // zstd
      bytes('P', 'K', 0x03, 0x04, 0x14)}; // zip
    String[] names = {"bzip2", "bzip2", "xz", "zstd", "zip"};
    for (int i = 0; i < inputs.length; i++) {
      byte[] input = inputs[i];
      assertThatThrownBy(() -> reader("run.txt.x", input, InputLimits.DEFAULT)).isInstanceOf(InputSyntaxException.class)
          .hasMessage("run.txt.x: " + names[i] + "-compressed input (caliber reads plain text and gzip; decompress it first,"
              + " or recompress it with gzip)");
    }
  }

  @Test
  void should_read_text_that_starts_like_a_compression_magic_as_text() throws IOException {
    assertThat(lines(utf8("BZh9 Q0 d1 1 1 t\n"))).containsExactly("BZh9 Q0 d1 1 1 t");
    assertThat(lines(utf8("PK 0 d1 1\n"))).containsExactly("PK 0 d1 1");
    assertThat(lines(utf8("BZh\n"))).containsExactly("BZh");
    // bzip2's block sizes are 1 to 9: a 0 or a colon before its block magic is text
    assertThat(lines(utf8("BZh01AY&SY x\n"))).containsExactly("BZh01AY&SY x");
    assertThat(lines(utf8("BZh:1AY&SY x\n"))).containsExactly("BZh:1AY&SY x");
    assertThatThrownBy(() -> lines(utf8("BZh11AY&SY x\n"))).hasMessageContaining("bzip2-compressed input");
    // a first block's magic cut short is text too
    assertThat(lines(utf8("BZh91AY&S\n"))).containsExactly("BZh91AY&S");
  }

  private static byte[] bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) values[i];
    }
    return b;
  }

  @Test
  void should_decompress_gzip_recognised_by_its_magic_bytes() throws IOException {
    assertThat(lines(gzip(utf8("a\nb\n")))).containsExactly("a", "b");
  }

  @Test
  void should_read_the_bytes_1f_alone_as_text() throws IOException {
    assertThat(lines(new byte[] {0x1f})).containsExactly("\u001f");
  }

  @Test
  void should_read_every_member_of_a_multi_member_gzip() throws IOException {
    assertThat(lines(concat(gzip(utf8("a\nb")), gzip(utf8("c\n"))))).containsExactly("a", "bc");
  }

  @Test
  void should_parse_every_optional_gzip_header_field() throws IOException {
    assertThat(lines(TestInputs.gzipWithAllHeaderFields(utf8("x y\nz\n")))).containsExactly("x y", "z");
  }

  @Test
  void should_report_a_truncated_gzip_stream_naming_the_file() {
    // GIVEN a gzip file cut in the middle of its compressed data
    byte[] whole = gzip(utf8("line one\nline two\n".repeat(1000)));
    byte[] cut = Arrays.copyOf(whole, whole.length / 2);
    // THEN an input error, not an EOFException
    assertThatThrownBy(() -> lines(cut))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageStartingWith("test.txt:")
        .hasMessageEndingWith(": truncated gzip stream (the compressed data of member 1 ends early;"
            + " expected a complete gzip file)");
  }

  @Test
  void should_report_a_gzip_stream_cut_inside_its_trailer() {
    byte[] whole = gzip(utf8("a\n"));
    assertThatThrownBy(() -> lines(Arrays.copyOf(whole, whole.length - 3)))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("test.txt:2: truncated gzip stream (the trailer of member 1 ends early; expected a complete gzip file)");
  }

  @Test
  void should_report_a_crc_mismatch_as_a_corrupt_gzip_stream() {
    byte[] bad = gzip(utf8("a\nb\n"));
    bad[bad.length - 8] ^= 1; // first byte of the stored CRC-32
    assertThatThrownBy(() -> lines(bad))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining("corrupt gzip stream (CRC-32 mismatch in member 1");
  }

  @Test
  void should_report_invalid_deflate_data_as_a_corrupt_gzip_stream() {
    byte[] bad = gzip(utf8("a\nb\n"));
    bad[10] = (byte) 0xFF; // first byte of the deflate data: reserved block type 3
    assertThatThrownBy(() -> lines(bad))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining("corrupt gzip stream (invalid deflate data in member 1");
  }

  @Test
  void should_reject_bytes_after_the_last_gzip_member() {
    // java.util.zip.GZIPInputStream would silently drop them
    byte[] input = concat(gzip(utf8("a\n")), utf8("garbage"));
    assertThatThrownBy(() -> lines(input))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageContaining("corrupt gzip stream (trailing bytes after gzip member 1;"
            + " expected end of file or another gzip member)");
  }

  @Test
  void should_give_lines_numbers_and_a_location_for_errors() throws IOException {
    try (LineReader r = reader("runs/x.txt", utf8("a\nb\n"), InputLimits.DEFAULT)) {
      assertThat(r.lineNumber()).isZero();
      r.next();
      r.next();
      assertThat(r.lineNumber()).isEqualTo(2);
      assertThat(r.location()).isEqualTo(Location.ofLine("runs/x.txt", 2));
      assertThat(r.error("bad", "worse")).hasMessage("runs/x.txt:2: bad (worse)");
      assertThat(r.next()).isFalse();
    }
  }
}
