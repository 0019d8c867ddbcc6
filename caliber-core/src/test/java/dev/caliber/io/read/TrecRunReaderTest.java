package dev.caliber.io.read;

import static dev.caliber.io.text.TestInputs.gzip;
import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.CaliberInputException;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Violations;
import dev.caliber.eval.Evaluation;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrecRunReaderTest {
  @TempDir
  Path dir;

  private static ScoredRun read(String text) throws IOException {
    return read(text, TrecRunOptions.DEFAULT);
  }

  private static ScoredRun read(String text, TrecRunOptions options) throws IOException {
    return TrecRunReader.read("-", new ByteArrayInputStream(utf8(text)), options);
  }

  private static String message(String text) {
    return message(text, TrecRunOptions.DEFAULT);
  }

  private static String message(String text, TrecRunOptions options) {
    try {
      read(text, options);
    } catch (CaliberInputException e) {
      return e.getMessage();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("no error for " + text);
  }

  @Test
  void should_read_six_column_lines_into_lists_in_file_order() throws IOException {
    // GIVEN lines not in score order, with tabs, leading blanks and a trailing blank
    ScoredRun run = read("q1 Q0 d1 1 2.5 tagA\n\tq1\tQ0\td2\t2\t3.25\ttagA\n  q2 Q0 d1 1 -0.5 tagA \n");
    // THEN
    assertThat(run.name()).as("named by its source, never its tag").isEqualTo("stdin");
    assertThat(run.tag()).isEqualTo("tagA");
    assertThat(run.asMap()).containsOnlyKeys("q1", "q2");
    RankedList q1 = run.list("q1");
    assertThat(q1.docs()).containsExactly("d1", "d2");
    assertThat(q1.score(0)).isEqualTo(2.5);
    assertThat(q1.score(1)).isEqualTo(3.25);
    assertThat(q1.rank(1)).isEqualTo(2);
    assertThat(run.list("q2").score(0)).isEqualTo(-0.5);
  }

  @Test
  void should_accept_any_token_in_the_second_column_as_trec_eval_does() throws IOException {
    assertThat(read("q1 0 d1 1 1 t\nq1 iter d2 2 0 t\n").list("q1").docs()).containsExactly("d1", "d2");
  }

  @Test
  void should_keep_ranks_as_written_including_zero_and_negative_ones() throws IOException {
    RankedList list = read("q Q0 a 0 3 t\nq Q0 b -1 2 t\nq Q0 c 0 1 t\n").list("q");
    assertThat(new long[] {list.rank(0), list.rank(1), list.rank(2)}).containsExactly(0, -1, 0);
  }

  @Test
  void should_read_the_three_column_form_with_minus_the_rank_as_score() throws IOException {
    // GIVEN an MS MARCO run, tab-separated
    Path file = dir.resolve("run.dev.small.tsv");
    Files.write(file, utf8("1048585\t7187158\t1\n1048585\t7187157\t2\n2\t1\t0\n"));
    // WHEN
    ScoredRun run = TrecRunReader.read(file);
    // THEN the score orders like the rank, and the run is named after the file
    assertThat(run.name()).isEqualTo("run.dev.small.tsv");
    RankedList list = run.list("1048585");
    assertThat(list.docs()).containsExactly("7187158", "7187157");
    assertThat(list.score(0)).isEqualTo(-1.0);
    assertThat(list.score(1)).isEqualTo(-2.0);
    assertThat(list.rank(1)).isEqualTo(2);
    assertThat(Double.doubleToRawLongBits(run.list("2").score(0))).as("rank 0 gives +0.0").isZero();
  }

  @Test
  void should_name_a_run_from_standard_input_stdin_in_either_form() throws IOException {
    assertThat(read("q d 1\n").name()).isEqualTo("stdin");
    assertThat(read("q d 1\n").tag()).as("three columns carry no tag").isNull();
    assertThat(read("q Q0 d 1 1 tag\n").name()).isEqualTo("stdin");
  }

  @Test
  void should_let_an_explicit_name_override_the_tag_and_the_file_name() throws IOException {
    assertThat(read("q Q0 d 1 1 tag\n", TrecRunOptions.DEFAULT.withName("mine")).name()).isEqualTo("mine");
    assertThat(read("q d 1\n", TrecRunOptions.DEFAULT.withName("mine")).name()).isEqualTo("mine");
  }

  @Test
  void should_read_ungrouped_queries_in_order_of_first_appearance_keeping_file_order_within_each()
      throws IOException {
    ScoredRun run = read("b Q0 d1 1 1 t\na Q0 d1 1 1 t\nb Q0 d2 2 0 t\na Q0 d0 2 0 t\nb Q0 d3 3 0 t\n");
    assertThat(run.asMap()).containsOnlyKeys("b", "a");
    assertThat(run.asMap().keySet()).containsExactly("b", "a");
    assertThat(run.list("b").docs()).containsExactly("d1", "d2", "d3");
    assertThat(run.list("a").docs()).containsExactly("d1", "d0");
  }

  @Test
  void should_locate_a_query_at_its_first_line_and_an_entry_at_its_own_line() throws IOException {
    ScoredRun run = read("b Q0 d1 1 1 t\na Q0 d1 1 1 t\nb Q0 d2 2 0 t\n");
    assertThat(run.origin().locate("b")).isEqualTo(Location.ofLine("-", 1));
    assertThat(run.origin().locate("b", 1)).isEqualTo(Location.ofLine("-", 3));
    assertThat(run.origin().locate("a", 0)).isEqualTo(Location.ofLine("-", 2));
    assertThat(run.origin().locate("zz")).isEqualTo(Location.ofFile("-"));
    assertThat(run.origin().locate("b", 7)).isEqualTo(Location.ofFile("-"));
  }

  @Test
  void should_read_gzip_by_content_whatever_the_file_name() throws IOException {
    Path file = dir.resolve("run.txt");
    Files.write(file, gzip(utf8("q Q0 d 1 1 t\n")));
    assertThat(TrecRunReader.read(file).list("q").docs()).containsExactly("d");
  }

  @Test
  void should_reject_a_first_line_with_neither_six_nor_three_columns() {
    assertThat(message("q Q0 d 1\n")).isEqualTo(
        "-:1: wrong number of columns (found 4; expected 6 (qid Q0 docid rank score tag) or 3 (qid docid rank))");
  }

  @Test
  void should_say_when_a_first_line_looks_like_judgments() {
    assertThat(message("q1 0 d1 1\nq1 0 d2 0\n")).isEqualTo("-:1: wrong number of columns (found 4; expected 6 (qid Q0 docid"
        + " rank score tag) or 3 (qid docid rank); the line has the four columns of trec_eval judgments (qid iter docid label):"
        + " were the judgments and the run swapped?)");
    // a run's line cut short, a fifth column, a label that is no number: no judgments
    assertThat(message("q1 Q0 d1 1\n")).doesNotContain("swapped");
    assertThat(message("q1 0 d1 1 2\n")).doesNotContain("swapped");
    assertThat(message("q1 0 d1 x\n")).doesNotContain("swapped");
  }

  @Test
  void should_reject_extra_columns_by_default_naming_the_option_that_ignores_them() {
    assertThat(message("q Q0 d 1 1 t junk\n")).isEqualTo(
        "-:1: wrong number of columns (found 7; expected 6 (qid Q0 docid rank score tag) or 3 (qid docid rank);"
            + " to ignore columns after the sixth, as trec_eval does, declare that extra columns are ignored)");
    assertThat(message("q Q0 d 1 1 t\nq Q0 e 2 1 t more junk\n")).isEqualTo(
        "-:2: wrong number of columns (found 8; expected 6 (qid Q0 docid rank score tag) like line 1;"
            + " to ignore columns after the sixth, as trec_eval does, declare that extra columns are ignored)");
  }

  @Test
  void should_ignore_extra_columns_of_six_column_files_only_when_asked() throws IOException {
    TrecRunOptions lenient = TrecRunOptions.DEFAULT.withIgnoreExtraColumns(true);
    ScoredRun run = read("q Q0 d 1 1 t junk\nq Q0 e 2 1 t\n", lenient);
    assertThat(run.list("q").docs()).containsExactly("d", "e");
    assertThat(run.tag()).isEqualTo("t");
    // three-column files never take extra columns, and five columns are never six
    assertThat(message("q d 1\nq e 2 x\n", lenient)).isEqualTo(
        "-:2: wrong number of columns (found 4; expected 3 (qid docid rank) like line 1)");
    assertThat(message("q Q0 d 1 1 t\nq Q0 e 2 1\n", lenient)).isEqualTo(
        "-:2: wrong number of columns (found 5; expected 6 (qid Q0 docid rank score tag) like line 1)");
  }

  @Test
  void should_not_take_four_or_five_columns_for_six_even_when_extra_columns_are_ignored() {
    TrecRunOptions lenient = TrecRunOptions.DEFAULT.withIgnoreExtraColumns(true);
    assertThat(message("q Q0 d 1\n", lenient)).isEqualTo(
        "-:1: wrong number of columns (found 4; expected 6 (qid Q0 docid rank score tag) or 3 (qid docid rank))");
    assertThat(message("q Q0 d 1 1\n", lenient)).isEqualTo(
        "-:1: wrong number of columns (found 5; expected 6 (qid Q0 docid rank score tag) or 3 (qid docid rank))");
  }

  @Test
  void should_not_offer_to_ignore_extra_columns_in_a_three_column_file() {
    assertThat(message("q d 1\nq e 2 x y z w\n")).isEqualTo(
        "-:2: wrong number of columns (found 7; expected 3 (qid docid rank) like line 1)");
  }

  @Test
  void should_reject_a_line_whose_column_count_differs_from_the_first_line() {
    assertThat(message("q d 1\nq Q0 e 2 1 t\n")).isEqualTo(
        "-:2: wrong number of columns (found 6; expected 3 (qid docid rank) like line 1)");
  }

  @Test
  void should_reject_a_tag_that_differs_from_the_first_line() {
    assertThat(message("q Q0 d 1 1 runA\nq Q0 e 2 1 runA\nq Q0 f 3 1 runB\n")).isEqualTo(
        "-:3: run tag differs from the first line's (got \"runB\"; line 1 has \"runA\"; expected one tag per file)");
  }

  @Test
  void should_skip_blank_and_comment_lines_under_trec_eval_s_results_rules_only() throws IOException {
    String text = "# made by hand\n\nq Q0 d 1 2.5 runA\n  \t \n  # q Q0 x 1 9 runA\nq Q0 e 2 1 runA\n\n";
    ScoredRun run = TrecRunReader.readTrecEvalResults("-", new ByteArrayInputStream(utf8(text)), TrecRunOptions.DEFAULT);
    assertThat(run.list("q").docs()).containsExactly("d", "e");
    assertThat(run.tag()).isEqualTo("runA");
    assertThat(run.origin().locate("q", 1).toString()).isEqualTo("-:6");
    assertThat(message(text)).startsWith("-:1: wrong number of columns");
    assertThat(message("q Q0 d 1 1 t\n\nq Q0 e 2 1 t\n")).startsWith("-:2: blank line");
  }

  @Test
  void should_bound_blank_and_comment_lines_in_a_row_by_the_query_limit() throws IOException {
    // GIVEN the smallest query limit, 1 MiB, and blank or comment lines between the run's lines
    int limit = 1 << 20;
    TrecRunOptions small = new TrecRunOptions(null, false, dev.caliber.io.InputLimits.DEFAULT.withMaxQueryBytes(limit));
    String within = "q Q0 d 1 2.5 t\n" + "\n".repeat(limit) + "q Q0 e 2 1 t\n" + "# a\n".repeat(limit / 4) + "q Q0 f 3 0 t\n";
    // THEN up to the limit in a row they are skipped, each run of them counted anew
    assertThat(TrecRunReader.readTrecEvalResults("-", new ByteArrayInputStream(utf8(within)), small).list("q").docs())
        .containsExactly("d", "e", "f");
    // and one byte more is the query limit's error, at the line that passed it, without reading on
    String beyond = "q Q0 d 1 2.5 t\n" + "\n".repeat(limit + 1) + "q Q0 e 2 1 t\n";
    assertThatThrownBy(() -> TrecRunReader.readTrecEvalResults("-", new ByteArrayInputStream(utf8(beyond)), small))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageStartingWith("-:" + (limit + 2) + ": query too large (more than " + limit
            + " bytes of lines with one query ID (or blank lines) in a row;");
    String comments = "# a\n".repeat(limit / 4 + 1);
    assertThatThrownBy(() -> TrecRunReader.readTrecEvalResults("-", new ByteArrayInputStream(utf8(comments)), small))
        .hasMessageStartingWith("-:" + (limit / 4 + 1) + ": query too large");
  }

  @Test
  void should_read_trec_eval_s_columns_whatever_the_tags_and_ranks_and_take_the_last_tag() throws IOException {
    ScoredRun run = TrecRunReader.readTrecEvalResults("-",
        new ByteArrayInputStream(utf8("# c\nq Q0 d 1.5 1 runA\nq Q0 f x 3 runB 7th\nq Q0 g - 2 runB\n")), TrecRunOptions.DEFAULT);
    assertThat(run.list("q").docs()).containsExactly("d", "f", "g");
    assertThat(run.tag()).isEqualTo("runB");
    assertThatThrownBy(() -> TrecRunReader.readTrecEvalResults("-",
        new ByteArrayInputStream(utf8("# c\nq d 1\n")), TrecRunOptions.DEFAULT))
        .hasMessage("-:2: wrong number of columns (found 3; expected at least 6 (qid Q0 docid rank score tag), as trec_eval"
            + " reads a results file)");
    assertThatThrownBy(() -> TrecRunReader.readTrecEvalResults("-", new ByteArrayInputStream(utf8("#\n\n")), TrecRunOptions.DEFAULT))
        .hasMessageStartingWith("-: empty run");
  }

  @Test
  void should_reject_a_rank_that_is_not_an_integer() {
    assertThat(message("q Q0 d 1 1 t\nq Q0 e 2.0 1 t\n")).isEqualTo(
        "-:2: rank must be an integer (got \"2.0\"; expected an optional sign and digits, such as 1, 0 or -3)");
    assertThat(message("q d one\n")).startsWith("-:1: rank must be an integer (got \"one\";");
  }

  @Test
  void should_reject_a_score_that_trec_eval_would_read_as_zero() {
    for (String score : new String[] {"NaN", "Infinity", "1,5", "0x1p3", "high"}) {
      assertThat(message("q Q0 d 1 " + score + " t\n"))
          .isEqualTo("-:1: score must be a finite decimal number (got \"" + score + "\"; expected digits with an"
              + " optional sign, decimal point and exponent, such as 12.5, -3 or 1.5e-05)");
    }
  }

  /** Reads a run whole and evaluates it: the evaluation, not the reader, rejects a repeated document. */
  private static RunResult evaluate(String text) throws IOException {
    EvalProtocol p = new EvalProtocol(Qrels.of(Map.of("q1", Map.of("d1", 1))), List.of("q1"), "test", null,
        Policy.trecEval(), List.of(Measures.parse("P@1")));
    return Evaluation.evaluate(p, read(text));
  }

  @Test
  void should_read_a_document_twice_in_one_query_as_it_stands() throws IOException {
    assertThat(read("q1 Q0 d1 1 3 t\nq1 Q0 d1 2 2 t\n").list("q1").docs()).containsExactly("d1", "d1");
  }

  @Test
  void should_reject_a_document_twice_in_one_query_naming_both_lines() {
    // GIVEN d1 twice for q1, not adjacent, and a second duplicate later in q2
    String text = "q1 Q0 d1 1 3 t\nq2 Q0 x 1 3 t\nq1 Q0 d2 2 2 t\nq1 Q0 d1 3 1 t\nq2 Q0 x 2 1 t\n";
    // THEN the first duplicate in the file is reported
    assertThatThrownBy(() -> evaluate(text))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage("-:4: " + Violations.DUPLICATE_DOCUMENT + " (query \"q1\": document \"d1\" on line 4 repeats line 1)")
        .extracting(e -> ((CaliberInputException) e).reason())
        .isEqualTo("duplicate document ID; deduplicate upstream explicitly");
  }

  @Test
  void should_report_the_duplicate_whose_second_line_comes_first_across_queries() {
    String text = "a Q0 x 1 3 t\nb Q0 y 1 3 t\nb Q0 y 2 3 t\na Q0 x 2 3 t\n";
    assertThatThrownBy(() -> evaluate(text)).hasMessage("-:3: " + Violations.DUPLICATE_DOCUMENT
        + " (query \"b\": document \"y\" on line 3 repeats line 2)");
  }

  @Test
  void should_treat_document_ids_as_exact_strings() throws IOException {
    assertThat(read("q Q0 D1 1 1 t\nq Q0 d1 2 1 t\n").list("q").docs()).containsExactly("D1", "d1");
  }

  @Test
  void should_read_blank_lines_that_end_the_run_and_reject_those_before_a_line() throws IOException {
    // GIVEN blank lines at the end, as an editor or echo >> leaves them: read, as trec_eval reads them
    assertThat(read("q Q0 d 1 1 t\n").list("q").size()).isEqualTo(1);
    assertThat(read("q Q0 d 1 1 t\n\n").list("q").docs()).containsExactly("d");
    assertThat(read("q Q0 d 1 1 t\n \t\n\r\n\n").list("q").docs()).containsExactly("d");
    assertThat(read("q d 1\n\n").list("q").docs()).containsExactly("d");
    // WHEN a line follows them, or they come first, THEN the first of them is the error
    String expected = "blank line (expected a run line \"qid Q0 docid rank score tag\" or \"qid docid rank\";"
        + " blank lines may only end the file)";
    assertThat(message("q Q0 d 1 1 t\n\nq Q0 e 2 1 t\n")).isEqualTo("-:2: " + expected);
    assertThat(message("q Q0 d 1 1 t\n \t\n\n\nq Q0 e 2 1 t\n")).isEqualTo("-:2: " + expected);
    assertThat(message("q Q0 d 1 1 t\n\nq Q0 e 2\n")).isEqualTo("-:2: " + expected);
    assertThat(message("\nq Q0 d 1 1 t\n")).isEqualTo("-:1: " + expected);
    assertThat(message("\n\n")).isEqualTo("-:1: " + expected);
  }

  @Test
  void should_bound_blank_lines_that_end_the_run_by_the_query_limit() {
    int limit = 1 << 20;
    TrecRunOptions small = new TrecRunOptions(null, false, dev.caliber.io.InputLimits.DEFAULT.withMaxQueryBytes(limit));
    String text = "q Q0 d 1 2.5 t\n" + "\n".repeat(limit + 1);
    assertThatThrownBy(() -> TrecRunReader.read("-", new ByteArrayInputStream(utf8(text)), small))
        .hasMessageStartingWith("-:" + (limit + 2) + ": query too large");
  }

  @Test
  void should_reject_an_empty_run() {
    assertThatThrownBy(() -> read(""))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("-: empty run (no lines; expected lines \"qid Q0 docid rank score tag\" or \"qid docid rank\")");
  }

  @Test
  void should_accept_a_byte_order_mark_and_crlf_line_ends() throws IOException {
    ScoredRun run = read("\uFEFFq Q0 d 1 1 t\r\nq Q0 e 2 0 t\r\n");
    assertThat(run.list("q").docs()).containsExactly("d", "e");
    assertThat(run.tag()).isEqualTo("t");
  }

  @Test
  void should_read_standard_input_when_the_path_is_a_dash_and_leave_it_open() throws IOException {
    // GIVEN a stream standing in for System.in that records whether it was closed
    boolean[] closed = {false};
    ByteArrayInputStream stdin = new ByteArrayInputStream(utf8("q Q0 d 1 1 t\n")) {
      @Override
      public void close() {
        closed[0] = true;
      }
    };
    // WHEN
    ScoredRun run = TrecRunReader.read("-", stdin, TrecRunOptions.DEFAULT);
    // THEN
    assertThat(run.origin().locate("q", 0)).isEqualTo(Location.ofLine("-", 1));
    assertThat(closed[0]).isFalse();
  }

  @Test
  void should_name_the_file_as_given_in_errors() throws IOException {
    Path file = dir.resolve("bad.run");
    Files.write(file, utf8("q Q0 d 1 x t\n"));
    assertThatThrownBy(() -> TrecRunReader.read(file.toString(), null, TrecRunOptions.DEFAULT))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageStartingWith(file + ":1: score must be a finite decimal number");
  }
}
