package dev.caliber.io.read;

import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.CaliberInputException;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.protocol.Qrels;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrecQrelsReaderTest {
  private static Qrels read(String text) throws IOException {
    return TrecQrelsReader.read("-", new ByteArrayInputStream(utf8(text)), InputLimits.DEFAULT);
  }

  private static String message(String text) {
    try {
      read(text);
    } catch (CaliberInputException e) {
      return e.getMessage();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("no error for " + text);
  }

  private static long judgments(Qrels qrels) {
    return qrels.asMap().values().stream().mapToLong(Map::size).sum();
  }

  @Test
  void should_read_judgments_ignoring_the_iteration_column() throws IOException {
    Qrels qrels = read("q1 0 d1 1\nq1 Q0 d2 0\n  q2\t7\td1\t2\n");
    assertThat(qrels.asMap()).containsExactly(
        Map.entry("q1", Map.of("d1", 1, "d2", 0)), Map.entry("q2", Map.of("d1", 2)));
  }

  @Test
  void should_keep_negative_labels_as_written() throws IOException {
    assertThat(read("q 0 d -1\n").row("q")).containsEntry("d", -1);
  }

  @Test
  void should_skip_lines_whose_first_character_is_a_hash_and_keep_other_hashes() throws IOException {
    // GIVEN comments, a '#' inside a document ID, and a '#' after leading blanks
    Qrels qrels = read("# judged by NIST\nq 0 CR#93E-1860 0\n#q 0 d 1\n #q 0 d 1\n");
    // THEN
    assertThat(qrels.asMap()).containsOnlyKeys("q", "#q");
    assertThat(qrels.row("q")).containsOnlyKeys("CR#93E-1860");
  }

  @Test
  void should_locate_judgments_at_their_file_lines_counting_comments() throws IOException {
    Qrels qrels = read("# c\nq 0 a 1\n# c\nq 0 b 0\n");
    assertThat(qrels.origin().locate("q")).isEqualTo(Location.ofLine("-", 2));
    assertThat(qrels.origin().locate("q", "b")).isEqualTo(Location.ofLine("-", 4));
    assertThat(qrels.origin().locate("q", "zz")).isEqualTo(Location.ofFile("-"));
  }

  @Test
  void should_require_exactly_four_columns() {
    assertThat(message("q 0 d 1\nq d 1\n")).isEqualTo("-:2: wrong number of columns (found 3; expected 4 (qid iter docid label))");
    assertThat(message("q 0 d 1 extra\n")).isEqualTo("-:1: wrong number of columns (found 5; expected 4 (qid iter docid label))");
  }

  @Test
  void should_say_what_a_first_line_of_another_format_is() {
    assertThat(message("query-id\tcorpus-id\tscore\nq1\td1\t1\n")).isEqualTo("-:1: wrong number of columns (found 3;"
        + " expected 4 (qid iter docid label); this is the header of a BEIR qrels file (query-id corpus-id score): read the"
        + " dataset as a BEIR folder)");
    assertThat(message("q1 Q0 d1 1 2.5 run\n")).isEqualTo("-:1: wrong number of columns (found 6; expected 4 (qid iter"
        + " docid label); the line has a run's six columns (qid Q0 docid rank score tag): were the judgments and the run"
        + " swapped?)");
    assertThat(message("{\"q1\": {\"d1\": 1}}\n")).isEqualTo("-:1: wrong number of columns (found 3; expected 4 (qid"
        + " iter docid label); the line starts with '{': JSON judgments are read from a file named .json or .json.gz)");
    assertThat(message("query,docid,rating\nq1,d1,1\n")).isEqualTo("-:1: wrong number of columns (found 1; expected 4"
        + " (qid iter docid label); the line has commas: CSV judgments are read from a file named .csv or .csv.gz)");
    assertThat(message("[{\"query_id\": \"1\", \"doc_id\": \"d1\", \"relevance\": 1}]\n")).endsWith("; the line starts"
        + " with '[': JSON judgments are read from a file named .json or .json.gz)");
    // no hint where the shape is not quite the other format's
    assertThat(message("q,d,1 x\n")).doesNotContain("CSV");
    assertThat(message("query-id corpus-id score x y\n")).doesNotContain("BEIR");
    assertThat(message("q1 Q0 d1 1 2\n")).doesNotContain("swapped");
    assertThat(message("q1 X0 d1 1 2 run\n")).doesNotContain("swapped");
    // only the first line is taken for another format
    assertThat(message("q 0 d 1\nq1 Q0 d1 1 2.5 run\n")).isEqualTo("-:2: wrong number of columns (found 6; expected 4 (qid"
        + " iter docid label))");
  }

  @Test
  void should_require_integer_labels() {
    assertThat(message("q 0 d 1.0\n")).isEqualTo(
        "-:1: label must be an integer (got \"1.0\"; expected an optional sign and digits, such as 1, 0 or -3)");
    assertThat(message("q 0 d 99999999999\n")).isEqualTo(
        "-:1: label out of range (got \"99999999999\"; expected an integer from -2147483648 to 2147483647)");
  }

  @Test
  void should_reject_the_same_judgment_twice_naming_both_lines() {
    assertThatThrownBy(() -> read("q 0 d 1\nq 0 e 0\nq 1 d 1\n"))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage("-:3: duplicate qrels entry (query \"q\", document \"d\": line 3 repeats line 1 (label 1);"
            + " expected one judgment per pair)");
  }

  @Test
  void should_reject_two_labels_for_one_pair_naming_both_lines_and_labels() {
    assertThatThrownBy(() -> read("q 0 d 1\nq 0 d 2\n"))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage("-:2: conflicting qrels entry (query \"q\", document \"d\": label 2 on line 2, label 1 on line 1;"
            + " expected one judgment per pair)");
  }

  @Test
  void should_reject_blank_lines_except_the_final_line_end() {
    assertThat(message("q 0 d 1\n  \nq 0 e 1\n")).isEqualTo("-:2: blank line (expected a judgment \"qid iter docid label\""
        + " or a comment starting with #; only the line end after the last line may be empty)");
  }

  @Test
  void should_reject_an_input_without_judgments() {
    assertThatThrownBy(() -> read("# only a comment\n"))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("-: no judgments (expected lines \"qid iter docid label\")");
  }

  @Test
  void should_read_the_robust_2003_qrels() throws IOException {
    Qrels qrels = TrecQrelsReader.read(TestData.path("trec2003-robust/qrels/robust03_qrels.txt.gz"));
    assertThat(qrels.asMap()).hasSize(100);
    assertThat(judgments(qrels)).isEqualTo(128_796);
    assertThat(qrels.asMap().values().stream().flatMap(r -> r.values().stream()).distinct()).containsOnly(0, 1, 2);
  }

  @Test
  void should_read_the_cacm_qrels() throws IOException {
    Qrels qrels = TrecQrelsReader.read(TestData.path("cacm/qrels.cacm.txt"));
    assertThat(qrels.asMap()).hasSize(52);
    assertThat(judgments(qrels)).isEqualTo(796);
  }

  @Test
  void should_read_trec_evals_reference_qrels_with_and_without_comments() throws IOException {
    Qrels plain = TrecQrelsReader.read(TestData.path("trec_eval-test/test/qrels.test"));
    Path commented = TestData.path("trec_eval-test/test/qrels.test.with-comments");
    Qrels withComments = TrecQrelsReader.read(commented);
    assertThat(plain.asMap().keySet()).containsExactly("301", "302", "303");
    assertThat(judgments(plain)).isEqualTo(3681);
    assertThat(judgments(withComments)).isEqualTo(3681);
    assertThat(withComments.row("301")).containsEntry("CR#93E-1860", 0).doesNotContainKey("CR93E-1860");
    // line 1 is a comment, so the first judgment is on line 2
    assertThat(withComments.origin().locate("301")).isEqualTo(Location.ofLine(commented.toString(), 2));
  }

  @Test
  void should_read_graded_qrels_with_hashes_in_document_ids() throws IOException {
    Qrels qrels = TrecQrelsReader.read(TestData.path("trec_eval-test/test/qrels.comment.test"));
    assertThat(qrels.asMap()).hasSize(31);
    assertThat(judgments(qrels)).isEqualTo(5890);
    assertThat(qrels.row("2024-127266")).containsEntry("msmarco_v2.1_doc_00_880019750#4_1633802806", 1);
  }

  @Test
  void should_read_labels_from_minus_one_to_four() throws IOException {
    Qrels qrels = TrecQrelsReader.read(TestData.path("trec_eval-test/test/qrels.rel_level"));
    assertThat(qrels.asMap().values().stream().flatMap(r -> r.values().stream()).distinct())
        .containsExactlyInAnyOrder(-1, 0, 1, 2, 3, 4);
  }

  @Test
  void should_reject_qrels_with_several_judges_per_pair() {
    // trec_eval's qrels.123 repeats every pair (one line per judge)
    Path file = TestData.path("trec_eval-test/test/qrels.123");
    assertThatThrownBy(() -> TrecQrelsReader.read(file))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage(file + ":3682: duplicate qrels entry (query \"301\", document \"CR93E-10279\": line 3682 repeats"
            + " line 1 (label 0); expected one judgment per pair)");
  }
}
