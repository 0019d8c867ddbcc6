package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.InputLimits;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/** A JSON input's whitespace in a row is bounded by the query limit, so a small gzip cannot cost minutes. */
class JsonWhitespaceTest {
  private static final int LIMIT = 1 << 20;
  private static final InputLimits SMALL = InputLimits.DEFAULT.withMaxQueryBytes(LIMIT);

  private static JsonValue read(byte[] bytes) throws IOException {
    return ProtocolFiles.readJson("-", new ByteArrayInputStream(bytes), SMALL);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void should_read_up_to_the_limit_of_whitespace_in_a_row_each_run_counted_anew() throws IOException {
    String within = "{" + " ".repeat(LIMIT - 2) + "\r\n" + "\"a\":" + "\t".repeat(LIMIT) + "1}";
    assertThat(read(utf8(within)).members()).containsKey("a");
  }

  @Test
  void should_refuse_one_byte_more_at_the_line_where_the_limit_is_passed() {
    // the line end of line 2 starts the run: LIMIT bytes end on line LIMIT + 2, whose space passes the limit
    String beyond = "{\n\"a\": 1,\n" + "\n".repeat(LIMIT - 1) + " " + "\"b\": 2}";
    assertThatThrownBy(() -> read(utf8(beyond)))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageStartingWith("-:" + (LIMIT + 2) + ": too much whitespace in a row (more than " + LIMIT
            + " bytes of spaces, tabs and line ends in a row; expected at most " + LIMIT + " (the query limit);");
  }

  @Test
  void should_stop_a_gzip_of_spaces_at_the_limit_not_at_its_size_unpacked() throws IOException {
    // GIVEN 64 MiB of spaces in a gzip of about 64 KiB
    ByteArrayOutputStream packed = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(packed)) {
      gz.write('{');
      byte[] spaces = new byte[1 << 20];
      java.util.Arrays.fill(spaces, (byte) ' ');
      for (int i = 0; i < 64; i++) {
        gz.write(spaces);
      }
      gz.write('}');
    }
    // THEN refused on line 1, after reading about the limit
    assertThatThrownBy(() -> read(packed.toByteArray())).hasMessageStartingWith("-:1: too much whitespace in a row");
  }
}
