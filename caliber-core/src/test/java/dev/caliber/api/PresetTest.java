package dev.caliber.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.error.Remedy;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import org.junit.jupiter.api.Test;

/** The presets: names for policies, and which violations' remedies each one declares. */
class PresetTest {
  @Test
  void should_stand_for_its_policy() {
    assertThat(Preset.STRICT.policy()).isEqualTo(Policy.strict());
    assertThat(Preset.TREC_EVAL.policy()).isEqualTo(Policy.trecEval());
    assertThat(Preset.POOLED.policy()).isEqualTo(Policy.strict().withJudgments(Judgments.POOLED).withOrdering(Ordering.SCORE));
  }

  @Test
  void should_accept_exactly_the_remedies_its_policy_declares() {
    assertThat(Preset.STRICT.accepts(Remedy.POOLED_JUDGMENTS)).isFalse();
    assertThat(Preset.STRICT.accepts(Remedy.LIST_UNKNOWN_QUERIES)).isFalse();
    assertThat(Preset.POOLED.accepts(Remedy.POOLED_JUDGMENTS)).isTrue();
    assertThat(Preset.POOLED.accepts(Remedy.LIST_UNKNOWN_QUERIES)).isFalse();
    assertThat(Preset.TREC_EVAL.accepts(Remedy.POOLED_JUDGMENTS)).isTrue();
    assertThat(Preset.TREC_EVAL.accepts(Remedy.LIST_UNKNOWN_QUERIES)).isTrue();
    assertThat(Preset.TREC_EVAL.policy().unknownQueries()).isEqualTo(UnknownQueries.LIST);
  }

  @Test
  void should_name_every_remedy_s_rule_in_few_words() {
    assertThat(Remedy.POOLED_JUDGMENTS.rule()).isEqualTo("pooled judgments");
    assertThat(Remedy.LIST_UNKNOWN_QUERIES.rule()).isEqualTo("the unknown-queries rule 'list'");
  }

  @Test
  void should_evaluate_bare_trec_qrels_as_trec_eval_does_only_when_neither_a_preset_nor_a_measure_is_named() {
    // named: always the one named
    for (Preset p : Preset.values()) {
      assertThat(Preset.chosen(p, false, true)).isEqualTo(p);
      assertThat(Preset.chosen(p, true, false)).isEqualTo(p);
      assertThat(Preset.implied(p, false, true)).isFalse();
    }
    // implied: nothing named on bare TREC qrels
    assertThat(Preset.chosen(null, false, true)).isEqualTo(Preset.TREC_EVAL);
    assertThat(Preset.implied(null, false, true)).isTrue();
    // otherwise the seed's strict protocol, and nothing to tell
    assertThat(Preset.chosen(null, true, true)).isEqualTo(Preset.STRICT);
    assertThat(Preset.chosen(null, false, false)).isEqualTo(Preset.STRICT);
    assertThat(Preset.implied(null, true, true)).isFalse();
    assertThat(Preset.implied(null, false, false)).isFalse();
  }

  @Test
  void should_say_in_one_line_what_was_implied() {
    assertThat(Preset.impliedNote())
        .startsWith("note: no --measure or --preset: TREC qrels are evaluated with trec_eval's default measures under --preset trec_eval (")
        .endsWith(Preset.TREC_EVAL.description() + ")")
        .doesNotContain("\n");
  }
}
