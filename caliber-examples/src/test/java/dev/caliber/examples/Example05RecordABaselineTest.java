package dev.caliber.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.assertj.Baseline;
import dev.caliber.assertj.BaselineExtension;
import dev.caliber.lucene.LuceneAnalyzer;
import dev.caliber.protocol.EvalProtocol;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Example 5: keep a baseline of the retriever's per-query values.
 *
 * <p>The first run of the test records the values (with the protocol's fingerprint) into
 * src/test/resources/caliber-baselines/Example05RecordABaselineTest/bm25_keeps_its_baseline.json,
 * which is committed. Every later run fails if AP is significantly worse than that, listing the
 * queries that got worse; a changed protocol fails too, until the baseline is recorded again on
 * purpose ({@code mvn test -Dcaliber.baseline.record=true}).
 */
@ExtendWith(BaselineExtension.class)
class Example05RecordABaselineTest {
  private final EvalProtocol protocol = Cacm.protocol("AP", "P@10");

  @Test
  void bm25_keeps_its_baseline(Baseline baseline) {
    baseline.check(Cacm.lucene(protocol, LuceneAnalyzer.ENGLISH), "AP");
    assertThat(baseline.file()).exists();
  }

  @Test
  void a_worse_retriever_fails_against_the_same_baseline() {
    Baseline kept = Baseline.at(BaselineExtension.directory().resolve("Example05RecordABaselineTest/bm25_keeps_its_baseline.json"));
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(kept.file()), "the baseline is recorded by the test above");
    assertThatThrownBy(() -> kept.check(Cacm.lucene(protocol, LuceneAnalyzer.WHITESPACE), "AP"))
        .hasMessageStartingWith("AP of run \"lucene-bm25\" is significantly worse than baseline ")
        .hasMessageContaining("worst queries (baseline -> now):");
  }
}
