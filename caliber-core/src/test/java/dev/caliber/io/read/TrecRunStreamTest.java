package dev.caliber.io.read;

import static dev.caliber.io.text.TestInputs.gzip;
import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.text.EntryBlock;
import dev.caliber.io.text.LineBlocks;
import dev.caliber.io.text.LineReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * The streaming reader's rules, line by line and block by block: where blocks are cut, what a
 * parsed block holds, and the errors, which must be {@link TrecRunReader}'s.
 */
class TrecRunStreamTest {
  private static TrecRunStream open(String text, int blockBytes) throws IOException {
    return open(text, TrecRunOptions.DEFAULT, blockBytes);
  }

  private static TrecRunStream open(String text, TrecRunOptions options, int blockBytes) throws IOException {
    return TrecRunStream.open("run.txt", new ByteArrayInputStream(utf8(text)), options, blockBytes);
  }

  /** An input that gives at most 8 bytes per read, as a pipe may. */
  private static InputStream trickle(String text) {
    return new ByteArrayInputStream(utf8(text)) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, 8));
      }
    };
  }

  /** Every block's text, the input trickling in. */
  private static List<String> blocks(String text, int blockBytes) throws IOException {
    List<String> out = new ArrayList<>();
    try (TrecRunStream s = TrecRunStream.open("run.txt", trickle(text), TrecRunOptions.DEFAULT, blockBytes)) {
      LineBlocks.Block b;
      while ((b = s.next()) != null) {
        out.add(new String(b.data(), 0, b.length(), java.nio.charset.StandardCharsets.UTF_8));
      }
    }
    return out;
  }

  private static int cut(String text) {
    return TrecRunStream.cut(utf8(text), 0, utf8(text).length);
  }

  // ---- cutting --------------------------------------------------------------------------------------

  @Test
  void cuts_before_the_first_line_of_the_last_query() {
    assertThat(cut("q1 a\nq1 b\nq2 c\nq2 d\n")).isEqualTo(10);
    assertThat(cut("q1 a\nq2 b\n")).isEqualTo(5);
  }

  @Test
  void asks_for_more_bytes_when_every_line_has_the_same_query() {
    assertThat(cut("q1 a\n")).isZero();
    assertThat(cut("q1 a\nq1 b\nq1 c\n")).isZero();
  }

  @Test
  void compares_whole_query_ids_after_leading_blanks() {
    assertThat(cut("q1 a\nq12 b\n")).isEqualTo(5);
    assertThat(cut("q12 a\nq1 b\n")).isEqualTo(6);
    assertThat(cut(" \tq1 a\n\tq1\tb\nq1 c\n")).isZero();
    assertThat(cut("q1\ta\n  q2 b\n")).isEqualTo(5);
  }

  @Test
  void ends_a_query_id_at_a_line_end_too() {
    // one-column lines are malformed, but the cut must still see the same query ID
    assertThat(cut("q1\nq1 b\n")).isZero();
    assertThat(cut("q1\r\nq1 b\n")).isZero();
    assertThat(cut("q1 b\nq1\n")).isZero();
    assertThat(cut("q1 b\nq1\r\n")).isZero();
    assertThat(cut("q1 a\n\nq1 b\n")).isEqualTo(6); // an empty line is another (empty) query ID
  }

  @Test
  void looks_only_at_the_bytes_from_where_the_block_starts() {
    byte[] b = utf8("q2 x\nq1 a\nq1 b\nq2 c\n");
    assertThat(TrecRunStream.cut(b, 5, b.length)).isEqualTo(15);
    assertThat(TrecRunStream.cut(b, 5, 15)).isEqualTo(5); // only q1 from byte 5: ask for more
    byte[] newlineBefore = utf8("x\nq1 a\nq1 b\n");
    assertThat(TrecRunStream.cut(newlineBefore, 2, newlineBefore.length)).isEqualTo(2);
    byte[] noNewlineBefore = utf8("xq1 a\nq1 b\n");
    assertThat(TrecRunStream.cut(noNewlineBefore, 1, noNewlineBefore.length)).isEqualTo(1);
  }

  @Test
  void hands_out_blocks_of_whole_queries() throws IOException {
    String run = "q1 Q0 a 1 1 t\nq1 Q0 b 2 1 t\nq2 Q0 a 1 1 t\nq3 Q0 a 1 1 t\nq3 Q0 b 2 1 t";
    assertThat(blocks(run, 1)).containsExactly("q1 Q0 a 1 1 t\nq1 Q0 b 2 1 t\n", "q2 Q0 a 1 1 t\n",
        "q3 Q0 a 1 1 t\nq3 Q0 b 2 1 t");
    assertThat(blocks(run, 1 << 20)).containsExactly(run);
  }

  // ---- opening --------------------------------------------------------------------------------------

  @Test
  void takes_the_name_from_the_option_or_the_file_and_keeps_the_tag_apart() throws IOException {
    try (TrecRunStream s = open("q Q0 d 1 1 tagA\n", 1)) {
      assertThat(s.name()).isEqualTo("run.txt");
      assertThat(s.tag()).isEqualTo("tagA");
      assertThat(s.source()).isEqualTo("run.txt");
    }
    try (TrecRunStream s = open("q Q0 d 1 1 tagA\n", TrecRunOptions.DEFAULT.withName("mine"), 1)) {
      assertThat(s.name()).isEqualTo("mine");
      assertThat(s.tag()).isEqualTo("tagA");
    }
    try (TrecRunStream s = TrecRunStream.open("dir/run.tsv.gz", new ByteArrayInputStream(utf8("q\td\t1\n")),
        TrecRunOptions.DEFAULT, 1)) {
      assertThat(s.name()).isEqualTo("run.tsv");
      assertThat(s.tag()).isNull();
    }
  }

  @Test
  void counts_the_bytes_handed_out_after_decompression() throws IOException {
    String run = "q1 Q0 a 1 1 t\nq2 Q0 a 1 1 t\n";
    try (TrecRunStream s = TrecRunStream.open("run.txt.gz", new ByteArrayInputStream(gzip(utf8(run))),
        TrecRunOptions.DEFAULT, 1)) {
      assertThat(s.bytesRead()).isEqualTo(14); // the first block, read to decide the format
      s.next();
      s.next();
      assertThat(s.bytesRead()).isEqualTo(28);
      assertThat(s.next()).isNull();
    }
  }

  @Test
  void rejects_a_block_size_below_one() {
    assertThatThrownBy(() -> open("q Q0 d 1 1 t\n", 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal blockBytes value: 0, must be at least 1");
  }

  @Test
  void rejects_an_empty_run_or_a_malformed_first_line_and_closes_the_input() {
    for (String text : new String[] {"", "q Q0 d 1 1\n", "\n"}) {
      boolean[] closed = {false};
      InputStream in = new ByteArrayInputStream(utf8(text)) {
        @Override
        public void close() {
          closed[0] = true;
        }
      };
      assertThatThrownBy(() -> TrecRunStream.open("run.txt", in, TrecRunOptions.DEFAULT, 1))
          .as(text).isInstanceOf(InputSyntaxException.class).hasMessageStartingWith("run.txt");
      assertThat(closed[0]).as(text).isTrue();
    }
    assertThatThrownBy(() -> open("", 1)).hasMessage(
        "run.txt: empty run (no lines; expected lines \"qid Q0 docid rank score tag\" or \"qid docid rank\")");
    assertThatThrownBy(() -> open("q Q0 d 1 1\n", 1)).hasMessageStartingWith("run.txt:1: wrong number of columns");
  }

  @Test
  void closes_the_input() throws IOException {
    boolean[] closed = {false};
    InputStream in = new ByteArrayInputStream(utf8("q Q0 d 1 1 t\n")) {
      @Override
      public void close() {
        closed[0] = true;
      }
    };
    TrecRunStream s = TrecRunStream.open("run.txt", in, TrecRunOptions.DEFAULT, 1);
    assertThat(closed[0]).isFalse();
    s.close();
    assertThat(closed[0]).isTrue();
  }

  // ---- parsing --------------------------------------------------------------------------------------

  @Test
  void parses_every_entry_of_a_block_into_query_runs() throws IOException {
    String run = "q1 Q0 dé 7 2.5 t\nq1 Q0 b 3 -0.5 t\n\tq2  Q0 c -1 1e2 t \nq3 Q0 d 0 0 t\n";
    try (TrecRunStream s = open(run, 1 << 20)) {
      EntryBlock p = s.parse(s.next());
      assertThat(p.error()).isNull();
      assertThat(p.lines()).isEqualTo(4);
      assertThat(p.source()).isEqualTo("run.txt");
      assertThat(p.queries()).isEqualTo(3);
      assertThat(List.of(p.queryId(0), p.queryId(1), p.queryId(2))).containsExactly("q1", "q2", "q3");
      assertThat(new int[] {p.queryStart(0), p.queryStart(1), p.queryStart(2), p.queryStart(3)})
          .containsExactly(0, 2, 3, 4);
      assertThat(List.of(p.doc(0), p.doc(1), p.doc(2), p.doc(3))).containsExactly("dé", "b", "c", "d");
      assertThat(p.scores()).startsWith(2.5, -0.5, 100.0, 0.0);
      assertThat(p.ranks()).startsWith(7, 3, -1, 0);
      assertThat(p.lineNumbers()).startsWith(1, 2, 3, 4);
      assertThat(p.docStarts()[0]).isEqualTo(6);
      assertThat(p.docEnds()[0]).isEqualTo(9); // "dé" is three bytes
      assertThat(p.data()).isSameAs(p.data());
    }
  }

  @Test
  void parses_three_columns_with_minus_the_rank_as_score() throws IOException {
    try (TrecRunStream s = open("q1\td1\t1\nq1\td2\t0\n", 1 << 20)) {
      EntryBlock p = s.parse(s.next());
      assertThat(List.of(p.doc(0), p.doc(1))).containsExactly("d1", "d2");
      assertThat(p.scores()[0]).isEqualTo(-1.0);
      assertThat(Double.doubleToRawLongBits(p.scores()[1])).isZero(); // +0.0
    }
  }

  @Test
  void starts_a_new_query_run_when_the_query_id_changes_even_back_to_an_earlier_one() throws IOException {
    try (TrecRunStream s = open("q1 Q0 a 1 1 t\nq2 Q0 a 1 1 t\nq1 Q0 b 2 1 t\nq1 Q0 c 3 1 t\n", 1 << 20)) {
      EntryBlock p = s.parse(s.next());
      assertThat(p.queries()).isEqualTo(3);
      assertThat(p.queryId(2)).isEqualTo("q1");
      assertThat(p.queryStart(2)).isEqualTo(2);
      assertThat(p.queryStart(3)).isEqualTo(4);
    }
  }

  @Test
  void keeps_the_first_malformed_line_of_a_block_with_the_line_counted_from_the_block() throws IOException {
    String run = "q1 Q0 a 1 1 t\nq2 Q0 a 1 1 t\nq2 Q0 b x 1 t\nq2 Q0 c 1 1 u\n";
    try (TrecRunStream s = open(run, 1)) {
      s.next(); // q1
      EntryBlock p = s.parse(s.next());
      assertThat(p.error()).isInstanceOf(InputSyntaxException.class)
          .hasMessageStartingWith("run.txt:2: rank must be an integer (got \"x\"");
      assertThat(p.lines()).isEqualTo(2);
      assertThat(p.queries()).isEqualTo(1);
      assertThat(p.queryStart(1)).isEqualTo(1); // the entry before the error
    }
  }

  @Test
  void reads_blank_lines_in_the_input_s_last_block_and_refuses_those_that_end_another() throws IOException {
    // GIVEN the smallest blocks: the first is cut before the last query, q2, so it ends in the blank lines
    try (TrecRunStream s = open("q1 Q0 a 1 1 t\n\n \nq2 Q0 a 1 1 t\n", 1)) {
      LineBlocks.Block first = s.next();
      assertThat(first.endsInput()).isFalse();
      // THEN blank lines that end a block another follows are the error at their first line
      assertThat(s.parse(first).error()).hasMessageStartingWith("run.txt:2: blank line").hasMessageEndingWith(
          "blank lines may only end the file)");
    }
    // and the blank lines that end the input, the last block cut before them, are read
    try (TrecRunStream s = open("q1 Q0 a 1 1 t\nq2 Q0 a 1 1 t\n\n\t\n", 1)) {
      assertThat(s.parse(s.next()).error()).isNull();
      LineBlocks.Block last = s.next();
      assertThat(last.endsInput()).isTrue();
      EntryBlock p = s.parse(last);
      assertThat(p.error()).isNull();
      assertThat(p.queries()).isZero(); // the blank lines alone: nothing to score
      assertThat(s.next()).isNull();
    }
    // and within one block, a line after them makes them the error
    try (TrecRunStream s = open("q1 Q0 a 1 1 t\n\nq1 Q0 b 2 1 t\n", 1 << 20)) {
      assertThat(s.parse(s.next()).error()).hasMessageStartingWith("run.txt:2: blank line");
    }
  }

  @Test
  void rejects_another_tag_or_column_count_than_the_first_line_has() throws IOException {
    try (TrecRunStream s = open("q1 Q0 a 1 1 t\nq1 Q0 b 2 1 u\n", 1 << 20)) {
      assertThat(s.parse(s.next()).error()).hasMessageStartingWith("run.txt:2: run tag differs from the first line's");
    }
    try (TrecRunStream s = open("q1 Q0 a 1 1 t\nq1 b 2\n", 1 << 20)) {
      assertThat(s.parse(s.next()).error()).hasMessageStartingWith("run.txt:2: wrong number of columns");
    }
    try (TrecRunStream s = open("q1 Q0 a 1 1 t x\nq1 Q0 b 2 1 t y z\n",
        TrecRunOptions.DEFAULT.withIgnoreExtraColumns(true), 1 << 20)) {
      EntryBlock p = s.parse(s.next());
      assertThat(p.error()).isNull();
      assertThat(p.doc(1)).isEqualTo("b");
    }
  }

  @Test
  void parses_into_a_reused_block_as_into_a_new_one() throws IOException {
    StringBuilder big = new StringBuilder();
    for (int q = 0; q < 40; q++) {
      for (int d = 0; d < 3; d++) {
        big.append('q').append(q).append(' ').append('d').append(d).append(' ').append(d + 1).append('\n');
      }
    }
    EntryBlock first = parseAll(big.toString(), null);
    assertThat(first.queries()).isEqualTo(40); // more query runs and entries than the arrays start with
    assertThat(first.queryId(39)).isEqualTo("q39");
    assertThat(first.queryStart(40)).isEqualTo(120);
    assertThat(first.doc(119)).isEqualTo("d2");
    assertThat(first.ranks()[119]).isEqualTo(3);
    assertThat(first.lineNumbers()[119]).isEqualTo(120);
    EntryBlock second = parseAll("x d 1\nx e y\n", first);
    assertThat(second).isSameAs(first);
    assertThat(second.error()).hasMessageStartingWith("run.txt:2: rank");
    assertThat(second.lines()).isEqualTo(2);
    assertThat(second.queries()).isEqualTo(1);
    assertThat(second.queryStart(1)).isEqualTo(1);
    EntryBlock third = parseAll("z a 1\nz b 2\n", second);
    assertThat(third).isSameAs(first);
    assertThat(third.error()).isNull();
    assertThat(third.lines()).isEqualTo(2);
    assertThat(third.queries()).isEqualTo(1);
    assertThat(third.queryId(0)).isEqualTo("z");
    assertThat(List.of(third.doc(0), third.doc(1))).containsExactly("a", "b");
    assertThat(third.queryStart(0)).isZero();
    assertThat(third.queryStart(1)).isEqualTo(2);
  }

  /** The first block of {@code text} (all of it, when short), parsed into {@code reuse} when not null. */
  private static EntryBlock parseAll(String text, EntryBlock reuse) throws IOException {
    try (TrecRunStream s = open(text, 1 << 20)) {
      return s.parse(s.next(), reuse);
    }
  }

  @Test
  void reads_a_first_line_that_starts_with_a_byte_order_mark() throws IOException {
    EntryBlock p = parseAll("\uFEFFq1 Q0 d 1 1 t\nq1 Q0 e 2 0.5 t\n", null);
    assertThat(p.error()).isNull();
    assertThat(p.queries()).isEqualTo(1);
    assertThat(p.queryId(0)).isEqualTo("q1");
    assertThat(List.of(p.doc(0), p.doc(1))).containsExactly("d", "e");
  }

  @Test
  void tells_apart_query_ids_of_which_one_begins_the_other() throws IOException {
    EntryBlock p = parseAll("q10 Q0 a 1 1 t\nq1 Q0 b 1 1 t\nq10 Q0 c 1 1 t\n", null);
    assertThat(p.queries()).isEqualTo(3);
    assertThat(List.of(p.queryId(0), p.queryId(1), p.queryId(2))).containsExactly("q10", "q1", "q10");
  }

  @Test
  void lets_a_block_buffer_be_recycled_once_parsed() throws IOException {
    try (TrecRunStream s = TrecRunStream.open("run.txt", trickle("q1 Q0 a 1 1 t\nq2 Q0 b 1 1 t\nq3 Q0 c 1 1 t\n"),
        TrecRunOptions.DEFAULT, 1)) {
      LineBlocks.Block b = s.next();
      EntryBlock p = s.parse(b);
      assertThat(p.doc(0)).isEqualTo("a");
      s.recycle(b);
      assertThat(s.parse(s.next()).doc(0)).isEqualTo("b");
      assertThat(s.parse(s.next()).doc(0)).isEqualTo("c");
    }
  }

  // ---- errors worded as the run reader words them ------------------------------------------------

  @Test
  void words_too_many_lines_at_the_first_line_too_many() {
    InputSyntaxException e = TrecRunStream.tooManyLines("run.txt");
    assertThat(e.location().line()).isEqualTo(2147483648L);
    assertThat(e).hasMessage("run.txt:2147483648: too many lines (more than 2147483647 lines; expected fewer in one run file)");
  }
  // ---- any small file, against the run reader ------------------------------------------------------

  /** Lines from a rich alphabet: mostly well formed, with every kind of fault now and then. */
  @Provide
  Arbitrary<String> files() {
    Arbitrary<String> qid = mostly(Arbitraries.of("q1", "q2", "q10"), Arbitraries.of("q\u00e9", "", "q\u0001"));
    Arbitrary<String> doc = mostly(Arbitraries.of("a", "b", "c", "D", "e\u007f"), Arbitraries.of("d\u00e9", "", "f\rg"));
    Arbitrary<String> rank = mostly(Arbitraries.of("1", "2", "007"), Arbitraries.of("-1", "+3", "x", ""));
    Arbitrary<String> score = mostly(Arbitraries.of("1.5", "2", "-0", "0.0", ".5", "1e3"),
        Arbitraries.of("NaN", "1e999", "1,5", ""));
    Arbitrary<String> tag = mostly(Arbitraries.of("t"), Arbitraries.of("u", "t x", ""));
    Arbitrary<String> blank = Arbitraries.of(" ", " ", "\t", "  ");
    Arbitrary<String> end = mostly(Arbitraries.of("\n"), Arbitraries.of("\r\n", " \n", "\u000c\n"));
    Arbitrary<String> line = Combinators.combine(qid, doc, rank, score, tag, blank, end)
        .as((q, d, r, sc, t, b, e) -> q + b + "Q0" + b + d + b + r + b + sc + b + t + e);
    Arbitrary<String> bom = Arbitraries.of("", "", "", "\uFEFF");
    return Combinators.combine(bom, line.list().ofMinSize(1).ofMaxSize(6), Arbitraries.of(true, true, false))
        .as((mark, lines, lastEnd) -> {
          String text = mark + String.join("", lines);
          return lastEnd || !text.endsWith("\n") ? text : text.substring(0, text.length() - 1);
        });
  }

  /** Values of {@code good} nineteen times in twenty, else of {@code bad}. */
  private static Arbitrary<String> mostly(Arbitrary<String> good, Arbitrary<String> bad) {
    return Arbitraries.frequencyOf(Tuple.of(19, good), Tuple.of(1, bad));
  }

  /** Each query's entries ("doc score rank"), in file order, or the first error's message. */
  private static Object streamed(String text, int blockBytes) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    try (TrecRunStream s = open(text, blockBytes)) {
      long firstLine = 1;
      LineBlocks.Block b;
      while ((b = s.next()) != null) {
        EntryBlock p = s.parse(b);
        if (p.error() != null) {
          return LineBlocks.relocate(p.error(), firstLine).getMessage();
        }
        for (int q = 0; q < p.queries(); q++) {
          List<String> entries = out.computeIfAbsent(p.queryId(q), k -> new ArrayList<>());
          for (int e = p.queryStart(q); e < p.queryStart(q + 1); e++) {
            entries.add(p.doc(e) + " " + p.scores()[e] + " " + p.ranks()[e]);
          }
        }
        firstLine += p.lines();
      }
    } catch (InputSyntaxException e) {
      return e.getMessage();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out;
  }

  @Property
  void reads_any_small_file_as_the_run_reader_does(@ForAll("files") String text,
      @ForAll @IntRange(min = 1, max = 48) int blockBytes) throws IOException {
    Object whole;
    try {
      Map<String, List<String>> m = new LinkedHashMap<>();
      TrecRunReader.read(LineReader.of("run.txt", new ByteArrayInputStream(utf8(text)), InputLimits.DEFAULT),
          TrecRunOptions.DEFAULT).asMap().forEach((q, list) -> {
            List<String> entries = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
              entries.add(list.doc(i) + " " + list.score(i) + " " + list.rank(i));
            }
            m.put(q, entries);
          });
      whole = m;
    } catch (InputSyntaxException e) {
      whole = e.getMessage();
    } catch (ProtocolViolationException e) {
      return; // a repeated document: the stream leaves it to the scorer (StreamingEvaluation reports it)
    }
    Statistics.collect(whole instanceof String ? "error" : "read");
    Statistics.coverage(c -> c.check("read").count(n -> n > 0)); // and not only errors
    assertThat(streamed(text, blockBytes)).isEqualTo(whole);
  }
}
