package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The run's mean of a geometric measure (GMAP, GMBpref): the one mean, of another kind. */
class GeometricMeanTest {
  @Test
  void should_average_geometrically_with_each_value_floored_and_keep_no_exact_mean() {
    // GIVEN q1 with AP = (1 + 2/3) / 2 = 5/6, q2 with AP = 0 (floored to 0.00001)
    Map<String, Map<String, Integer>> q = new LinkedHashMap<>();
    q.put("q1", new LinkedHashMap<>(Map.of("d1", 1, "d2", 0, "d3", 2)));
    q.put("q2", new LinkedHashMap<>(Map.of("d1", 0, "d2", 1)));
    Map<String, List<String>> r = new LinkedHashMap<>();
    r.put("q1", List.of("d3", "d2", "d1"));
    r.put("q2", List.of("d1"));
    EvalProtocol protocol = new EvalProtocol(Qrels.of(q), List.of("q1", "q2"), "test", null, Policy.trecEval(),
        List.of(Measures.parse("GMAP"), Measures.parse("AP")));
    // WHEN
    RunResult result = Evaluation.evaluate(protocol, ScoredRun.of(Run.of("run", r)));
    // THEN the geometric mean, exp((ln 5/6 + ln 0.00001) / 2); per query the values are AP's
    MeasureSummary gm = result.summaries().get(0);
    assertThat(gm.decimalMean()).isCloseTo(Math.sqrt(5.0 / 6 * 0.00001), within(1e-15));
    assertThat(gm.mean()).isNull();
    assertThat(gm.count()).isEqualTo(2);
    assertThat(gm.decimalSum()).isCloseTo(5.0 / 6, within(1e-15));
    assertThat(result.rows().get(0).value(gm.measure()).toString()).isEqualTo("5/6");
    // AP's mean stays arithmetic and exact
    assertThat(result.summaries().get(1).mean().toString()).isEqualTo("5/12");
  }
}
