package dev.caliber.io.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonRecords}: pandas' records shape, told from caliber's other JSON shapes by its top
 * level, read through {@link ProtocolFiles#gradedQrels} and {@link ProtocolFiles#scoredRun}.
 */
class JsonRecordsTest {
  private static JsonValue parse(String json) throws IOException {
    return JsonReader.parse("r.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
  }

  private static Qrels qrels(String json) throws IOException {
    return ProtocolFiles.gradedQrels(parse(json));
  }

  private static ScoredRun run(String json) throws IOException {
    return ProtocolFiles.scoredRun("ranx", parse(json));
  }

  private static String qrelsError(String json) {
    return InputErrors.message(() -> qrels(json));
  }

  private static String runError(String json) {
    return InputErrors.message(() -> run(json));
  }

  @Test
  void should_read_judgments_as_ir_datasets_columns_name_them() throws IOException {
    // GIVEN a query ID written as a number, as pandas writes an integer column, and a float label
    Qrels qrels = qrels("[{\"query_id\": \"1\", \"doc_id\": \"d1\", \"relevance\": 2},\n"
        + " {\"query_id\": 1, \"doc_id\": \"d2\", \"relevance\": 0.0},\n"
        + " {\"doc_id\": \"d1\", \"query_id\": \"2\", \"relevance\": -1}]");
    // THEN
    assertThat(qrels.asMap()).containsExactly(Map.entry("1", Map.of("d1", 2, "d2", 0)), Map.entry("2", Map.of("d1", -1)));
    assertThat(qrels.origin().locate("1", "d2").toString()).isEqualTo("r.json:2:2: $[1]");
    assertThat(qrels.origin().locate("2").toString()).isEqualTo("r.json:3:2: $[2]");
    assertThat(qrels.origin().locate("9").toString()).isEqualTo("r.json");
    assertThat(qrels.origin().locate("1", "d9").toString()).isEqualTo("r.json");
  }

  @Test
  void should_keep_reading_the_object_shape_as_before() throws IOException {
    assertThat(qrels("{\"q\": {\"d\": 1}}").asMap()).isEqualTo(Map.of("q", Map.of("d", 1)));
  }

  @Test
  void should_read_a_ranx_run_in_array_order() throws IOException {
    // WHEN ranx's column names, scores out of order
    ScoredRun run = run("[{\"q_id\": \"q1\", \"doc_id\": \"d1\", \"score\": 1.5},"
        + " {\"q_id\": \"q1\", \"doc_id\": \"d2\", \"score\": 3}, {\"q_id\": \"q2\", \"doc_id\": \"d1\", \"score\": -2e1}]");
    // THEN the array's order, ranks 1..n, as TREC lines are read
    RankedList q1 = run.list("q1");
    assertThat(run.name()).isEqualTo("ranx");
    assertThat(q1.docs()).containsExactly("d1", "d2");
    assertThat(q1.score(1)).isEqualTo(3.0);
    assertThat(q1.rank(1)).isEqualTo(2);
    assertThat(run.list("q2").score(0)).isEqualTo(-20.0);
    assertThat(run.origin().locate("q1", 1).toString()).isEqualTo("r.json:1:48: $[1]");
    RankedList ranked = run("[{\"query_id\": \"q\", \"doc_id\": \"d\", \"rank\": 4}]").list("q");
    assertThat(ranked.rank(0)).isEqualTo(4);
    assertThat(ranked.score(0)).isEqualTo(-4.0);
  }

  @Test
  void should_name_the_json_path_of_the_first_bad_element() {
    assertThat(qrelsError("[{\"query_id\": \"1\", \"doc_id\": \"d1\", \"relevance\": 1}, \"x\"]"))
        .isEqualTo("r.json:1:53: $[1]: a record must be an object (got the string \"x\"; expected an object naming the"
            + " columns of judgments: query (or query_id, qid, q_id), doc (or docid, doc_id, document), rating (or relevance,"
            + " label, rel))");
    assertThat(qrelsError("[{\"query_id\": \"1\", \"doc_id\": \"d1\", \"relevance\": 1, \"notes\": \"a\"}]"))
        .startsWith("r.json:1:61: $[0].notes: unknown column \"notes\" (expected only the columns of judgments");
    assertThat(qrelsError("[{\"query_id\": \"1\", \"doc_id\": \"d1\", \"relevance\": 1, \"judge\": \"a\"}]"))
        .startsWith("r.json:1:61: $[0].judge: column \"judge\" does not belong in judgments (")
        .endsWith("judgments with sources are read from a tab-separated file whose header names query, doc, label and"
            + " source, or from JSON Lines (.jsonl))");
    assertThat(qrelsError("[{\"query_id\": \"1\", \"relevance\": 1}]"))
        .startsWith("r.json:1:2: $[0]: no document column (got \"query_id,relevance\"; expected");
    assertThat(qrelsError("[{\"query_id\": \"1\", \"doc_id\": \"d1\", \"relevance\": null}]"))
        .isEqualTo("r.json:1:49: $[0].relevance: label must be an integer (query \"1\", document \"d1\": got null;"
            + " expected a JSON number such as 0, 1 or 3)");
    assertThat(qrelsError("[{\"query_id\": \"1\", \"doc_id\": \"d1\", \"relevance\": \"2\"}]")).contains("got the string \"2\"");
    assertThat(qrelsError("[{\"query_id\": \"1\", \"doc_id\": \"d1\", \"relevance\": 2.5}]"))
        .isEqualTo("r.json:1:49: $[0].relevance: label must be an integer (query \"1\", document \"d1\": got \"2.5\";"
            + " expected an integer such as 0, 1 or 3 (3.0 is read as 3; a fraction is never rounded))");
    assertThat(qrelsError("[{\"query_id\": 1.0, \"doc_id\": \"d1\", \"relevance\": 1}]"))
        .isEqualTo("r.json:1:15: $[0].query_id: query ID must be a string (got the number 1.0; expected a string, or an"
            + " integer taken as written)");
    assertThat(qrelsError("[{\"query_id\": \"\", \"doc_id\": \"d1\", \"relevance\": 1}]")).contains("$[0].query_id: empty query ID");
    assertThat(qrelsError("[]")).isEqualTo("r.json:1:1: $: no judgments (got an empty array; expected one record per"
        + " judgment, such as {\"query_id\": \"1\", \"doc_id\": \"d1\", \"relevance\": 2})");
  }

  @Test
  void should_refuse_a_pair_judged_twice_naming_both_records() {
    assertThatExceptionOfType(ProtocolViolationException.class)
        .isThrownBy(() -> qrels("[{\"qid\": \"q\", \"docid\": \"d\", \"rel\": 1}, {\"qid\": \"q\", \"docid\": \"d\", \"rel\": 2}]"))
        .withMessage("r.json:1:40: $[1]: conflicting qrels entry (query \"q\", document \"d\": label 2 on $[1], label 1 on"
            + " $[0]; expected one judgment per pair)");
    assertThat(qrelsError("[{\"qid\": \"q\", \"docid\": \"d\", \"rel\": 1}, {\"qid\": \"q\", \"docid\": \"d\", \"rel\": 1.0}]"))
        .contains("duplicate qrels entry (query \"q\", document \"d\": $[1] repeats $[0] (label 1)");
  }

  @Test
  void should_name_what_is_wrong_with_a_run_record() {
    assertThat(runError("[]")).isEqualTo("r.json:1:1: $: empty run (got an empty array; expected one record per ranked"
        + " document, such as {\"query_id\": \"1\", \"doc_id\": \"d1\", \"score\": 12.5})");
    assertThat(runError("[{\"q_id\": \"q\", \"doc_id\": \"d\", \"relevance\": 1}]"))
        .startsWith("r.json:1:44: $[0].relevance: column \"relevance\" does not belong in a run");
    assertThat(runError("[{\"q_id\": \"q\", \"doc_id\": \"d\", \"score\": \"1\"}]"))
        .isEqualTo("r.json:1:40: $[0].score: score must be a finite number (query \"q\", document \"d\": got the string \"1\")");
    assertThat(runError("[{\"q_id\": \"q\", \"doc_id\": \"d\", \"rank\": 1.0}]"))
        .isEqualTo("r.json:1:39: $[0].rank: rank must be an integer (query \"q\", document \"d\": got the number 1.0;"
            + " expected a JSON integer such as 1 or 10)");
    assertThat(runError("[{\"q_id\": \"q\", \"doc_id\": \"d\", \"rank\": 9223372036854775808}]")).contains("rank out of range");
    assertThat(runError("[{\"q_id\": \"q\", \"doc_id\": \"d\"}]")).startsWith("r.json:1:2: $[0]: no score or rank column");
    assertThat(runError("[{\"q_id\": \"q\", \"doc_id\": \"d\", \"score\": 1}, [1]]")).startsWith("r.json:1:44: $[1]: a record must be an object");
  }
}
