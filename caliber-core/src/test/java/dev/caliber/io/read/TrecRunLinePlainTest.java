package dev.caliber.io.read;

import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.io.InputLimits;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.text.EntryBlock;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * {@link TrecRunLine#readPlain}, the one-pass reader of the common line, against the general way
 * ({@link Fields#splitOnBlanks} then {@link TrecRunLine#parse}): whatever it accepts, the general
 * way accepts with the same values; whatever else, it declines and leaves the line to the general
 * way, which words the error.
 */
class TrecRunLinePlainTest {
  private static final int MAX = InputLimits.DEFAULT_MAX_LINE_BYTES;

  /** The rules of a six-column run whose first line has the tag {@code tag}. */
  private static TrecRunLine rules(String tag) {
    return rules("q1 Q0 d1 1 1.0 " + tag + "\n", TrecRunOptions.DEFAULT);
  }

  private static TrecRunLine rules(String firstLine, TrecRunOptions options) {
    try (LineReader lines = LineReader.of("run.txt", new ByteArrayInputStream(utf8(firstLine)), InputLimits.DEFAULT)) {
      lines.next();
      Fields fields = new Fields();
      return TrecRunLine.first(lines, fields, fields.splitOnBlanks(lines), options);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** What a line reads as: the one-pass reader's values, or null when it declines. */
  private record Read(String qid, String doc, long rank, long scoreBits, int hash) {}

  /** The one-pass reader on the line at {@code from}, as the stream calls it: only when a \n comes before {@code limit}. */
  private static Read plain(TrecRunLine r, byte[] b, int from, int limit, int max) {
    int newline = from;
    while (newline < limit && b[newline] != '\n') {
      newline++;
    }
    if (newline == limit) {
      return null;
    }
    int found = r.readPlain(b, from, max);
    if (found < 0) {
      return null;
    }
    assertThat(found).as("the line end it finds").isEqualTo(newline);
    return new Read(new String(b, r.qidStart, r.qidEnd - r.qidStart, StandardCharsets.UTF_8),
        new String(b, r.docStart, r.docEnd - r.docStart, StandardCharsets.UTF_8), r.rank,
        Double.doubleToRawLongBits(r.score), r.docHash);
  }

  private static Read plain(TrecRunLine r, String line) {
    byte[] b = utf8(line);
    return plain(r, b, 0, b.length, MAX);
  }

  /** The general way's values for the first line of {@code text} (throws its error). */
  private static Read general(TrecRunLine r, byte[] text) throws IOException {
    try (LineReader lines = LineReader.of("run.txt", new ByteArrayInputStream(text), InputLimits.DEFAULT)) {
      lines.next();
      Fields fields = new Fields();
      r.parse(lines, fields, fields.splitOnBlanks(lines));
      byte[] b = lines.bytes();
      return new Read(new String(b, r.qidStart, r.qidEnd - r.qidStart, StandardCharsets.UTF_8),
          new String(b, r.docStart, r.docEnd - r.docStart, StandardCharsets.UTF_8), r.rank,
          Double.doubleToRawLongBits(r.score), EntryBlock.hash(b, r.docStart, r.docEnd));
    }
  }

  @Test
  void reads_the_common_line_as_the_general_way_does() throws IOException {
    TrecRunLine r = rules("bm25");
    String line = "1000002 Q0 4070228 17 24.8410 bm25\n";
    Read read = plain(r, line);
    assertThat(read).isEqualTo(new Read("1000002", "4070228", 17, Double.doubleToRawLongBits(24.841),
        EntryBlock.hash(utf8("4070228"), 0, 7)));
    assertThat(read).isEqualTo(general(r, utf8(line)));
    assertThat(r.docColumn).isEqualTo(2);
  }

  @Test
  void reads_blanks_of_any_width_around_the_columns() throws IOException {
    TrecRunLine r = rules("t");
    for (String line : List.of(" \tq Q0 d 1 2 t\n", "q\t\tQ0  d \t1   2\tt\n", "q Q0 d 1 2 t \t\n")) {
      assertThat(plain(r, line)).as(line).isNotNull().isEqualTo(general(r, utf8(line)));
    }
  }

  @Test
  void reads_a_line_in_the_middle_of_a_buffer_and_stops_at_its_line_end() {
    TrecRunLine r = rules("t");
    byte[] b = utf8("q Q0 a 1 1 t\nq Q0 bb 22 2.5 t\nq Q0 c 3 3 t\n");
    int second = 13;
    assertThat(r.readPlain(b, second, MAX)).isEqualTo(29);
    assertThat(new String(b, r.docStart, r.docEnd - r.docStart, StandardCharsets.UTF_8)).isEqualTo("bb");
    assertThat(r.rank).isEqualTo(22);
    assertThat(r.score).isEqualTo(2.5);
  }

  @Test
  void reads_the_values_the_general_way_reads_for_leading_zeros_signed_zero_and_exponents() throws IOException {
    TrecRunLine r = rules("t");
    for (String line : List.of("q Q0 d 007 -0 t\n", "q Q0 d 0 -0.0 t\n", "q Q0 d 1 1e-5 t\n", "q Q0 d 1 .5 t\n",
        "q Q0 d 1 5. t\n", "q Q0 d 1 -12.25 t\n", "q Q0 d 999999999999999999 1 t\n",
        "q Q0 d 1 0.1234567890123456789 t\n", "q Q0 d\u007f 1 1 t\n")) {
      assertThat(plain(r, line)).as(line).isNotNull().isEqualTo(general(r, utf8(line)));
    }
  }

  @Test
  void declines_what_the_general_way_must_read_or_reject() throws IOException {
    TrecRunLine r = rules("t");
    List<String> declined = List.of(
        "\n", // blank
        "q Q0 d 1 1\n", // five columns
        "q Q0 d 1 1 t x\n", // seven
        "q Q0 d 1 1 u\n", // another tag
        "q Q0 d 1 1 tt\n", // a longer tag
        "q Q0 d 1 1 \n", // no tag
        "q Q0 d +1 1 t\n", // a signed rank (the general way reads it)
        "q Q0 d -1 1 t\n",
        "q Q0 d 1x 1 t\n",
        "q Q0 d 1234567890123456789 1 t\n", // 19 digits: the general way decides the range
        "q Q0 d 1 NaN t\n",
        "q Q0 d 1 1e999 t\n", // beyond a double
        "q Q0 d 1 1,5 t\n",
        "q Q0 d 1 1 t\r\r\n", // a \r that does not end the line
        "q Q0 d 1 1 t\r \n",
        "q Q0 d 1 1 t\rx\n",
        "q Q0 d 1 1 t", // no line end
        "q Q0 d\u00e9 1 1 t\n", // UTF-8 to check
        "q\u0001 Q0 d 1 1 t\n", // control characters
        "q Q0\u000b d 1 1 t\n",
        "q Q0 d\u000c 1 1 t\n",
        "q Q0 d\r 1 1 t\n",
        "q Q0 d 1\u0000 1 t\n",
        "q Q0 d 1 1\u0000 t\n",
        "q Q0 d 1 1 t\u0000\n",
        "q Q0 d 1 1 t \u0000\n");
    for (String line : declined) {
      assertThat(plain(r, line)).as(line).isNull();
    }
  }

  @Test
  void reads_a_crlf_line_as_the_general_way_does_which_drops_the_carriage_return() throws IOException {
    TrecRunLine r = rules("t");
    for (String line : List.of("q Q0 d 1 1 t\r\n", "q Q0 d 1 1 t \t\r\n")) {
      assertThat(plain(r, line)).as(line).isNotNull().isEqualTo(general(r, utf8(line)));
    }
  }

  @Test
  void declines_a_line_longer_than_the_limit() {
    TrecRunLine r = rules("t");
    byte[] b = utf8("q Q0 d 1 1 t\n");
    assertThat(plain(r, b, 0, b.length, 12)).isNotNull(); // 12 bytes before the \n
    assertThat(plain(r, b, 0, b.length, 11)).isNull();
    byte[] two = utf8("q Q0 a 1 1 t\nq Q0 d 1 1 t\n"); // the second line, 12 bytes, starts at 13
    assertThat(plain(r, two, 13, two.length, 12)).isNotNull();
    assertThat(plain(r, two, 13, two.length, 11)).isNull();
  }

  @Test
  void declines_every_line_of_a_three_column_run() throws IOException {
    TrecRunLine r = rules("q1 d1 1\n", TrecRunOptions.DEFAULT);
    assertThat(plain(r, "q1 d1 1\n")).isNull();
    assertThat(plain(r, "q Q0 d 1 1 t\n")).isNull();
  }

  @Test
  void leaves_extra_columns_to_the_general_way_even_when_they_are_ignored() throws IOException {
    TrecRunLine r = rules("q1 Q0 d1 1 1 t\n", TrecRunOptions.DEFAULT.withIgnoreExtraColumns(true));
    String line = "q Q0 d 1 1 t x\n";
    assertThat(plain(r, line)).isNull();
    assertThat(general(r, utf8(line)).doc()).isEqualTo("d");
  }

  @Test
  void reads_a_tag_with_non_ascii_text_byte_for_byte() throws IOException {
    TrecRunLine r = rules("r\u00e9sum\u00e9");
    String line = "q Q0 d 1 1 r\u00e9sum\u00e9\n";
    assertThat(plain(r, line)).isNotNull().isEqualTo(general(r, utf8(line)));
    assertThat(plain(r, "q Q0 d 1 1 r\u00e9sum\u00e8\n")).isNull();
    // a score run into a tag that starts with the same non-ASCII bytes is one column, not two
    TrecRunLine e = rules("\u00e9");
    assertThat(plain(e, "q Q0 d 1 1.5\u00e9\n")).isNull();
    assertThatThrownBy(() -> general(e, utf8("q Q0 d 1 1.5\u00e9\n"))).hasMessageContaining("wrong number of columns");
  }

  @Test
  void a_declined_line_gets_the_general_way_error() throws IOException {
    TrecRunLine r = rules("t");
    String line = "q Q0 d 1 1 u\n";
    assertThat(plain(r, line)).isNull();
    assertThatThrownBy(() -> general(r, utf8(line))).hasMessageContaining("run tag differs from the first line's");
  }

  @Test
  void tells_whether_the_query_is_the_previous_lines_without_another_pass() {
    TrecRunLine r = rules("t");
    byte[] b = utf8("q1 Q0 a 1 1 t\nq1 Q0 b 2 1 t\nq12 Q0 c 3 1 t\nq1 Q0 d 4 1 t\n\tq1 Q0 e 5 1 t\n");
    int[] from = {0, 14, 28, 43, 57};
    assertThat(r.readPlain(b, from[0], MAX, 0, -1)).isEqualTo(13);
    assertThat(r.sameQuery).as("nothing to compare with").isFalse();
    assertThat(r.readPlain(b, from[1], MAX, 0, 2)).isEqualTo(27);
    assertThat(r.sameQuery).as("q1 after q1").isTrue();
    assertThat(r.readPlain(b, from[2], MAX, 14, 16)).isEqualTo(42);
    assertThat(r.sameQuery).as("q12 after q1").isFalse();
    assertThat(new String(b, r.qidStart, r.qidEnd - r.qidStart, StandardCharsets.UTF_8)).isEqualTo("q12");
    assertThat(r.readPlain(b, from[3], MAX, 28, 31)).isEqualTo(56);
    assertThat(r.sameQuery).as("q1 after q12").isFalse();
    assertThat(r.qidEnd - r.qidStart).isEqualTo(2);
    assertThat(r.readPlain(b, from[4], MAX, 43, 45)).isEqualTo(71);
    assertThat(r.sameQuery).as("q1 after q1, behind a tab").isTrue();
  }

  @Property
  void the_same_query_exactly_when_its_bytes_equal_the_previous_ones(
      @ForAll("queryIds") String previous, @ForAll("queryIds") String qid) {
    TrecRunLine r = rules("t");
    byte[] b = utf8(previous + " Q0 a 1 1 t\n" + qid + " Q0 b 2 1 t\n");
    int second = utf8(previous).length + 12;
    int found = r.readPlain(b, second, MAX, 0, utf8(previous).length);
    if (!qid.chars().allMatch(c -> c < 0x80)) {
      assertThat(found).as("UTF-8 to check: the general way's").isEqualTo(-1);
      return;
    }
    assertThat(found).isEqualTo(b.length - 1);
    assertThat(r.sameQuery).isEqualTo(previous.equals(qid));
    assertThat(new String(b, r.qidStart, r.qidEnd - r.qidStart, StandardCharsets.UTF_8)).isEqualTo(qid);
  }

  @Test
  void declines_a_query_id_that_cuts_the_previous_ones_utf8_in_the_middle_of_a_character() {
    TrecRunLine r = rules("t");
    // the previous ID, q\u00e9 (read the general way), is q C3 A9; this line's is q C3: not UTF-8
    byte[] b = {'q', (byte) 0xC3, (byte) 0xA9, ' ', 'Q', '0', ' ', 'a', ' ', '1', ' ', '1', ' ', 't', '\n',
        'q', (byte) 0xC3, ' ', 'Q', '0', ' ', 'b', ' ', '2', ' ', '1', ' ', 't', '\n'};
    assertThat(r.readPlain(b, 15, MAX, 0, 3)).isEqualTo(-1);
    b[16] = (byte) 0xA9; // now q A9 ...: no more UTF-8
    assertThat(r.readPlain(b, 15, MAX, 0, 3)).isEqualTo(-1);
  }

  /** Query IDs that are often equal, or one a prefix of the other. */
  @Provide
  Arbitrary<String> queryIds() {
    return Arbitraries.strings().withChars("q1\u00e9").ofMinLength(1).ofMaxLength(4);
  }

  // ---- every line of a rich alphabet ------------------------------------------------------------

  /** Six columns, each mostly well formed, then now and then one character replaced by a troublesome one. */
  @Provide
  Arbitrary<String> lines() {
    Arbitrary<String> id = Arbitraries.oneOf(Arbitraries.of("q1", "1000002", "D-7", "a.b", "\u007f"),
        Arbitraries.of("q1", "1000002", "D-7", "a.b", "\u00e9", "x\u0001", "a\rb", ""));
    Arbitrary<String> rank = Arbitraries.oneOf(Arbitraries.of("1", "17", "007", "0"),
        Arbitraries.of("1", "+1", "-1", "1x", "1234567890123456789", ""));
    Arbitrary<String> score = Arbitraries.oneOf(Arbitraries.of("24.8410", "1.5", "-0", "17"), Arbitraries.of("24.8410", "1.5", "-0", ".5", "5.", "1e5", "2E-3", "-12", "NaN", "Infinity",
        "1e999", "0.12345678901234567", "0x10", "1,5", "+3", ""));
    Arbitrary<String> tag = Arbitraries.of("t", "t", "t", "tt", "u", "");
    Arbitrary<String> blank = Arbitraries.of(" ", " ", "\t", "  ", " \t");
    Arbitrary<String> end = Arbitraries.of("\n", "\n", "\n", "\r\n", "", " \n", " x\n");
    Arbitrary<String> line = Combinators.combine(id, id, id, rank, score, tag, blank.list().ofSize(7), end)
        .as((q, q0, d, rk, sc, t, blanks, e) -> blanks.get(6).trim() + q + blanks.get(0) + q0 + blanks.get(1) + d
            + blanks.get(2) + rk + blanks.get(3) + sc + blanks.get(4) + t + e);
    Arbitrary<String> trouble = Arbitraries.of(" ", "\t", "\n", "\r", "\u0000", "\u000b", "\u00e9", "-", ".", "9", "e");
    return Combinators.combine(line, Arbitraries.integers().between(-40, 40), trouble).as((l, at, c) -> {
      if (at < 0 || at >= l.length()) {
        return l; // most lines as they are
      }
      return l.substring(0, at) + c + l.substring(at + 1);
    });
  }

  @Property
  void accepts_only_what_the_general_way_accepts_and_reads_the_same_values(@ForAll("lines") String line)
      throws IOException {
    TrecRunLine r = rules("t");
    byte[] b = utf8(line);
    Read fast = plain(r, b, 0, b.length, MAX);
    Statistics.collect(fast != null ? "accepted" : "declined");
    Statistics.coverage(c -> c.check("accepted").count(n -> n > 0)); // the generator reaches both ways
    if (fast != null) {
      assertThat(general(r, b)).isEqualTo(fast);
    }
  }

  @Property
  void accepts_the_well_formed_lines(@ForAll("scores") String score, @ForAll("ranks") String rank) throws IOException {
    TrecRunLine r = rules("t");
    String line = "q" + rank + " Q0 d" + score + " " + rank + " " + score + " t\n";
    Read fast = plain(r, line);
    assertThat(fast).isNotNull().isEqualTo(general(r, utf8(line)));
  }

  /** Scores of at most 15 digits without an exponent, which {@code Decimals} always decides. */
  @Provide
  Arbitrary<String> scores() {
    return Arbitraries.oneOf(
        Arbitraries.bigDecimals().between(java.math.BigDecimal.valueOf(-1e6), java.math.BigDecimal.valueOf(1e6))
            .ofScale(4).map(d -> d.toPlainString()),
        Arbitraries.integers().map(String::valueOf));
  }

  @Test
  void declines_the_scores_decimals_leaves_to_parse_double_and_the_general_way_reads_them() throws IOException {
    TrecRunLine r = rules("t");
    for (String score : List.of("4.9E-324", "1e-400", "2.2250738585072011e-308")) { // subnormal, underflow
      String line = "q Q0 d 1 " + score + " t\n";
      assertThat(plain(r, line)).as(score).isNull();
      assertThat(Double.longBitsToDouble(general(r, utf8(line)).scoreBits())).isEqualTo(Double.parseDouble(score));
    }
    String line = "q Q0 d 1 9007199254740993 t\n"; // 2^53 + 1: rounds to 2^53
    Read fast = plain(r, line);
    if (fast != null) {
      assertThat(fast).isEqualTo(general(r, utf8(line)));
    }
    assertThat(Double.longBitsToDouble(general(r, utf8(line)).scoreBits())).isEqualTo(9007199254740992.0);
  }

  @Property
  void reads_any_double_as_the_general_way_does_when_it_accepts(@ForAll double score) throws IOException {
    TrecRunLine r = rules("t");
    String line = "q Q0 d 1 " + score + " t\n";
    Read fast = plain(r, line);
    Statistics.collect(fast != null ? "accepted" : "declined");
    if (fast != null) {
      assertThat(general(r, utf8(line))).isEqualTo(fast);
    } else if (Double.isFinite(score)) {
      assertThat(Double.longBitsToDouble(general(r, utf8(line)).scoreBits())).isEqualTo(score);
    }
  }

  @Provide
  Arbitrary<String> ranks() {
    return Arbitraries.longs().between(0, 999_999_999_999_999_999L).map(String::valueOf);
  }

  @Property
  void reads_long_scores_in_one_pass_as_the_general_way_does(@ForAll("longScores") String score) throws IOException {
    TrecRunLine r = rules("t");
    String line = "303\tQ0\tLA071090-0047\t0\t" + score + "\tt\n";
    Read fast = plain(r, line);
    Statistics.collect(fast != null ? "accepted" : "declined");
    Statistics.coverage(c -> c.check("accepted").percentage(p -> p > 95));
    if (fast != null) {
      assertThat(general(r, utf8(line))).isEqualTo(fast);
    }
    assertThat(Double.longBitsToDouble(general(r, utf8(line)).scoreBits())).isEqualTo(Double.parseDouble(score));
  }

  /** Plain scores of 15 to 19 significant digits (as Python's repr writes many runs' scores), signed or not. */
  @Provide
  Arbitrary<String> longScores() {
    return Combinators.combine(Arbitraries.doubles().between(-1e4, 1e4), Arbitraries.integers().between(15, 19))
        .as((v, digits) -> new java.math.BigDecimal(v).round(new java.math.MathContext(digits)).toPlainString())
        .filter(t -> t.replace("-", "").replace(".", "").length() <= 19);
  }
}
