package dev.caliber.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.entry;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every rule that changes a number: validated, copied one rule at a time, and shown as data. */
class PolicyTest {

  @ParameterizedTest(name = "threshold {0}")
  @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
  void should_reject_a_relevance_threshold_below_one(int threshold) {
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> Policy.strict().withRelevanceThreshold(threshold))
        .withMessage("illegal relevance threshold: " + threshold + ", must be >= 1");
  }

  @Test
  void should_be_equal_exactly_when_every_rule_is_equal_with_equal_hashes() {
    Policy base = Policy.trecEval();
    List<Policy> oneRuleOff = List.of(
        base.withRelevanceThreshold(2), base.withDepth(10), base.withGain(Gain.EXPONENTIAL),
        new Policy(Judgments.EXHAUSTIVE, 1, Gain.LINEAR, Ordering.SCORE, NoRelevant.ZERO, UnknownQueries.LIST, 0),
        new Policy(Judgments.POOLED, 1, Gain.LINEAR, Ordering.GIVEN, NoRelevant.ZERO, UnknownQueries.LIST, 0),
        new Policy(Judgments.POOLED, 1, Gain.LINEAR, Ordering.SCORE, NoRelevant.EXCLUDE, UnknownQueries.LIST, 0),
        new Policy(Judgments.POOLED, 1, Gain.LINEAR, Ordering.SCORE, NoRelevant.ZERO, UnknownQueries.ERROR, 0));
    Policy same = new Policy(Judgments.POOLED, 1, Gain.LINEAR, Ordering.SCORE, NoRelevant.ZERO, UnknownQueries.LIST, 0);
    assertThat(same).isEqualTo(base).hasSameHashCodeAs(base).isNotEqualTo(null).isNotEqualTo("policy");
    for (Policy other : oneRuleOff) {
      assertThat(other).as("%s", other).isNotEqualTo(base);
      assertThat(base).as("%s", other).isNotEqualTo(other);
      assertThat(other).isEqualTo(new Policy(other.judgments(), other.relevanceThreshold(), other.gain(), other.ordering(),
          other.noRelevant(), other.unknownQueries(), other.depth())).hasSameHashCodeAs(new Policy(other.judgments(),
          other.relevanceThreshold(), other.gain(), other.ordering(), other.noRelevant(), other.unknownQueries(), other.depth()));
    }
    assertThat(java.util.Set.copyOf(oneRuleOff)).hasSize(oneRuleOff.size());
  }

  @Test
  void should_reject_a_negative_depth() {
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> Policy.strict().withDepth(-1))
        .withMessage("illegal depth: -1, must be >= 0 (0 means all)");
  }

  @Test
  void should_tell_trec_eval_s_rules_whatever_its_threshold_depth_and_gain_and_nothing_else() {
    Policy t = Policy.trecEval();
    assertThat(t.hasTrecEvalRules()).isTrue();
    assertThat(t.withRelevanceThreshold(2).withDepth(100).withGain(Gain.EXPONENTIAL).hasTrecEvalRules()).isTrue();
    assertThat(t.withJudgments(Judgments.EXHAUSTIVE).hasTrecEvalRules()).isFalse();
    assertThat(t.withOrdering(Ordering.GIVEN).hasTrecEvalRules()).isFalse();
    assertThat(t.withNoRelevant(NoRelevant.EXCLUDE).hasTrecEvalRules()).isFalse();
    assertThat(t.withUnknownQueries(UnknownQueries.ERROR).hasTrecEvalRules()).isFalse();
    assertThat(Policy.strict().hasTrecEvalRules()).isFalse();
  }

  @Test
  void should_name_a_missing_rule() {
    assertThatExceptionOfType(NullPointerException.class)
        .isThrownBy(() -> Policy.strict().withJudgments(null)).withMessage("judgments");
    assertThatExceptionOfType(NullPointerException.class)
        .isThrownBy(() -> Policy.strict().withGain(null)).withMessage("gain");
    assertThatExceptionOfType(NullPointerException.class)
        .isThrownBy(() -> Policy.strict().withOrdering(null)).withMessage("ordering");
    assertThatExceptionOfType(NullPointerException.class)
        .isThrownBy(() -> Policy.strict().withNoRelevant(null)).withMessage("noRelevant");
    assertThatExceptionOfType(NullPointerException.class)
        .isThrownBy(() -> Policy.strict().withUnknownQueries(null)).withMessage("unknownQueries");
  }

  @Test
  void should_accept_depth_zero_as_all_and_any_threshold_from_one() {
    assertThat(Policy.strict().withDepth(0).depth()).isZero();
    assertThat(Policy.strict().withRelevanceThreshold(1).relevanceThreshold()).isEqualTo(1);
    assertThat(Policy.strict().withRelevanceThreshold(4).relevanceThreshold()).isEqualTo(4);
  }

  @Test
  void should_make_strict_the_seed_s_rules() {
    assertThat(Policy.strict()).isEqualTo(new Policy(Judgments.EXHAUSTIVE, 1, Gain.LINEAR, Ordering.GIVEN,
        NoRelevant.EXCLUDE, UnknownQueries.ERROR, 0));
  }

  @Test
  void should_make_trec_eval_the_rules_of_trec_eval_minus_c() {
    assertThat(Policy.trecEval()).isEqualTo(new Policy(Judgments.POOLED, 1, Gain.LINEAR, Ordering.SCORE,
        NoRelevant.ZERO, UnknownQueries.LIST, 0));
  }

  @Test
  void should_change_one_rule_per_copy_and_leave_the_original_alone() {
    // GIVEN
    Policy strict = Policy.strict();
    // WHEN / THEN
    assertThat(strict.withJudgments(Judgments.POOLED)).isEqualTo(new Policy(Judgments.POOLED, 1, Gain.LINEAR,
        Ordering.GIVEN, NoRelevant.EXCLUDE, UnknownQueries.ERROR, 0));
    assertThat(strict.withRelevanceThreshold(2)).isEqualTo(new Policy(Judgments.EXHAUSTIVE, 2, Gain.LINEAR,
        Ordering.GIVEN, NoRelevant.EXCLUDE, UnknownQueries.ERROR, 0));
    assertThat(strict.withGain(Gain.EXPONENTIAL)).isEqualTo(new Policy(Judgments.EXHAUSTIVE, 1, Gain.EXPONENTIAL,
        Ordering.GIVEN, NoRelevant.EXCLUDE, UnknownQueries.ERROR, 0));
    assertThat(strict.withOrdering(Ordering.SCORE)).isEqualTo(new Policy(Judgments.EXHAUSTIVE, 1, Gain.LINEAR,
        Ordering.SCORE, NoRelevant.EXCLUDE, UnknownQueries.ERROR, 0));
    assertThat(strict.withNoRelevant(NoRelevant.ZERO)).isEqualTo(new Policy(Judgments.EXHAUSTIVE, 1, Gain.LINEAR,
        Ordering.GIVEN, NoRelevant.ZERO, UnknownQueries.ERROR, 0));
    assertThat(strict.withUnknownQueries(UnknownQueries.LIST)).isEqualTo(new Policy(Judgments.EXHAUSTIVE, 1,
        Gain.LINEAR, Ordering.GIVEN, NoRelevant.EXCLUDE, UnknownQueries.LIST, 0));
    assertThat(strict.withDepth(100)).isEqualTo(new Policy(Judgments.EXHAUSTIVE, 1, Gain.LINEAR, Ordering.GIVEN,
        NoRelevant.EXCLUDE, UnknownQueries.ERROR, 100));
    assertThat(strict).isEqualTo(Policy.strict());
  }

  @Test
  void should_show_the_strict_policy_as_ordered_lower_case_data() {
    assertThat(Policy.strict().toData()).containsExactly(
        entry("judgments", "exhaustive"),
        entry("relevance_threshold", 1),
        entry("gain", "linear"),
        entry("ordering", "given"),
        entry("no_relevant", "exclude"),
        entry("unknown_queries", "error"),
        entry("depth", 0));
  }

  @Test
  void should_show_every_changed_rule_in_the_data() {
    Policy p = Policy.trecEval().withGain(Gain.EXPONENTIAL).withRelevanceThreshold(2).withDepth(1000);
    assertThat(p.toData()).containsExactly(
        entry("judgments", "pooled"),
        entry("relevance_threshold", 2),
        entry("gain", "exponential"),
        entry("ordering", "score"),
        entry("no_relevant", "zero"),
        entry("unknown_queries", "list"),
        entry("depth", 1000));
  }
}
