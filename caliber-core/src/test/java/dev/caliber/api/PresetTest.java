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
}
