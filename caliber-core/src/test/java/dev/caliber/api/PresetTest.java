package dev.caliber.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.source.JudgmentKind;
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
  void should_take_the_rules_the_judgments_imply_whether_or_not_measures_are_named() {
    // named: always the one named, and nothing to tell
    for (Preset p : Preset.values()) {
      assertThat(Preset.chosen(p, JudgmentKind.TREC)).isEqualTo(p);
      assertThat(Preset.chosen(p, JudgmentKind.JSON)).isEqualTo(p);
      assertThat(Preset.impliedNote(p, JudgmentKind.TREC, false)).isNull();
      assertThat(Preset.impliedNote(p, JudgmentKind.TREC, true)).isNull();
    }
    // implied: TREC or BEIR judgments are evaluated as trec_eval -c evaluates them
    assertThat(Preset.chosen(null, JudgmentKind.TREC)).isEqualTo(Preset.TREC_EVAL);
    // the seed's JSON inputs keep the seed's strict rules, silently
    assertThat(Preset.chosen(null, JudgmentKind.JSON)).isEqualTo(Preset.STRICT);
    assertThat(Preset.impliedNote(null, JudgmentKind.JSON, false)).isNull();
    assertThat(Preset.impliedNote(null, JudgmentKind.JSON, true)).isNull();
  }

  @Test
  void should_say_in_one_line_which_rules_and_which_measures_were_implied() {
    assertThat(Preset.impliedNote(null, JudgmentKind.TREC, false))
        .startsWith("note: no --measure or --preset: TREC qrels are evaluated with trec_eval's default measures under --preset trec_eval (")
        .endsWith(Preset.TREC_EVAL.description() + ")")
        .doesNotContain("\n");
    assertThat(Preset.impliedNote(null, JudgmentKind.BEIR, true))
        .isEqualTo("note: no --preset: BEIR qrels take --preset trec_eval's rules where no option gives one ("
            + Preset.TREC_EVAL.description() + ")");
  }
}
