package dev.caliber.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The single rules given over a preset's policy: each one replaces its rule, nothing else. */
class PolicyOverridesTest {
  @Test
  void should_change_nothing_when_no_rule_is_given() {
    assertThat(PolicyOverrides.none().over(Policy.strict())).isEqualTo(Policy.strict());
    assertThat(PolicyOverrides.none().over(Policy.trecEval())).isEqualTo(Policy.trecEval());
  }

  @Test
  void should_replace_each_given_rule_and_keep_the_others() {
    Policy base = Policy.strict();
    assertThat(new PolicyOverrides(Judgments.POOLED, null, null, null, null, null, null).over(base))
        .isEqualTo(base.withJudgments(Judgments.POOLED));
    assertThat(new PolicyOverrides(null, 2, null, null, null, null, null).over(base)).isEqualTo(base.withRelevanceThreshold(2));
    assertThat(new PolicyOverrides(null, null, Gain.EXPONENTIAL, null, null, null, null).over(base))
        .isEqualTo(base.withGain(Gain.EXPONENTIAL));
    assertThat(new PolicyOverrides(null, null, null, Ordering.SCORE, null, null, null).over(base))
        .isEqualTo(base.withOrdering(Ordering.SCORE));
    assertThat(new PolicyOverrides(null, null, null, null, NoRelevant.ZERO, null, null).over(base))
        .isEqualTo(base.withNoRelevant(NoRelevant.ZERO));
    assertThat(new PolicyOverrides(null, null, null, null, null, UnknownQueries.LIST, null).over(base))
        .isEqualTo(base.withUnknownQueries(UnknownQueries.LIST));
    assertThat(new PolicyOverrides(null, null, null, null, null, null, 100).over(base)).isEqualTo(base.withDepth(100));
  }

  @Test
  void should_lay_every_rule_over_the_trec_eval_preset_into_the_strict_one() {
    Policy s = Policy.strict();
    PolicyOverrides all = new PolicyOverrides(s.judgments(), s.relevanceThreshold(), s.gain(), s.ordering(), s.noRelevant(),
        s.unknownQueries(), s.depth());
    assertThat(all.over(Policy.trecEval())).isEqualTo(s);
  }

  @Test
  void should_refuse_what_a_policy_refuses() {
    assertThatThrownBy(() -> new PolicyOverrides(null, 0, null, null, null, null, null).over(Policy.strict()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("relevance threshold");
    assertThatThrownBy(() -> new PolicyOverrides(null, null, null, null, null, null, -1).over(Policy.strict()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("depth");
  }
}
