package dev.caliber.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.measure.Measures;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Two runs in one call: the same comparison as the general one with the first run as baseline. */
class CompareTest {
  private static final Qrels QRELS = Eval.qrels(Map.of(
      "q1", Map.of("d1", 1, "d2", 0, "d3", 1),
      "q2", Map.of("d4", 1, "d5", 0),
      "q3", Map.of("d6", 1)));
  private static final EvalProtocol PROTOCOL = Eval.protocol(QRELS, Preset.TREC_EVAL, "AP", "RR");
  private static final RunResult A = Eval.evaluate(PROTOCOL, Eval.rankings("A", Map.of(
      "q1", List.of("d2", "d1", "d3"), "q2", List.of("d4"), "q3", List.of("x", "d6"))));
  private static final RunResult B = Eval.evaluate(PROTOCOL, Eval.rankings("B", Map.of(
      "q1", List.of("d1", "d3"), "q2", List.of("d5", "d4"), "q3", List.of("d6"))));

  @Test
  void should_compare_the_second_run_against_the_first() {
    // WHEN
    Comparison c = Compare.runs(A, B);
    // THEN the same as the general comparison with A as baseline
    Comparison general = Comparisons.compare(List.of(A, B), CompareSettings.defaults());
    assertThat(c).isEqualTo(general);
    assertThat(c.baseline()).isEqualTo("A");
  }

  @Test
  void should_give_one_measures_comparison_by_name() {
    // WHEN
    PairedComparison rr = Compare.pair(A, B, "RR");
    // THEN q1 and q3 improve (1/2 -> 1), q2 gets worse (1 -> 1/2)
    assertThat(rr.measure()).isEqualTo(Measures.parse("RR"));
    assertThat(rr.baseline()).isEqualTo("A");
    assertThat(rr.system()).isEqualTo("B");
    assertThat(List.of(rr.wins(), rr.ties(), rr.losses())).containsExactly(2, 0, 1);
    assertThat(rr.worse()).extracting(QueryDelta::query).containsExactly("q2");
    assertThat(rr.meanDelta()).hasToString("1/6");
  }

  @Test
  void should_refuse_a_measure_outside_the_protocol_and_settings_naming_another_baseline() {
    assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Compare.pair(A, B, "nDCG@10"))
        .withMessage("illegal measure nDCG@10: not among the protocol's measures [AP, RR]");
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> Compare.runs(A, B, CompareSettings.defaults().withBaseline("B")))
        .withMessage("illegal settings: baseline \"B\", but the baseline given is \"A\"");
    assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Compare.runs(A, null))
        .withMessage("illegal comparison: system is null");
  }
}
