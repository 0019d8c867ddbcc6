package dev.caliber.cli;

import static dev.caliber.cli.Cli.example;
import static dev.caliber.cli.CliResultAssert.assertThatRun;

import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Well-formed input that breaks the seed's protocol rejects the whole evaluation: exit 3, nothing
 * on standard output, and one line with the seed's reason, the file, line, column, JSON path and
 * the bad value. Protocol edits are made on a copy of examples/helpcentre/protocol.json.
 */
class ProtocolViolationsTest {

  @TempDir Path dir;

  private CliResult evaluate(Path protocol, Path run) {
    return Cli.run("evaluate", "--protocol", protocol, "--run", run);
  }

  private CliResult evaluateRun(String runJson) {
    return evaluate(example("protocol.json"), Cli.write(dir, "run.json", runJson));
  }

  private Path run() {
    return dir.resolve("run.json");
  }

  @Nested
  class InTheRun {
    @Test
    void should_reject_a_duplicate_document() {
      CliResult result = evaluateRun("{\"q2\": [\"d3\", \"d1\", \"d3\"]}");
      assertThatRun(result).rejectedInput(run() + ":1:21: $.q2[2]: duplicate document ID; deduplicate upstream explicitly "
          + "(query \"q2\": document \"d3\" at rank 3 repeats rank 1)");
    }

    @Test
    void should_reject_a_duplicate_document_even_below_the_cutoff() {
      // k is 2; the repeat is at rank 4
      CliResult result = evaluateRun("{\"q3\": [\"d5\", \"d2\", \"d1\", \"d2\"]}");
      assertThatRun(result).rejectedInput(run() + ":1:27: $.q3[3]: duplicate document ID; deduplicate upstream explicitly "
          + "(query \"q3\": document \"d2\" at rank 4 repeats rank 2)");
    }

    @Test
    void should_reject_an_unknown_document() {
      CliResult result = evaluateRun("{\"q2\": [\"d3\", \"d9\"]}");
      assertThatRun(result).rejectedInput(run() + ":1:15: $.q2[1]: unknown document ID "
          + "(query \"q2\": document \"d9\" at rank 2 is not in the corpus)");
    }

    @Test
    void should_not_fold_case_or_trim_document_ids() {
      CliResult result = evaluateRun("{\"q2\": [\"D3\"]}");
      assertThatRun(result).rejectedInput(run() + ":1:9: $.q2[0]: unknown document ID "
          + "(query \"q2\": document \"D3\" at rank 1 is not in the corpus)");
    }

    @Test
    void should_reject_a_query_of_another_split() {
      CliResult result = evaluateRun("{\"q2\": [], \"q1\": [\"d2\"]}");
      assertThatRun(result).rejectedInput(run() + ":1:18: $.q1: unknown or wrong-split query "
          + "(query \"q1\" is in split \"dev\", not \"test\")");
    }

    @Test
    void should_reject_an_unknown_query() {
      CliResult result = evaluateRun("{\"q9\": [\"d2\"]}");
      assertThatRun(result).rejectedInput(run() + ":1:8: $.q9: unknown or wrong-split query "
          + "(query \"q9\" is not in the protocol)");
    }

    @Test
    void should_reject_a_run_that_is_a_json_array() {
      CliResult result = evaluateRun("[\"d3\", \"d1\"]");
      assertThatRun(result).rejectedInput(run() + ":1:1: $: nonempty corpus and queries, mapping run required "
          + "(got an array; expected an object mapping query ID to a list of document IDs)");
    }

    @Test
    void should_reject_a_ranking_that_is_a_string() {
      CliResult result = evaluateRun("{\"q2\": \"d3\"}");
      assertThatRun(result).rejectedInput(run() + ":1:8: $.q2: ranking must be a list of document IDs "
          + "(query \"q2\": got the string \"d3\")");
    }

    @Test
    void should_reject_a_ranked_number() {
      CliResult result = evaluateRun("{\"q2\": [\"d3\", 4]}");
      assertThatRun(result).rejectedInput(run() + ":1:15: $.q2[1]: ranking must be a list of document IDs "
          + "(query \"q2\": got the integer 4; expected a string ID)");
    }

    @Test
    void should_reject_the_whole_evaluation_when_a_second_run_is_bad() {
      // GIVEN a good run first: nothing of it may be printed
      Path bad = Cli.write(dir, "bad.json", "{\"q2\": [\"d9\"]}");
      // WHEN
      CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"),
          "--run", example("runs/fixture_A.json"), "--run", bad);
      // THEN
      assertThatRun(result).rejectedInput(bad + ":1:9: $.q2[0]: unknown document ID "
          + "(query \"q2\": document \"d9\" at rank 1 is not in the corpus)");
    }
  }

  @Nested
  class InTheJudgments {
    @Test
    void should_reject_an_unjudged_document() {
      // GIVEN q3's row without its d6 cell
      Path protocol = Cli.protocolWith(dir, "p.json", "\"d5\": 1,\n      \"d6\": 0", "\"d5\": 1");
      // WHEN
      CliResult result = evaluate(protocol, example("runs/fixture_A.json"));
      // THEN
      assertThatRun(result).rejectedInput(protocol + ":49:11: $.qrels.q3: unjudged or unknown documents: "
          + "exhaustive qrels required (query \"q3\": unjudged documents \"d6\")");
    }

    @Test
    void should_reject_a_judgment_of_a_document_outside_the_corpus() {
      Path protocol = Cli.protocolWith(dir, "p.json", "\"d5\": 1,\n      \"d6\": 0", "\"d5\": 1,\n      \"d6\": 0,\n      \"d7\": 0");
      CliResult result = evaluate(protocol, example("runs/fixture_A.json"));
      assertThatRun(result).rejectedInput(protocol + ":56:13: $.qrels.q3.d7: unjudged or unknown documents: "
          + "exhaustive qrels required (query \"q3\": documents not in the corpus \"d7\")");
    }

    @ParameterizedTest(name = "label {0} is rejected")
    @CsvSource(delimiter = '|', value = {
        "2 | 2",
        "-1 | -1",
        "true | the boolean true",
        "1.0 | the number 1.0",
        "\"1\" | the string \"1\""})
    void should_reject_a_label_that_is_not_the_integer_0_or_1(String label, String described) {
      // GIVEN q3's relevant d5 labelled otherwise
      Path protocol = Cli.protocolWith(dir, "p.json", "\"d5\": 1", "\"d5\": " + label);
      // WHEN
      CliResult result = evaluate(protocol, example("runs/fixture_A.json"));
      // THEN
      assertThatRun(result).rejectedInput(protocol + ":54:13: $.qrels.q3.d5: qrels labels must be integer 0 or 1 "
          + "(query \"q3\", document \"d5\": got " + described + ")");
    }
  }

  @Nested
  class InTheProtocolFile {
    @ParameterizedTest(name = "k {0} is rejected")
    @CsvSource(delimiter = '|', value = {
        "true | the boolean true",
        "1.5 | the number 1.5",
        "0 | the integer 0",
        "-2 | the integer -2",
        "\"2\" | the string \"2\""})
    void should_reject_a_k_that_is_not_a_positive_integer(String k, String described) {
      Path protocol = Cli.protocolWith(dir, "p.json", "\"k\": 2", "\"k\": " + k);
      CliResult result = evaluate(protocol, example("runs/fixture_A.json"));
      assertThatRun(result).rejectedInput(protocol + ":75:8: $.k: k must be a positive integer "
          + "(got " + described + "; expected an integer >= 1)");
    }

    @Test
    void should_reject_an_unknown_protocol_field() {
      Path protocol = Cli.protocolWith(dir, "p.json", "\"k\": 2", "\"k\": 2,\n  \"cutoff\": 10");
      CliResult result = evaluate(protocol, example("runs/fixture_A.json"));
      assertThatRun(result).rejectedInput(protocol + ":76:13: $.cutoff: unknown protocol field \"cutoff\" "
          + "(expected only corpus, queries, qrels, split and k)");
    }

    @Test
    void should_reject_a_query_missing_its_split() {
      // GIVEN q4 without "split"
      Path protocol = Cli.protocolWith(dir, "p.json",
          "\"\u600e\u6837\u5207\u6362\u5230\u6df1\u8272\u4e3b\u9898\uff1f\",\n      \"split\": \"test\"",
          "\"\u600e\u6837\u5207\u6362\u5230\u6df1\u8272\u4e3b\u9898\uff1f\"");
      // WHEN
      CliResult result = evaluate(protocol, example("runs/fixture_A.json"));
      // THEN
      assertThatRun(result).rejectedInput(protocol + ":23:11: $.queries.q4: query split must be a nonempty string "
          + "(query \"q4\": got no split)");
    }

    @Test
    void should_reject_a_split_that_selects_no_query() {
      Path protocol = Cli.protocolWith(dir, "p.json", "\"split\": \"test\",\n  \"k\"", "\"split\": \"tset\",\n  \"k\"");
      CliResult result = evaluate(protocol, Cli.write(dir, "empty.json", "{}"));
      // (the message cannot name the file: the evaluator no longer knows where the split came from)
      assertThatRun(result).rejectedInput("split has no queries (split \"tset\"; the queries' splits are [\"dev\", \"test\"])");
    }

    @Test
    void should_reject_a_protocol_without_judgments() {
      Path protocol = Cli.write(dir, "p.json", "{\"corpus\": {\"d1\": \"x\"}, \"queries\": {\"q1\": {\"split\": \"test\"}}}");
      CliResult result = evaluate(protocol, example("runs/fixture_A.json"));
      assertThatRun(result).rejectedInput(protocol + ":1:1: $: protocol field \"qrels\" is missing "
          + "(expected corpus, queries and qrels)");
    }
  }
}
