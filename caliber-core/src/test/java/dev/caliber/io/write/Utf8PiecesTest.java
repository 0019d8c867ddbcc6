package dev.caliber.io.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** {@link Utf8Pieces} writes the bytes an {@link OutputStreamWriter} writes, piece boundaries wherever they fall. */
class Utf8PiecesTest {
  private static byte[] bytes(List<String> pieces) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Utf8Pieces utf8 = new Utf8Pieces(out);
    pieces.forEach(p -> utf8.accept(new StringBuilder(p)));
    utf8.finish();
    return out.toByteArray();
  }

  private static byte[] writers(List<String> pieces) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
      for (String p : pieces) {
        w.append(p);
      }
    }
    return out.toByteArray();
  }

  @Provide
  Arbitrary<List<String>> pieces() {
    // ASCII, Latin-1, other BMP letters, supplementary characters and lone surrogates
    Arbitrary<String> piece = Arbitraries.strings()
        .withCharRange('a', 'c').withCharRange('\u00e9', '\u00e9').withCharRange('\u4e2d', '\u4e2d')
        .withCharRange('\ud83d', '\ud83d').withCharRange('\ude00', '\ude00').ofMaxLength(12);
    return piece.list().ofMaxSize(8);
  }

  @Property(tries = 500)
  void writes_what_an_output_stream_writer_writes(@ForAll("pieces") List<String> pieces) throws IOException {
    assertThat(bytes(pieces)).isEqualTo(writers(pieces));
  }

  @Test
  void a_surrogate_pair_split_between_pieces_is_written_whole() throws IOException {
    List<String> split = List.of("a\ud83d", "\ude00b");
    assertThat(new String(bytes(split), StandardCharsets.UTF_8)).isEqualTo("a\ud83d\ude00b");
    assertThat(bytes(split)).isEqualTo(writers(split));
  }

  @Test
  void a_lone_high_surrogate_at_the_end_is_a_question_mark() throws IOException {
    assertThat(bytes(List.of("x\ud83d"))).isEqualTo("x?".getBytes(StandardCharsets.US_ASCII)).isEqualTo(writers(List.of("x\ud83d")));
  }

  @Test
  void a_piece_longer_than_a_slice_keeps_a_pair_that_straddles_the_slice_boundary() throws IOException {
    // GIVEN a pair whose high half is the last character of the first slice
    String s = "a".repeat(Utf8Pieces.SLICE - 1) + "\ud83d\ude00" + "b".repeat(Utf8Pieces.SLICE + 3);
    // THEN
    assertThat(bytes(List.of(s))).isEqualTo(s.getBytes(StandardCharsets.UTF_8)).isEqualTo(writers(List.of(s)));
  }

  @Test
  void a_write_error_is_thrown_unchecked_with_its_cause() {
    IOException full = new IOException("No space left on device");
    Utf8Pieces utf8 = new Utf8Pieces(new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw full;
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        throw full;
      }
    });
    assertThatThrownBy(() -> utf8.accept("abc")).isInstanceOf(UncheckedIOException.class).hasCause(full);
  }
}
