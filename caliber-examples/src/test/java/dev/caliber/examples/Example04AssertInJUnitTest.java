package dev.caliber.examples;

import static dev.caliber.assertj.CaliberAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.compare.Compare;
import dev.caliber.lucene.LuceneAnalyzer;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Example 4: relevance as a JUnit test of the retriever.
 *
 * <p>The test states what the retriever must do on a fixed protocol (CACM's judged topics,
 * trec_eval's policy): a mean AP of at least 0.30, every judged topic answered, and no significant
 * loss of RR@10 against the Anserini run it should match. The second test breaks the retriever on
 * purpose (a whitespace analyser: no lower-casing, no stemming, no stop words) and shows the
 * failure a developer would read in the Surefire report.
 */
class Example04AssertInJUnitTest {
  private static EvalProtocol protocol;
  private static RunResult anserini;

  @BeforeAll
  static void protocol() throws Exception {
    protocol = Cacm.protocol("AP", "RR@10", "nDCG@10");
    anserini = dev.caliber.api.Eval.evaluate(protocol,
        dev.caliber.api.EvalFiles.readRun(Cacm.DIR.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz")));
  }

  @Test
  void bm25_with_english_analysis_keeps_its_quality() {
    RunResult result = Cacm.lucene(protocol, LuceneAnalyzer.ENGLISH);
    assertThat(result).hasNoMissingQueries().measure("AP").isAtLeast(0.30);
    assertThat(Compare.runs(anserini, result)).measure("RR@10").hasNoSignificantLoss();
  }

  @Test
  void a_broken_analyser_fails_with_a_message_that_says_where() {
    RunResult broken = Cacm.lucene(protocol, LuceneAnalyzer.WHITESPACE);
    assertThatThrownBy(() -> assertThat(broken).measure("AP").isAtLeast(0.30))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("AP of run \"lucene-bm25\": expected at least 0.3000 but was 0.")
        .hasMessageContaining("protocol sha256 " + broken.protocolSha256())
        .hasMessageContaining("lowest queries:\n")
        .satisfies(e -> System.out.println("The failure a broken retriever gives:\n" + e.getMessage()));
    assertThatThrownBy(() -> assertThat(Compare.runs(anserini, broken)).measure("nDCG@10").hasNoSignificantLoss())
        .hasMessageStartingWith("nDCG@10, run \"lucene-bm25\" against baseline \"run.cacm.bm25.txt\": a significant loss")
        .satisfies(e -> System.out.println(e.getMessage()));
  }
}
