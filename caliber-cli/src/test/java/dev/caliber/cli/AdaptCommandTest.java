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
}
