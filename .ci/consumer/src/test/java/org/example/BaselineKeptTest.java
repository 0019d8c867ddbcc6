package org.example;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.assertj.Baseline;
import dev.caliber.assertj.BaselineExtension;
import dev.caliber.protocol.Qrels;
import dev.caliber.result.RunResult;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The JUnit extension at the user's JUnit version: a baseline recorded, then held. */
@ExtendWith(BaselineExtension.class)
class BaselineKeptTest {
  private final Qrels qrels = Eval.qrels(Map.of("q1", Map.of("d1", 1, "d2", 0), "q2", Map.of("d3", 1)));

  @Test
  void the_same_run_keeps_its_baseline(Baseline baseline) {
    RunResult result = Eval.evaluate(qrels, Eval.run("mine", Map.of(
        "q1", Map.of("d1", 2.0, "d2", 1.0), "q2", Map.of("d3", 0.5, "d9", 0.1))), Preset.TREC_EVAL, "RR@10");
    baseline.check(result, "RR@10"); // records on the first run of the build
    baseline.check(result, "RR@10"); // compares: no loss
  }
}
