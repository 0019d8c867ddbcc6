package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.math.Fraction;
import dev.caliber.policy.Gain;
import org.junit.jupiter.api.Test;

/** trec_eval's preference measures (m_prefs_*.c over form_prefs_counts.c), counted by hand. */
class PreferenceTest {
  /** A ranking of {@code ranked.length} judged documents with the given numbers and scores. */
  private static JudgedRanking ranking(PreferenceJudgments p, int[] ranked, double[] scores) {
    int[] labels = new int[ranked.length];
    return new JudgedRanking(labels, labels, 1, Gain.LINEAR).withPreferences(p, ranked, scores);
  }

  private static Fraction exact(Measure m, JudgedRanking r) {
    return m.compute(r).exact();
  }

  private static long count(Count.Kind kind, JudgedRanking r) {
    return Math.round(new Count(kind, null).compute(r).decimal());
  }

  @Test
  void should_count_one_group_s_classes_as_trec_eval_does() {
    // GIVEN one group, one subgroup: d0 level 2, d1 level 1, d2 level 0; the run ranks d2 then d0
    PreferenceJudgments p = new PreferenceJudgments(3, new int[] {0, 0, 0}, new int[] {0, 0, 0}, new int[] {0, 1, 2},
        new double[] {2, 1, 0});
    JudgedRanking r = ranking(p, new int[] {2, 0}, new double[] {2, 1});
    // THEN internal ranks d2 = 0, d0 = 1, d1 = 2 (unretrieved): d0 > d1 fulfilled implied, d0 > d2
    // possible between retrieved, d1 > d2 possible implied
    assertThat(count(Count.Kind.PrefsPoss, r)).isEqualTo(3);
    assertThat(count(Count.Kind.PrefsFul, r)).isEqualTo(1);
    assertThat(count(Count.Kind.PrefsFulRet, r)).isZero();
    assertThat(exact(new Preference(Preference.Kind.Simp), r)).isEqualTo(Fraction.of(1, 3));
    assertThat(exact(new Preference(Preference.Kind.SimpRet), r)).isEqualTo(Fraction.ZERO);
    assertThat(exact(new Preference(Preference.Kind.SimpImp), r)).isEqualTo(Fraction.of(1, 3));
    assertThat(exact(new Preference(Preference.Kind.AvgJg), r)).isEqualTo(Fraction.of(1, 3));
    // pairs (d2, d0) 0, (d2, d1) 0, (d0, d1) 1
    assertThat(exact(new Preference(Preference.Kind.Pair), r)).isEqualTo(Fraction.of(1, 3));
    assertThat(exact(new Preference(Preference.Kind.PairRet), r)).isEqualTo(Fraction.ZERO);
    assertThat(exact(new Preference(Preference.Kind.PairImp), r)).isEqualTo(Fraction.of(1, 3));
    // R = 2 >= N = 1: ful 1 + 1 (d0 retrieved) * (2 - 1), poss 3 + 2 * (2 - 1)
    assertThat(exact(new Preference(Preference.Kind.AvgJgRnonrel), r)).isEqualTo(Fraction.of(2, 5));
    // retrieved R = 1 >= N = 1: 0 of 1
    assertThat(exact(new Preference(Preference.Kind.AvgJgRnonrelRet), r)).isEqualTo(Fraction.ZERO);
  }

  @Test
  void should_order_equal_scores_by_document_id_ascending_as_form_prefs_counts_does() {
    // GIVEN d0 (level 1) preferred to d1 (level 0), ranked d1 first
    PreferenceJudgments p = new PreferenceJudgments(2, new int[] {0, 0}, new int[] {0, 0}, new int[] {0, 1}, new double[] {1, 0});
    // THEN with equal scores trec_eval ranks d0 first (its IDs ascending) and the preference holds
    assertThat(count(Count.Kind.PrefsFulRet, ranking(p, new int[] {1, 0}, new double[] {1, 1}))).isEqualTo(1);
    assertThat(count(Count.Kind.PrefsFulRet, ranking(p, new int[] {1, 0}, new double[] {2, 1}))).isZero();
  }

  @Test
  void should_close_a_group_s_subgroups_under_transitivity() {
    // GIVEN one group of two subgroups: d0 > d1 in one, d1 > d2 in the other: d0 > d2 is implied
    PreferenceJudgments p = new PreferenceJudgments(3, new int[] {0, 0, 0, 0}, new int[] {0, 0, 1, 1},
        new int[] {0, 1, 1, 2}, new double[] {2, 1, 2, 1});
    JudgedRanking r = ranking(p, new int[] {0, 1, 2}, new double[] {3, 2, 1});
    assertThat(count(Count.Kind.PrefsPoss, r)).isEqualTo(3);
    assertThat(count(Count.Kind.PrefsFulRet, r)).isEqualTo(3);
    assertThat(exact(new Preference(Preference.Kind.Pair), r)).isEqualTo(Fraction.ONE);
    // reversed, nothing holds
    JudgedRanking reversed = ranking(p, new int[] {2, 1, 0}, new double[] {3, 2, 1});
    assertThat(count(Count.Kind.PrefsFul, reversed)).isZero();
    assertThat(exact(new Preference(Preference.Kind.Simp), reversed)).isEqualTo(Fraction.ZERO);
  }

  @Test
  void should_average_over_groups_and_share_pairs_between_them() {
    // GIVEN two groups that disagree on d0 and d1; the run ranks d0 first
    PreferenceJudgments p = new PreferenceJudgments(2, new int[] {0, 0, 1, 1}, new int[] {0, 0, 1, 1},
        new int[] {0, 1, 0, 1}, new double[] {1, 0, 0, 1});
    JudgedRanking r = ranking(p, new int[] {0, 1}, new double[] {2, 1});
    // THEN group 1 is fulfilled (1/1), group 2 not (0/1); the one pair is preferred by 1 of 2 groups
    assertThat(exact(new Preference(Preference.Kind.AvgJg), r)).isEqualTo(Fraction.of(1, 2));
    assertThat(exact(new Preference(Preference.Kind.Pair), r)).isEqualTo(Fraction.of(1, 2));
    assertThat(exact(new Preference(Preference.Kind.Simp), r)).isEqualTo(Fraction.of(1, 2));
  }

  @Test
  void should_be_zero_without_preference_judgments_and_print_trec_eval_s_names() {
    JudgedRanking plain = new JudgedRanking(new int[] {1}, new int[] {1}, 1, Gain.LINEAR);
    assertThat(new Preference(Preference.Kind.Simp).compute(plain).exact()).isEqualTo(Fraction.ZERO);
    assertThat(new Count(Count.Kind.PrefsPoss, null).compute(plain).decimal()).isZero();
    assertThat(Measures.trecEvalName(Measures.parse("prefs_avgjg_Rnonrel_ret"))).isEqualTo("prefs_avgjg_Rnonrel_ret");
    assertThat(Measures.parse("prefs_num_prefs_ful").name()).isEqualTo("PrefsFul");
  }

  @Test
  void yaap_should_be_the_log_odds_of_the_precision_sum() {
    // GIVEN relevant at ranks 1 and 3 of R = 3: S = 1 + 2/3
    JudgedRanking r = new JudgedRanking(new int[] {1, 0, 1}, new int[] {1, 1, 1, 0}, 1, Gain.LINEAR);
    assertThat(new Yaap(null).compute(r).decimal()).isEqualTo(Math.log((1 + (1 + 2.0 / 3)) / (1 + 3 - (1 + 2.0 / 3))));
    assertThat(Measures.parse("yaap").name()).isEqualTo("YAAP");
    assertThat(new Yaap(null).compute(new JudgedRanking(new int[] {0}, new int[] {0}, 1, Gain.LINEAR)).decimal()).isZero();
  }
}
