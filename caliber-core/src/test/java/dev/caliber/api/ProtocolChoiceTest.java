package dev.caliber.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.api.source.JudgmentKind;
import dev.caliber.measure.Measures;
import dev.caliber.measure.TrecEvalMeasures;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.PolicyOverrides;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one choice of policy and measures that caliber evaluate and the Spark job share. */
class ProtocolChoiceTest {
  private static final PolicyOverrides NONE = PolicyOverrides.none();

  @Test
  void should_evaluate_bare_trec_qrels_as_trec_eval_does_and_say_so() {
    ProtocolChoice c = ProtocolChoice.of(null, JudgmentKind.TREC, NONE, List.of(), true);
    assertThat(c.policy()).isEqualTo(Preset.TREC_EVAL.policy());
    assertThat(c.measures()).isEqualTo(TrecEvalMeasures.official());
    assertThat(c.impliedNote()).isEqualTo(Preset.impliedNote(null, JudgmentKind.TREC, false)).isNotNull();
    assertThat(c.differences()).isEmpty();
  }

  @Test
  void should_start_from_strict_for_other_judgments_and_add_coverage_under_pooled_judgments() {
    ProtocolChoice strict = ProtocolChoice.of(null, JudgmentKind.JSON, NONE, List.of("nDCG@10"), true);
    assertThat(strict.policy()).isEqualTo(Preset.STRICT.policy());
    assertThat(strict.measures()).containsExactly(Measures.parse("nDCG@10"));
    ProtocolChoice pooled = ProtocolChoice.of(Preset.POOLED, JudgmentKind.TREC, NONE, List.of("nDCG@10"), true);
    assertThat(pooled.measures()).containsExactly(Measures.parse("nDCG@10"), Measures.parse("Judged@10"));
    ProtocolChoice asked = ProtocolChoice.of(Preset.POOLED, JudgmentKind.TREC, NONE, List.of("nDCG@10"), false);
    assertThat(asked.measures()).containsExactly(Measures.parse("nDCG@10"));
    assertThat(asked.impliedNote()).isNull();
  }

  @Test
  void should_lay_single_rules_over_the_preset_and_note_names_other_tools_define_otherwise() {
    PolicyOverrides exhaustive = new PolicyOverrides(Judgments.EXHAUSTIVE, null, null, null, null, null, null);
    ProtocolChoice c = ProtocolChoice.of(Preset.TREC_EVAL, JudgmentKind.TREC, exhaustive, List.of("map", "Judged@10"), true);
    assertThat(c.policy()).isEqualTo(exhaustive.over(Preset.TREC_EVAL.policy()));
    assertThat(c.differences()).containsExactly("note: " + Measures.difference("Judged@10"));
    assertThat(c.differences().get(0)).startsWith("note: Judged@10: ir_measures divides");
  }

  @Test
  void should_name_the_measure_option_when_a_name_is_not_a_measure() {
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> ProtocolChoice.of(null, JudgmentKind.TREC, NONE, List.of("nDCG@10", "nope"), true))
        .withMessageStartingWith("--measure: ");
  }

  @Test
  void should_take_compat_trec_eval_as_the_trec_eval_preset_and_refuse_another_preset_beside_it() {
    assertThat(ProtocolChoice.given(null, true)).isEqualTo(Preset.TREC_EVAL);
    assertThat(ProtocolChoice.given(Preset.TREC_EVAL, true)).isEqualTo(Preset.TREC_EVAL);
    assertThat(ProtocolChoice.given(Preset.POOLED, false)).isEqualTo(Preset.POOLED);
    assertThat(ProtocolChoice.given(null, false)).isNull();
    assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> ProtocolChoice.given(Preset.STRICT, true))
        .withMessage("--compat trec_eval is --preset trec_eval and contradicts --preset strict; give one of them");
  }
}
