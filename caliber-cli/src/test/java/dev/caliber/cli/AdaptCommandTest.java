package dev.caliber.cli;

import static dev.caliber.cli.Cli.example;
import static dev.caliber.cli.Cli.expected;
import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caliber adapt} collapses the seed's chunk run exactly as the seed does. */
class AdaptCommandTest {

  private static final String DOCUMENT_RUN = String.join("\n",
      "{",
      "  \"q2\": [",
      "    \"d3\",",
      "    \"d4\"",
      "  ],",
      "  \"q3\": [",
      "    \"d1\",",
      "    \"d5\"",
      "  ],",
      "  \"q5\": []",
      "}",
      "");

  @Test
  void should_print_the_seed_s_adapter_output() {
    // WHEN
    CliResult result = Cli.run("adapt", "--protocol", example("protocol.json"),
        "--mapping", example("chunks/chunk_to_doc.json"), "--run", example("chunks/chunk_run.json"));
    // THEN
    assertThatRun(result).succeeded().printed(expected("adapt.chunk_run.json"));
  }

  @Test
  void should_print_the_same_from_corpus_and_queries_files() {
    CliResult result = Cli.run("adapt", "--corpus", example("corpus.json"), "--queries", example("queries.json"),
        "--split", "test", "--mapping", example("chunks/chunk_to_doc.json"), "--run", example("chunks/chunk_run.json"));
    assertThatRun(result).succeeded().printed(expected("adapt.chunk_run.json"));
  }

  @Test
  void should_take_the_queries_of_trec_qrels_or_a_beir_folder_without_a_seed_corpus_and_queries(@TempDir Path dir) {
    // GIVEN a chunk run over CACM queries, its chunks mapped to CACM documents
    Path mapping = Cli.write(dir, "chunk_to_doc.json", "{\"c1\": \"CACM-0001\", \"c2\": \"CACM-0002\", \"c3\": \"CACM-0001\"}");
    Path run = Cli.write(dir, "chunks.txt", "1 Q0 c1 1 3 t\n1 Q0 c2 2 2 t\n1 Q0 c3 3 1 t\n");
    String documents = "{\n  \"1\": [\n    \"CACM-0001\",\n    \"CACM-0002\"\n  ]\n}\n";
    // WHEN the queries come from TREC qrels (every judged query), or from a BEIR folder (its one split)
    CliResult trec = Cli.run("adapt", "--qrels", Cli.data().resolve("cacm/qrels.cacm.txt"), "--mapping", mapping, "--run", run,
        "--emit", "run");
    CliResult beir = Cli.run("adapt", "--beir", Cli.data().resolve("cacm/beir-format"), "--mapping", mapping, "--run", run,
        "--emit", "run");
    // THEN both collapse the run
    assertThatRun(trec).succeeded().printed(documents);
    assertThatRun(beir).succeeded().printed(documents);
    // and a query the judgments do not hold is named with where the query set came from
    Path other = Cli.write(dir, "other.txt", "99 Q0 c1 1 3 t\n");
    assertThatRun(Cli.run("adapt", "--qrels", Cli.data().resolve("cacm/qrels.cacm.txt"), "--mapping", mapping, "--run", other))
        .rejectedInput(other + ":1: unknown or wrong-split query (query \"99\" is not in the query set (every query judged in"
            + " qrels.cacm.txt (52)))");
  }

  @Test
  void should_say_full_when_asked_explicitly() {
    CliResult result = Cli.run("adapt", "--protocol", example("protocol.json"), "--emit", "full",
        "--mapping", example("chunks/chunk_to_doc.json"), "--run", example("chunks/chunk_run.json"));
    assertThatRun(result).succeeded().printed(expected("adapt.chunk_run.json"));
  }

  @Test
  void should_print_only_the_document_run_with_emit_run() {
    // WHEN
    CliResult result = Cli.run("adapt", "--protocol", example("protocol.json"), "--emit", "run",
        "--mapping", example("chunks/chunk_to_doc.json"), "--run", example("chunks/chunk_run.json"));
    // THEN q4 stays missing, q5 stays an explicit empty list
    assertThatRun(result).succeeded().printed(DOCUMENT_RUN);
  }

  @Test
  void should_score_the_adapted_run_as_the_seed_does(@TempDir Path dir) {
    // GIVEN the document run, written to a file
    Path documentRun = dir.resolve("chunk_run.docs.json");
    assertThatRun(Cli.run("adapt", "--protocol", example("protocol.json"), "--emit", "run",
        "--mapping", example("chunks/chunk_to_doc.json"), "--run", example("chunks/chunk_run.json"), "-o", documentRun))
        .succeeded().printedNothing();
    // WHEN
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", documentRun);
    // THEN collapse_then_document_cutoff of expected-chunk.json: Recall@2 = 2/3, MRR@2 = 1/2, q4 missing
    assertThatRun(result).succeeded();
    assertThat(result.stdout())
        .contains("\n  \"recall_at_k\": \"2/3\",\n")
        .contains("\n  \"mrr_at_k\": \"1/2\",\n")
        .contains("\n  \"missing_queries\": [\n    \"q4\"\n  ],\n")
        .contains("\n  \"eligible_queries\": 3,\n");
  }

  @Test
  void should_need_a_split_when_corpus_and_queries_come_apart() {
    CliResult result = Cli.run("adapt", "--corpus", example("corpus.json"), "--queries", example("queries.json"),
        "--mapping", example("chunks/chunk_to_doc.json"), "--run", example("chunks/chunk_run.json"));
    assertThatRun(result).failedWithUsage("caliber adapt", "no split: give --split or fix \"split\" in the protocol file");
  }

  @Test
  void should_reject_an_unknown_emit_value() {
    CliResult result = Cli.run("adapt", "--protocol", example("protocol.json"), "--emit", "docs",
        "--mapping", example("chunks/chunk_to_doc.json"), "--run", example("chunks/chunk_run.json"));
    assertThatRun(result).failedWithUsage("caliber adapt",
        "Invalid value for option '--emit': expected one of [full, run] (case-insensitive) but was 'docs'");
  }

  @Test
  void should_read_a_trec_chunk_run_as_the_same_json_chunk_run(@TempDir Path dir) {
    // GIVEN the example's chunk run as JSON and as TREC lines (TREC has no empty query: q5 left out of both)
    Path json = Cli.write(dir, "chunks.json", "{\"q2\": [\"d3a\", \"d3b\", \"d4a\"], \"q3\": [\"d1a\", \"d1b\", \"d5a\"]}");
    Path trec = Cli.write(dir, "chunks.txt", "q2 Q0 d3a 1 3.0 bm25\nq2 Q0 d3b 2 2.0 bm25\nq2 Q0 d4a 3 1.0 bm25\n"
        + "q3 Q0 d1a 1 3.0 bm25\nq3 Q0 d1b 2 2.0 bm25\nq3 Q0 d5a 3 1.0 bm25\n");
    // WHEN
    CliResult fromJson = Cli.run("adapt", "--protocol", example("protocol.json"), "--mapping", example("chunks/chunk_to_doc.json"),
        "--run", json);
    CliResult fromTrec = Cli.run("adapt", "--protocol", example("protocol.json"), "--mapping", example("chunks/chunk_to_doc.json"),
        "--run", trec);
    // THEN
    assertThatRun(fromJson).succeeded();
    assertThatRun(fromTrec).succeeded().printed(fromJson.stdoutBytes());
    assertThat(fromTrec.stdout()).contains("\"first_chunk_id\": \"d3a\"");
  }

  @Test
  void should_read_the_format_the_run_format_option_names(@TempDir Path dir) {
    // GIVEN TREC lines in a file named .json, and a chunk the mapping does not know on line 2
    Path trec = Cli.write(dir, "chunks.json", "q2 Q0 d3a 1 3.0 bm25\nq2 Q0 nope 2 2.0 bm25\n");
    // THEN auto reads it as JSON and fails; trec reads the lines and names the line of the unknown chunk
    assertThat(Cli.run("adapt", "--protocol", example("protocol.json"), "--mapping", example("chunks/chunk_to_doc.json"),
        "--run", trec).exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    CliResult asTrec = Cli.run("adapt", "--protocol", example("protocol.json"), "--mapping", example("chunks/chunk_to_doc.json"),
        "--run", trec, "--run-format", "trec");
    assertThatRun(asTrec).failedWithLineStartingWith(ExitCodes.INVALID_INPUT, "invalid input: " + trec + ":2");
  }

  @Test
  void should_tell_evaluate_that_adapt_s_full_report_is_not_a_run_and_what_to_give(@TempDir Path dir) {
    // GIVEN adapt's full output written to a file, as a user might take it for a run
    Path full = dir.resolve("adapted.json");
    assertThatRun(Cli.run("adapt", "--protocol", example("protocol.json"), "--mapping", example("chunks/chunk_to_doc.json"),
        "--run", example("chunks/chunk_run.json"), "-o", full)).succeeded();
    // WHEN it is given to evaluate, with the seed report or with measures
    for (String[] extra : new String[][] {{}, {"-m", "RR@10"}}) {
      java.util.List<Object> args = new java.util.ArrayList<>(java.util.List.of("evaluate", "--protocol", example("protocol.json"),
          "--run", full));
      args.addAll(java.util.List.of(extra));
      CliResult r = Cli.run(args.toArray());
      // THEN one line that says what it is and names adapt --emit run
      assertThatRun(r).failedWith(ExitCodes.INVALID_INPUT, "invalid input: " + full + ":1:1: $: the chunk adapter's full report,"
          + " not a run (got keys adapter_sha256, document_runs, evidence; expected a run such as its document_runs,"
          + " which 'caliber adapt --emit run' prints alone)");
    }
  }
}
