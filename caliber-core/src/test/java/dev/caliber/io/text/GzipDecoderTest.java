package dev.caliber.io.text;

import static dev.caliber.io.text.TestInputs.concat;
import static dev.caliber.io.text.TestInputs.gzip;
import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/** {@link GzipDecoder}: every member, every header field, and an error for every broken byte. */
class GzipDecoderTest {
  private static final int FHCRC = GzipMember.FHCRC;
  private static final int FEXTRA = GzipMember.FEXTRA;
  private static final int FNAME = GzipMember.FNAME;
  private static final int FCOMMENT = GzipMember.FCOMMENT;

  private static byte[] decode(byte[] gz) throws IOException {
    try (GzipDecoder d = new GzipDecoder(new ByteArrayInputStream(gz))) {
      return d.readAllBytes();
    }
  }

  private static GzipDecoder.MalformedGzipException failure(byte[] gz) {
    GzipDecoder.MalformedGzipException e =
        catchThrowableOfType(GzipDecoder.MalformedGzipException.class, () -> decode(gz));
    assertThat(e).as("an error for the input").isNotNull();
    return e;
  }

  private static byte[] text(int size, long seed) {
    Random random = new Random(seed);
    byte[] b = new byte[size];
    for (int i = 0; i < size; i++) {
      b[i] = (byte) (random.nextInt(8) == 0 ? '\n' : 'a' + random.nextInt(26));
    }
    return b;
  }

  @Test
  void should_decompress_one_member_written_by_the_jdk() throws IOException {
    assertThat(decode(gzip(utf8("a\nb\n")))).isEqualTo(utf8("a\nb\n"));
  }

  @Test
  void should_give_single_bytes_unsigned_and_minus_one_at_the_end() throws IOException {
    try (GzipDecoder d = new GzipDecoder(new ByteArrayInputStream(gzip(new byte[] {(byte) 0xFF, 0x7F, (byte) 0x80})))) {
      assertThat(d.read()).isEqualTo(0xFF);
      assertThat(d.read()).isEqualTo(0x7F);
      assertThat(d.read()).isEqualTo(0x80);
      assertThat(d.read()).isEqualTo(-1);
      assertThat(d.read()).isEqualTo(-1);
    }
  }

  @Test
  void should_read_nothing_for_a_read_of_zero_bytes() throws IOException {
    try (GzipDecoder d = new GzipDecoder(new ByteArrayInputStream(gzip(utf8("abc"))))) {
      assertThat(d.read(new byte[4], 0, 0)).isZero();
      assertThat(d.readAllBytes()).isEqualTo(utf8("abc"));
    }
  }

  @Test
  void should_join_every_member_including_empty_ones() throws IOException {
    byte[] input = concat(gzip(utf8("one\n")), gzip(new byte[0]), new GzipMember(utf8("two\n")).flags(FNAME).bytes(),
        gzip(utf8("three")));
    assertThat(decode(input)).isEqualTo(utf8("one\ntwo\nthree"));
  }

  @Test
  void should_skip_each_optional_header_field_alone_and_all_together() throws IOException {
    byte[] data = utf8("x y\nz\n");
    for (int flags : new int[] {FEXTRA, FNAME, FCOMMENT, FHCRC, FEXTRA | FNAME | FCOMMENT | FHCRC}) {
      GzipMember m = new GzipMember(data).flags(flags);
      m.extraLength = 3;
      assertThat(decode(m.bytes())).as("flags %d", flags).isEqualTo(data);
    }
  }

  @Test
  void should_read_an_extra_field_length_in_little_endian_order() throws IOException {
    for (int length : new int[] {0, 1, 255, 256, 300, 513}) {
      GzipMember m = new GzipMember(utf8("body\n")).flags(FEXTRA);
      m.extraLength = length;
      assertThat(decode(m.bytes())).as("extra field of %d bytes", length).isEqualTo(utf8("body\n"));
    }
  }

  @Test
  void should_check_the_header_crc_of_each_member_on_its_own_header() throws IOException {
    byte[] input = concat(new GzipMember(utf8("a\n")).flags(FHCRC | FNAME).bytes(), new GzipMember(utf8("b\n")).flags(FHCRC).bytes());
    assertThat(decode(input)).isEqualTo(utf8("a\nb\n"));
  }

  @Test
  void should_reject_a_wrong_header_crc() {
    GzipMember bad = new GzipMember(utf8("b\n")).flags(FHCRC);
    bad.badHeaderCrc = true;
    GzipDecoder.MalformedGzipException e = failure(concat(gzip(utf8("a\n")), bad.bytes()));
    assertThat(e.reason).isEqualTo(GzipDecoder.CORRUPT);
    assertThat(e.detail).isEqualTo("header CRC mismatch in member 2");
  }

  @Test
  void should_reject_bad_magic_bytes_naming_them_and_the_member() {
    GzipDecoder.MalformedGzipException second = failure(concat(gzip(utf8("a\n")), new byte[] {0x1f, 0x00, 8, 0}));
    assertThat(second.reason).isEqualTo(GzipDecoder.CORRUPT);
    assertThat(second.detail).isEqualTo("bad magic bytes 1f 00 at member 2; expected 1f 8b");
    GzipDecoder.MalformedGzipException first = failure(new byte[] {0x00, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 0});
    assertThat(first.detail).isEqualTo("bad magic bytes 00 8b at member 1; expected 1f 8b");
    assertThat(first).hasMessage("corrupt gzip stream (bad magic bytes 00 8b at member 1; expected 1f 8b)");
  }

  @Test
  void should_reject_a_compression_method_other_than_deflate() {
    GzipMember m = new GzipMember(utf8("a\n"));
    m.method = 7;
    assertThat(failure(m.bytes()).detail).isEqualTo("compression method 7; expected 8 (deflate)");
  }

  @Test
  void should_reject_each_reserved_header_flag() {
    for (int flag : new int[] {0x20, 0x40, 0x80}) {
      GzipDecoder.MalformedGzipException e = failure(new GzipMember(utf8("a\n")).flags(flag).bytes());
      assertThat(e.reason).isEqualTo(GzipDecoder.CORRUPT);
      assertThat(e.detail).isEqualTo("reserved header flags set (" + Integer.toHexString(flag) + ")");
    }
  }

  @Test
  void should_reject_a_crc_mismatch_naming_both_values_and_the_member() {
    GzipMember m = new GzipMember(utf8("b\n"));
    m.crcDelta = 1;
    CRC32 crc = new CRC32();
    crc.update(utf8("b\n"));
    long computed = crc.getValue();
    GzipDecoder.MalformedGzipException e = failure(concat(gzip(utf8("a\n")), m.bytes()));
    assertThat(e.reason).isEqualTo(GzipDecoder.CORRUPT);
    assertThat(e.detail).isEqualTo("CRC-32 mismatch in member 2: stored " + Long.toHexString((computed + 1) & 0xffffffffL)
        + ", computed " + Long.toHexString(computed));
  }

  @Test
  void should_reject_a_stored_length_that_differs_from_the_decompressed_length() {
    GzipMember m = new GzipMember(utf8("ab\n"));
    m.sizeDelta = 1;
    GzipDecoder.MalformedGzipException e = failure(concat(gzip(utf8("a\n")), m.bytes()));
    assertThat(e.reason).isEqualTo(GzipDecoder.CORRUPT);
    assertThat(e.detail).isEqualTo("length mismatch in member 2: stored 4, decompressed 3 (mod 2^32)");
  }

  @Test
  void should_reject_invalid_deflate_data_naming_the_member() {
    byte[] second = gzip(utf8("b\n"));
    second[10] = (byte) 0xFF; // reserved block type
    GzipDecoder.MalformedGzipException e = failure(concat(gzip(utf8("a\n")), second));
    assertThat(e.reason).isEqualTo(GzipDecoder.CORRUPT);
    assertThat(e.detail).startsWith("invalid deflate data in member 2: ");
  }

  @Test
  void should_reject_any_trailing_bytes_after_the_last_member() {
    for (byte[] tail : new byte[][] {{0}, {'x'}, utf8("garbage"), {(byte) 0x8b, 0x1f}}) {
      GzipDecoder.MalformedGzipException e = failure(concat(gzip(utf8("a\n")), gzip(utf8("b\n")), tail));
      assertThat(e.reason).isEqualTo(GzipDecoder.CORRUPT);
      assertThat(e.detail).isEqualTo("trailing bytes after gzip member 2; expected end of file or another gzip member");
    }
  }

  @Test
  void should_report_a_stream_cut_at_any_byte_as_truncated_naming_the_part_and_member() {
    // GIVEN two members, the second with every header field
    byte[] first = gzip(utf8("first\n"));
    GzipMember m = new GzipMember(utf8("second line\n".repeat(20))).flags(FEXTRA | FNAME | FCOMMENT | FHCRC);
    m.extraLength = 2;
    byte[] second = m.bytes();
    int headerLength = 10 + 2 + 2 + 8 + 10 + 2;
    byte[] whole = concat(first, second);
    for (int cut = 0; cut < whole.length; cut++) {
      if (cut == first.length) {
        continue; // a complete first member alone is a valid file
      }
      GzipDecoder.MalformedGzipException e = failure(Arrays.copyOf(whole, cut));
      int member = cut < first.length ? 1 : 2;
      int at = cut < first.length ? cut : cut - first.length;
      int length = cut < first.length ? first.length : second.length;
      int header = cut < first.length ? 10 : headerLength;
      String part = at < header ? "header" : at < length - 8 ? "compressed data" : "trailer";
      assertThat(e.reason).as("cut at %d", cut).isEqualTo(GzipDecoder.TRUNCATED);
      assertThat(e.detail).as("cut at %d", cut)
          .isEqualTo("the " + part + " of member " + member + " ends early; expected a complete gzip file");
    }
  }

  @Test
  void should_decode_the_same_whatever_sizes_the_source_returns_including_zero() throws IOException {
    // GIVEN members larger than the decoder's 64 KiB input buffer, with every header field
    byte[] a = text(150_000, 1);
    byte[] b = text(3_000, 2);
    GzipMember second = new GzipMember(b).flags(FEXTRA | FNAME | FCOMMENT | FHCRC);
    second.extraLength = 5;
    byte[] input = concat(gzip(a), second.bytes(), gzip(new byte[0]));
    byte[] expected = concat(a, b);
    for (int step : new int[] {1, 3, 7, 1 << 20}) {
      try (GzipDecoder d = new GzipDecoder(TestInputs.inPieces(input, step))) {
        assertThat(d.readAllBytes()).as("step %d", step).isEqualTo(expected);
      }
    }
  }

  @Test
  void should_decode_incompressible_data_larger_than_its_input_buffer() throws IOException {
    byte[] noise = new byte[200_000];
    new Random(3).nextBytes(noise);
    assertThat(decode(concat(gzip(noise), gzip(noise)))).isEqualTo(concat(noise, noise));
  }

  @Test
  void should_close_its_source() throws IOException {
    TestInputs.Pieces source = TestInputs.inPieces(gzip(utf8("a")), 100);
    new GzipDecoder(source).close();
    assertThat(source.closed).isTrue();
  }
}
