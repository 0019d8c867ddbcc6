package dev.caliber.measure;

import static dev.caliber.measure.Rankings.U;
import static dev.caliber.measure.Rankings.labels;
import static dev.caliber.measure.Rankings.m;
import static dev.caliber.measure.Rankings.only;
import static dev.caliber.measure.Rankings.ranked;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ir_measures' names for RBP, SDCG, INST and Compat: what the parser accepts (and the canonical
 * name it prints, defaults left out), what it refuses (one line naming the bad parameter and what
 * was expected), and the hand-worked values of the forms ir_measures' tests do not cover.
 */
class IrMeasuresNamesTest {
  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(delimiter = '|', value = {
      "RBP | RBP", "RBP(p=0.8) | RBP", "RBP(p=0.80,rel=1) | RBP(rel=1)", "RBP(rel=2,p=0.5) | RBP(rel=2,p=0.5)",
      "RBP(p=0.9)@10 | RBP(p=0.9)@10", "rbp | RBPScaled", "RBPScaled(p=0.9) | RBPScaled",
      "SDCG(max_rel=3)@10 | SDCG(max_rel=3)@10", "SDCG(dcg='log2',min_rel=0,max_rel=1)@5 | SDCG(max_rel=1)@5",
      "SDCG(max_rel=3,min_rel=1)@10 | SDCG(min_rel=1,max_rel=3)@10",
      "INST(max_rel=1) | INST(max_rel=1)", "INST(T=1.0,max_rel=1) | INST(max_rel=1)",
      "INST(T=2.0,min_rel=1,max_rel=2) | INST(T=2,min_rel=1,max_rel=2)",
      "Compat | Compat", "Compat(p=0.95,normalize=True) | Compat", "Compat(p=0.9) | Compat(p=0.9)",
      "Compat(normalize=False,p=0.8) | Compat(p=0.8,normalize=False)",
      "alpha_nDCG@20 | alpha_nDCG@20", "alpha-nDCG@20 | alpha_nDCG@20", "alpha_nDCG(alpha=0.5)@20 | alpha_nDCG@20",
      "alpha_nDCG(judged_only=True,alpha=0.8,rel=2)@20 | alpha_nDCG(rel=2,alpha=0.8,judged_only=True)@20",
      "alpha_DCG(judged_only=False)@5 | alpha_DCG@5", "ERR-IA@20 | ERR_IA@20", "nERR-IA@10 | nERR_IA@10",
      "ERR_IA | ERR_IA", "NRBP(beta=0.5,alpha=0.5) | NRBP", "nNRBP(beta=0.8) | nNRBP(beta=0.8)", "P-IA@5 | P_IA@5",
      "MAP-IA | AP_IA", "MAP_IA(rel=2) | AP_IA(rel=2)", "strec@20 | StRecall@20", "StRecall(rel=2)@10 | StRecall(rel=2)@10"})
  void should_print_the_canonical_name(String text, String canonical) {
    assertThat(Measures.parse(text).name()).isEqualTo(canonical);
    assertThat(Measures.parse(canonical).name()).isEqualTo(canonical);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "RBP(p=1) | measure RBP(p=1): illegal p value: 1, must be between 0 and 1 (exclusive)",
      "RBP(q=0.5) | measure RBP(q=0.5): RBP takes no parameter q; expected p",
      "RBP(rel=x) | measure RBP(rel=x): rel x is not an integer",
      "SDCG(max_rel=3) | measure SDCG(max_rel=3): SDCG needs a cutoff, such as SDCG@10",
      "SDCG@10 | measure SDCG@10: missing parameter max_rel, the largest label, such as max_rel=3",
      "SDCG(max_rel=2,min_rel=2)@10 | measure SDCG(max_rel=2,min_rel=2)@10: illegal max_rel value: 2, must be greater than min_rel (2)",
      "SDCG(max_rel=-1)@10 | measure SDCG(max_rel=-1)@10: illegal max_rel value: -1, must be a whole number from 0 to 999999999",
      "SDCG(dcg='exp-log2',max_rel=1)@10 | measure SDCG(dcg='exp-log2',max_rel=1)@10: illegal dcg value: 'exp-log2', expected 'log2' (the only one cwl_eval computes)",
      "SDCG(rel=1,max_rel=1)@10 | measure SDCG(rel=1,max_rel=1)@10: SDCG takes no rel parameter",
      "INST | measure INST: missing parameter max_rel, the largest label, such as max_rel=3",
      "INST(T=0,max_rel=1) | measure INST(T=0,max_rel=1): illegal T value: 0, must be positive",
      "INST(t=1,max_rel=1) | measure INST(t=1,max_rel=1): INST takes no parameter t; expected T, min_rel, max_rel",
      "INST(max_rel=1)@10 | measure INST(max_rel=1)@10: INST takes no cutoff",
      "Compat(normalize=yes) | measure Compat(normalize=yes): illegal normalize value: yes, expected True or False",
      "Compat(p=0) | measure Compat(p=0): illegal p value: 0, must be between 0 and 1 (exclusive)",
      "Compat@10 | measure Compat@10: Compat takes no cutoff",
      "alpha_nDCG(alpha=1.5)@20 | measure alpha_nDCG(alpha=1.5)@20: illegal alpha value: 1.5, must be between 0 and 1",
      "alpha_nDCG(beta=0.5)@20 | measure alpha_nDCG(beta=0.5)@20: alpha_nDCG takes no parameter beta; expected alpha, judged_only",
      "ERR_IA(alpha=0.6)@20 | measure ERR_IA(alpha=0.6)@20: ERR_IA takes no parameter alpha; expected judged_only",
      "NRBP@10 | measure NRBP@10: NRBP takes no cutoff",
      "NRBP(beta=-0.1) | measure NRBP(beta=-0.1): illegal beta value: -0.1, must be between 0 and 1",
      "StRecall(judged_only=True)@5 | measure StRecall(judged_only=True)@5: StRecall takes no parameter judged_only",
      "P_IA(judged_only=yes)@5 | measure P_IA(judged_only=yes)@5: illegal judged_only value: yes, expected True or False"})
  void should_refuse_a_bad_parameter_in_one_line(String text, String message) {
    assertThatThrownBy(() -> Measures.parse(text)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(message).hasMessageNotContaining("\n");
  }

  @Test
  void intent_aware_measures_say_they_read_subtopics_and_which_are_exact() {
    for (String name : new String[] {"alpha_nDCG@5", "alpha_DCG@5", "ERR_IA@5", "nERR_IA@5", "NRBP", "nNRBP", "P_IA@5",
        "AP_IA", "StRecall@5"}) {
      assertThat(m(name).needsIntents()).as(name).isTrue();
      assertThat(m(name).rational()).as(name).isEqualTo(!name.startsWith("alpha"));
    }
    assertThat(m("nDCG@5").needsIntents()).isFalse();
    assertThatThrownBy(() -> m("StRecall@5").compute(only(1))).isInstanceOf(IllegalStateException.class)
        .hasMessage("illegal ranking: StRecall@5 needs subtopic judgments");
  }

  @Test
  void graded_rbp_gains_the_label_itself() {
    // labels 2, 0, 1, unjudged, 3 at p = 0.5: 0.5 * (2 + 1 * 0.25 + 3 * 0.0625) = 1.21875 (above 1:
    // the label is not scaled); @2 keeps 0.5 * 2 = 1
    JudgedRanking r = only(2, 0, 1, U, 3);
    assertThat(m("RBP(p=0.5)").compute(r).decimal()).isCloseTo(1.21875, within(1e-12));
    assertThat(m("RBP(p=0.5)@2").compute(r).decimal()).isCloseTo(1.0, within(1e-12));
    // trec_eval's scales by the largest label, 3: 0.5 * (2/3 + 1/3 * 0.25 + 0.0625)
    assertThat(m("RBPScaled(p=0.5)").compute(r).decimal()).isCloseTo(0.5 * (2.0 / 3 + 0.25 / 3 + 0.0625), within(1e-12));
  }

  @Test
  void binary_rbp_counts_labels_of_rel_or_more_over_a_thousand_positions() {
    JudgedRanking r = only(2, 0, 1, U, 3);
    double norm = 1 - Math.pow(0.5, 1000);
    // rel=2: ranks 1 and 5: 0.5 * (1 + 0.0625) / (1 - 0.5^1000)
    assertThat(m("RBP(p=0.5,rel=2)").compute(r).decimal()).isCloseTo(0.53125 / norm, within(1e-15));
    // rel=1 at @3: ranks 1 and 3: 0.5 * (1 + 0.25)
    assertThat(m("RBP(p=0.5,rel=1)@3").compute(r).decimal()).isCloseTo(0.625 / norm, within(1e-15));
    // a relevant document at rank 1001 is past cwl_eval's positions
    int[] deep = new int[1001];
    deep[1000] = 1;
    assertThat(m("RBP(rel=1)").compute(ranked(deep)).decimal()).isZero();
    assertThat(m("RBP").compute(ranked(deep)).decimal()).isPositive();
  }

  @Test
  void sdcg_divides_by_k_documents_of_the_largest_grade() {
    // labels 3, unjudged, 1 with max_rel=3: (1 + (1/3) / 2) / (1 + 1/log2(3) + 1/2) at k = 3;
    // below min_rel=1 a label gains 0, above max_rel it gains 1
    double ideal = 1 + 1 / (Math.log(3) / Math.log(2)) + 0.5;
    assertThat(m("SDCG(max_rel=3)@3").compute(only(3, U, 1)).decimal()).isCloseTo((1 + 1.0 / 6) / ideal, within(1e-12));
    assertThat(m("SDCG(min_rel=1,max_rel=2)@3").compute(only(5, U, 1)).decimal()).isCloseTo(1 / ideal, within(1e-12));
    assertThat(m("SDCG(max_rel=1)@3").compute(ranked(labels())).decimal()).isZero();
  }

  @Test
  void inst_of_one_relevant_document_at_rank_one_with_t_one() {
    // g_1 = 1: T_1 = 0, C_1 = (1 + 1 + 0 - 1)^2 / (1 + 1 + 0)^2 = 1/4, then T_i = 0 for every i:
    // C_i = (i/(i+1))^2, so the chance of reaching rank j + 1 is 1/4 * (2/(j+1))^2 = 1/(j+1)^2 for
    // j >= 1; W_1 = 1 / (1 + sum_{j=1..999} 1/(j+1)^2) and INST = W_1 * 1
    double sum = 1;
    for (int j = 1; j < 1000; j++) {
      sum += 1.0 / ((j + 1.0) * (j + 1.0));
    }
    assertThat(m("INST(max_rel=1)").compute(only(1)).decimal()).isCloseTo(1 / sum, within(1e-12));
    assertThat(m("INST(max_rel=1)").compute(only(0, U)).decimal()).isZero();
  }

  @Test
  void compat_of_the_ideal_ranking_is_one_and_of_its_reverse_less() {
    // ideal: 2, 1, 1; the ranking puts the 1s first
    assertThat(m("Compat").compute(only(2, 1, 1, 0)).decimal()).isCloseTo(1.0, within(1e-12));
    double reversed = m("Compat").compute(only(1, 1, 2)).decimal();
    assertThat(reversed).isLessThan(1.0).isPositive();
    // unnormalised, n = 3, p = 0.5: RBO = (0/1 + 0.5 * 1/2 + 0.25 * 3/3) / 1.75 = 0.5 / 1.75
    assertThat(m("Compat(p=0.5,normalize=False)").compute(only(1, 1, 2)).decimal()).isCloseTo(0.5 / 1.75, within(1e-12));
    assertThat(m("Compat").compute(only(0, U)).decimal()).isZero();
  }
}
