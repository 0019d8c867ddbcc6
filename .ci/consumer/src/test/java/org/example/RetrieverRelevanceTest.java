package org.example;

import static dev.caliber.assertj.CaliberAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.protocol.Qrels;
import dev.caliber.result.RunResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a user writes: judgments and a retriever's scores in the test, one assertion. */
class RetrieverRelevanceTest {
  private final Qrels qrels = Eval.qrels(Map.of("q1", Map.of("d1", 1, "d2", 0), "q2", Map.of("d3", 1)));

  @Test
  void the_retriever_ranks_the_relevant_documents_first() {
    RunResult result = Eval.evaluate(qrels, Eval.run("mine", Map.of(
        "q1", Map.of("d1", 2.0, "d2", 1.0), "q2", Map.of("d3", 0.5, "d9", 0.1))), Preset.TREC_EVAL, "RR@10", "nDCG@10");
    assertThat(result).hasNoMissingQueries().measure("RR@10").isAtLeast(1.0);
  }

  @Test
  void a_worse_retriever_fails_readably() {
    RunResult worse = Eval.evaluate(qrels, Eval.run("worse", Map.of(
        "q1", Map.of("d1", 1.0, "d2", 2.0), "q2", Map.of("d3", 0.5))), Preset.TREC_EVAL, "RR@10");
    assertThatThrownBy(() -> assertThat(worse).measure("RR@10").isAtLeast(0.9))
        .hasMessageStartingWith("RR@10 of run \"worse\": expected at least 0.9000 but was 0.7500");
  }
}
