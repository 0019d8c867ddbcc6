package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.eval.Evaluation;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link ProtocolFiles#scoredRun}: a JSON run in the seed's list shape or in the score shape that
 * ranx and BEIR write, one shape per file, finite scores only.
 */
class ScoredRunJsonTest {

  private static ScoredRun read(String json) throws IOException {
    return ProtocolFiles.scoredRun("run",
        JsonReader.parse("run.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))));
  }

  @Test
  void should_read_the_list_shape_as_ranks_one_to_n() throws IOException {
    // WHEN
    ScoredRun run = read("{\"q1\": [\"d3\", \"d1\", \"d2\"], \"q2\": []}");
    // THEN
    RankedList q1 = run.list("q1");
    assertThat(q1.docs()).containsExactly("d3", "d1", "d2");
    assertThat(new long[] {q1.rank(0), q1.rank(1), q1.rank(2)}).containsExactly(1, 2, 3);
    // scores fall with the position, so that score ordering keeps the list's order
    assertThat(q1.score(0)).isGreaterThan(q1.score(1));
    assertThat(q1.score(1)).isGreaterThan(q1.score(2));
    assertThat(run.list("q2").size()).isZero();
    assertThat(run.asMap().keySet()).containsExactly("q1", "q2");
    assertThat(run.name()).isEqualTo("run");
  }

  @Test
  void should_rank_the_score_shape_by_score_whatever_order_it_was_written_in() throws IOException {
    // WHEN scores are not in descending order in the file
    ScoredRun run = read("{\"q1\": {\"d1\": 11.0, \"d2\": 12.5, \"d3\": -3}, \"q2\": {}}");
    // THEN a JSON object is unordered: the entries are ranked by score, ranks 1..n
    RankedList q1 = run.list("q1");
    assertThat(q1.docs()).containsExactly("d2", "d1", "d3");
    assertThat(new double[] {q1.score(0), q1.score(1), q1.score(2)}).containsExactly(12.5, 11.0, -3.0);
    assertThat(new long[] {q1.rank(0), q1.rank(1), q1.rank(2)}).containsExactly(1, 2, 3);
    assertThat(run.list("q2").size()).isZero();
  }

  @Test
  void should_break_ties_of_the_score_shape_by_document_id_descending_as_the_ranking_rule_does() throws IOException {
    ScoredRun run = read("{\"q1\": {\"a\": 1, \"c\": 1, \"b\": 1, \"z\": 0.5}}");
    assertThat(run.list("q1").docs()).containsExactly("c", "b", "a", "z");
    ScoredRun reversed = read("{\"q1\": {\"z\": 0.5, \"b\": 1, \"c\": 1, \"a\": 1}}");
    assertThat(reversed.list("q1").docs()).as("member order does not matter").containsExactly("c", "b", "a", "z");
  }

  @Test
  void should_keep_the_order_of_the_list_shape() throws IOException {
    ScoredRun run = read("{\"q1\": [\"d3\", \"d1\", \"d2\"]}");
    assertThat(run.list("q1").docs()).containsExactly("d3", "d1", "d2");
  }

  @Test
  void should_accept_integer_scores_of_any_size_that_a_double_holds() throws IOException {
    ScoredRun run = read("{\"q1\": {\"d1\": 3, \"d2\": -7, \"d3\": 123456789012345678901234567890, \"d4\": 0}}");
    RankedList q1 = run.list("q1");
    assertThat(new double[] {q1.score(0), q1.score(1), q1.score(2), q1.score(3)})
        .containsExactly(1.2345678901234568E29, 3.0, 0.0, -7.0);
  }

  @Test
  void should_read_an_empty_run() throws IOException {
    assertThat(read("{}").asMap()).isEmpty();
  }

  @Test
  void should_reject_a_score_shaped_query_after_a_list_shaped_one_with_its_location() {
    // the first query fixes the shape: a later object is not a list of document IDs
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> read("{\"q1\": [\"d1\"],\n \"q2\": {\"d1\": 1.0}}"))
        .withMessage("run.json:2:8: $.q2: ranking must be a list of document IDs (query \"q2\": got an object)");
  }

  @Test
  void should_reject_a_list_shaped_query_after_a_score_shaped_one_with_its_location() {
    assertThatExceptionOfType(InputSyntaxException.class)
        .isThrownBy(() -> read("{\"q1\": {\"d1\": 1.0},\n \"q2\": [\"d1\"]}"))
        .withMessage("run.json:2:8: $.q2: mixed run shapes (query \"q2\": got an array; expected an object of"
            + " document ID to score like the first query)");
  }

  @ParameterizedTest(name = "score {0}")
  @CsvSource(delimiter = '|', value = {
      "1e400      | the number 1e400",
      "-1e400     | the number -1e400",
      "\"1.5\"    | the string \"1.5\"",
      "null       | null",
      "true       | the boolean true",
      "[1]        | an array"})
  void should_reject_a_score_that_is_not_a_finite_number(String score, String described) {
    assertThatExceptionOfType(InputSyntaxException.class)
        .isThrownBy(() -> read("{\"q1\": {\"d1\": 2.0, \"d2\": " + score + "}}"))
        .withMessage("run.json:1:26: $.q1.d2: score must be a finite number (query \"q1\", document \"d2\": got "
            + described + ")");
  }

  @Test
  void should_reject_an_integer_score_too_large_for_a_double() {
    String huge = "1" + "0".repeat(400);
    assertThatExceptionOfType(InputSyntaxException.class)
        .isThrownBy(() -> read("{\"q1\": {\"d1\": " + huge + "}}"))
        .withMessageStartingWith("run.json:1:15: $.q1.d1: score must be a finite number (query \"q1\", document \"d1\": got the integer 1000");
  }

  @Test
  void should_reject_a_run_that_is_not_an_object() {
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> read("\"d1\""))
        .withMessage("run.json:1:1: $: a JSON run must be an object (got the string \"d1\"; expected an"
            + " object mapping query ID to a list of document IDs or to an object of document ID to score, or an array of records)");
  }

  @Test
  void should_reject_a_non_string_document_in_the_list_shape() {
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> read("{\"q1\": [\"d1\", 2]}"))
        .withMessage("run.json:1:15: $.q1[1]: ranking must be a list of document IDs (query \"q1\": got the integer 2;"
            + " expected a string ID)");
  }

  @Test
  void should_locate_each_entry_of_the_score_shape_for_violations_found_later() throws IOException {
    // GIVEN a score-shaped run whose second entry of q1 is not judged
    ScoredRun run = read("{\"q1\": {\"d1\": 1.0,\n  \"d9\": 0.5}}");
    // THEN the entry's location is its score's, as for the list shape it is the ID's
    assertThat(run.origin().locate("q1", 1).toString()).isEqualTo("run.json:2:9: $.q1.d9");
    assertThat(run.origin().locate("q1", 0).toString()).isEqualTo("run.json:1:15: $.q1.d1");
    assertThat(read("{\"q1\": [\"d1\", \"d9\"]}").origin().locate("q1", 1).toString()).isEqualTo("run.json:1:15: $.q1[1]");
    EvalProtocol strict = new EvalProtocol(Qrels.of(Map.of("q1", Map.of("d1", 1))), List.of("q1"), "q1", null,
        Policy.strict(), List.of(Measures.parse("RR")));
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> Evaluation.evaluate(strict, run))
        .withMessageStartingWith("run.json:2:9: $.q1.d9: unjudged or unknown documents: exhaustive qrels required");
  }
}
