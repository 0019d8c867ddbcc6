package dev.caliber.io.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** {@link Utf8}: the first malformed byte of a range, exactly, and code point columns. */
class Utf8Test {
  private static byte[] bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return b;
  }

  /** Utf8.firstMalformed over the bytes placed between a prefix and a suffix that lie outside the range. */
  private static int firstMalformedInside(byte[] range, byte[] around) {
    byte[] buffer = new byte[around.length + range.length + around.length];
    System.arraycopy(around, 0, buffer, 0, around.length);
    System.arraycopy(range, 0, buffer, around.length, range.length);
    System.arraycopy(around, 0, buffer, around.length + range.length, around.length);
    int at = Utf8.firstMalformed(buffer, around.length, around.length + range.length);
    return at < 0 ? at : at - around.length;
  }

  @Test
  void should_accept_every_boundary_code_point_of_each_sequence_length() {
    for (int cp : new int[] {0, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF}) {
      byte[] encoded = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
      assertThat(Utf8.firstMalformed(encoded, 0, encoded.length)).as("U+%04X", cp).isEqualTo(-1);
      // also after ASCII, with an invalid byte right after the range that must not be looked at
      assertThat(firstMalformedInside(TestInputs.concat(TestInputs.utf8("ab"), encoded), bytes(0xFF)))
          .as("U+%04X after ASCII", cp).isEqualTo(-1);
    }
  }

  @Test
  void should_accept_an_empty_range_and_plain_ascii() {
    assertThat(Utf8.firstMalformed(new byte[0], 0, 0)).isEqualTo(-1);
    assertThat(firstMalformedInside(TestInputs.utf8("plain text, 8+ bytes"), bytes(0x80))).isEqualTo(-1);
  }

  @Test
  void should_reject_overlong_forms_at_their_lead_byte() {
    assertThat(firstMalformedInside(bytes('a', 0xC0, 0x80), bytes())).isEqualTo(1);
    assertThat(firstMalformedInside(bytes('a', 0xC1, 0xBF), bytes())).isEqualTo(1);
    assertThat(firstMalformedInside(bytes('a', 0xE0, 0x80, 0x80), bytes())).isEqualTo(1);
    assertThat(firstMalformedInside(bytes('a', 0xE0, 0x9F, 0xBF), bytes())).isEqualTo(1);
    assertThat(firstMalformedInside(bytes('a', 0xF0, 0x80, 0x80, 0x80), bytes())).isEqualTo(1);
    assertThat(firstMalformedInside(bytes('a', 0xF0, 0x8F, 0xBF, 0xBF), bytes())).isEqualTo(1);
  }

  @Test
  void should_reject_encoded_surrogates_and_code_points_above_u10ffff() {
    assertThat(firstMalformedInside(bytes('a', 'b', 0xED, 0xA0, 0x80), bytes())).isEqualTo(2); // U+D800
    assertThat(firstMalformedInside(bytes('a', 'b', 0xED, 0xBF, 0xBF), bytes())).isEqualTo(2); // U+DFFF
    assertThat(firstMalformedInside(bytes(0xF4, 0x90, 0x80, 0x80), bytes())).isEqualTo(0); // U+110000
    assertThat(firstMalformedInside(bytes(0xF4, 0xBF, 0xBF, 0xBF), bytes())).isEqualTo(0);
    for (int lead = 0xF5; lead <= 0xFF; lead++) {
      assertThat(firstMalformedInside(bytes('x', lead, 0x80, 0x80, 0x80), bytes())).as("lead %02x", lead).isEqualTo(1);
    }
  }

  @Test
  void should_reject_stray_continuation_bytes_where_they_stand() {
    assertThat(firstMalformedInside(bytes(0x80), bytes())).isEqualTo(0);
    assertThat(firstMalformedInside(bytes('a', 0xBF), bytes())).isEqualTo(1);
    assertThat(firstMalformedInside(bytes(0xC3, 0xA9, 0x80), bytes())).isEqualTo(2);
    assertThat(firstMalformedInside(bytes(0xE2, 0x82, 0xAC, 0xAC), bytes())).isEqualTo(3);
    assertThat(firstMalformedInside(bytes(0xF0, 0x9F, 0x98, 0x80, 0x80), bytes())).isEqualTo(4);
  }

  @Test
  void should_reject_a_lead_byte_followed_by_a_non_continuation_byte() {
    assertThat(firstMalformedInside(bytes('a', 0xC3, 'b'), bytes())).isEqualTo(1);
    assertThat(firstMalformedInside(bytes('a', 0xC3, 0xC3, 0xA9), bytes())).isEqualTo(1);
    assertThat(firstMalformedInside(bytes(0xE2, 'b', 0xAC), bytes())).isEqualTo(0);
    assertThat(firstMalformedInside(bytes(0xE2, 0x82, 'c'), bytes())).isEqualTo(0);
    assertThat(firstMalformedInside(bytes(0xF0, 'b', 0x98, 0x80), bytes())).isEqualTo(0);
    assertThat(firstMalformedInside(bytes(0xF0, 0x9F, 'c', 0x80), bytes())).isEqualTo(0);
    assertThat(firstMalformedInside(bytes(0xF0, 0x9F, 0x98, 'd'), bytes())).isEqualTo(0);
  }

  @Test
  void should_reject_a_sequence_cut_by_the_end_of_the_range_even_when_the_buffer_goes_on() {
    // GIVEN the continuation bytes that would complete each sequence lie just beyond the range
    assertThat(firstMalformedInside(bytes('a', 0xC3), bytes(0xA9, 0xA9, 0xA9))).isEqualTo(1);
    assertThat(firstMalformedInside(bytes('a', 0xE2), bytes(0x82, 0xAC, 0xAC))).isEqualTo(1);
    assertThat(firstMalformedInside(bytes('a', 0xE2, 0x82), bytes(0xAC, 0xAC, 0xAC))).isEqualTo(1);
    assertThat(firstMalformedInside(bytes('a', 0xF0), bytes(0x9F, 0x98, 0x80))).isEqualTo(1);
    assertThat(firstMalformedInside(bytes('a', 0xF0, 0x9F), bytes(0x98, 0x80, 0x80))).isEqualTo(1);
    assertThat(firstMalformedInside(bytes('a', 0xF0, 0x9F, 0x98), bytes(0x80, 0x80, 0x80))).isEqualTo(1);
  }

  @Test
  void should_count_columns_in_code_points_from_one() {
    byte[] line = TestInputs.utf8("a\u00e9\u20ac\uD83D\uDE00z");
    assertThat(Utf8.column(line, 0, 0)).isEqualTo(1);
    assertThat(Utf8.column(line, 0, 1)).isEqualTo(2);
    assertThat(Utf8.column(line, 0, 3)).isEqualTo(3);
    assertThat(Utf8.column(line, 0, 6)).isEqualTo(4);
    assertThat(Utf8.column(line, 0, 10)).isEqualTo(5);
    assertThat(Utf8.column(line, 1, 10)).isEqualTo(4);
  }

  @Property(tries = 250)
  void finds_the_first_malformed_byte_where_the_jdk_decoder_reports_it(@ForAll("utf8ish") byte[] range,
      @ForAll("utf8ish") byte[] around) {
    byte[] buffer = TestInputs.concat(around, range, around);
    int at = Utf8.firstMalformed(buffer, around.length, around.length + range.length);
    assertThat(at).isEqualTo(jdkFirstMalformed(range) < 0 ? -1 : around.length + jdkFirstMalformed(range));
  }

  /** The offset at which the JDK's strict decoder (REPORT) stops, or -1 when it decodes everything. */
  private static int jdkFirstMalformed(byte[] bytes) {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(2 * bytes.length + 2);
    CoderResult r = decoder.decode(in, out, true);
    if (r.isError()) {
      return in.position();
    }
    r = decoder.flush(out);
    return r.isError() ? in.position() : -1;
  }

  @Provide
  Arbitrary<byte[]> utf8ish() {
    // mostly the bytes where the rules change, so that malformed and valid sequences both come up
    Arbitrary<Byte> interesting = Arbitraries.of(0x00, 0x61, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2,
        0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF).map(i -> (byte) (int) i);
    Arbitrary<byte[]> valid = Arbitraries.integers().between(0, 0x10FFFF)
        .filter(cp -> cp < 0xD800 || cp > 0xDFFF)
        .map(cp -> new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
    Arbitrary<byte[]> piece = Arbitraries.oneOf(valid, interesting.map(x -> new byte[] {x}),
        Arbitraries.bytes().map(x -> new byte[] {x}));
    return piece.list().ofMaxSize(12).map(list -> {
      byte[] out = new byte[0];
      for (byte[] p : list) {
        out = TestInputs.concat(out, p);
      }
      return out;
    });
  }

  @Test
  void should_agree_with_the_jdk_on_every_two_byte_sequence_after_a_lead() {
    // exhaustive over lead and first continuation byte, with a valid tail
    for (int lead = 0x80; lead <= 0xFF; lead++) {
      for (int second = 0; second <= 0xFF; second++) {
        byte[] b = bytes(lead, second, 0x80, 0x80, 'z');
        assertThat(Utf8.firstMalformed(b, 0, b.length)).as("%02x %02x", lead, second)
            .isEqualTo(jdkFirstMalformed(b));
      }
    }
  }
}
