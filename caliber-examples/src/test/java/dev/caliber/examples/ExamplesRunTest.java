package dev.caliber.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Every numbered example runs as a user runs it, and prints what its comments say it does. */
class ExamplesRunTest {
  /** Runs {@code main} with no arguments (the build says where the repository is) and returns what it printed. */
  private static String run(ThrowingMain main) throws Exception {
    PrintStream saved = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      main.run(new String[0]);
    } finally {
      System.setOut(saved);
    }
    String text = out.toString(StandardCharsets.UTF_8);
    saved.print(text); // kept in the test report, as the example's own output
    return text;
  }

  private interface ThrowingMain {
    void run(String[] args) throws Exception;
  }

  @Test
  void example_01_prints_trec_evals_map_for_the_anserini_bm25_run() throws Exception {
    assertThat(run(Example01EvaluateOneRun::main)).contains("run.cacm.bm25.txt over 52 judged queries:", "  AP       0.3123",
        "  P@10     0.3154", "protocol sha256 ");
  }

  @Test
  void example_02_compares_bm25_with_rm3_and_lists_worse_queries() throws Exception {
    assertThat(run(Example02CompareTwoRuns::main)).contains("AP: run.cacm.bm25.txt 0.3123 -> run.cacm.bm25+rm3.txt 0.3643",
        "  worse: query ");
  }

  @Test
  void example_03_adapts_chunks_to_documents_at_their_first_chunk() throws Exception {
    assertThat(run(Example03AdaptChunksToDocuments::main)).contains("document run: {q1=[shipping, refunds, returns]}",
        "  refunds from chunk refunds#2 at rank 2 (chunks at [2, 3])", "RR@10 = 1/2", "R@2 = 1/2");
  }

  @Test
  void example_06_evaluates_lucene_bm25_in_the_same_jvm_beside_anserinis_run() throws Exception {
    String out = run(Example06LuceneEndToEnd::main);
    assertThat(out).contains("Lucene BM25 (score, trec_eval ties)", "Lucene BM25 (given: Lucene's order)",
        "AP against Anserini's run: ", "queries whose AP depends on how tied scores are ordered: ")
        .containsPattern("Anserini 0.13.3 BM25 run \\(score\\) +0\\.3123 +0\\.3154");
  }
}
