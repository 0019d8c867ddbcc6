package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** trec_eval's -m words: names, parameters and order, as trec_eval 10.0 reads and prints them. */
class TrecEvalMeasuresTest {
  private static List<String> names(String... specs) {
    return TrecEvalMeasures.resolve(List.of(specs), 0).stream().map(TrecEvalMeasures.Line::name).toList();
  }

  @Test
  void should_print_the_official_measures_when_none_is_given() {
    assertThat(names()).containsExactly("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec",
        "bpref", "recip_rank", "iprec_at_recall_0.00", "iprec_at_recall_0.10", "iprec_at_recall_0.20",
        "iprec_at_recall_0.30", "iprec_at_recall_0.40", "iprec_at_recall_0.50", "iprec_at_recall_0.60",
        "iprec_at_recall_0.70", "iprec_at_recall_0.80", "iprec_at_recall_0.90", "iprec_at_recall_1.00", "P_5", "P_10",
        "P_15", "P_20", "P_30", "P_100", "P_200", "P_500", "P_1000");
  }

  @Test
  void should_order_lines_as_trec_eval_s_table_not_as_the_options() {
    assertThat(names("success.2", "P.5", "map", "num_q")).containsExactly("num_q", "map", "P_5", "success_2");
  }

  @Test
  void should_expand_the_set_nickname() {
    assertThat(names("set")).containsExactly("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "utility", "set_P",
        "set_relative_P", "set_recall", "set_map", "set_F");
  }

  @Test
  void should_keep_the_first_parameters_of_a_measure_given_twice() {
    assertThat(names("P.5", "P.10")).containsExactly("P_5");
    assertThat(names("P", "P.7")).containsExactly("P_7");
    assertThat(names("all_trec", "relstring.20")).contains("relstring_20").doesNotContain("relstring");
  }

  @Test
  void should_read_cutoffs_as_c_s_atol_sorted() {
    assertThat(names("ndcg_cut.10,20,23.4", "P. 7,+3")).containsExactly("P_3", "P_7", "ndcg_cut_10", "ndcg_cut_20", "ndcg_cut_23");
    assertThat(TrecEvalParameters.atol("12abc")).isEqualTo(12);
    assertThat(TrecEvalParameters.atol("-4")).isEqualTo(-4);
    assertThat(TrecEvalParameters.atol("x")).isZero();
    assertThat(TrecEvalParameters.atof(".25x")).isEqualTo(0.25);
    assertThat(TrecEvalParameters.atof(" -1.5")).isEqualTo(-1.5);
    assertThat(TrecEvalParameters.atof("x")).isZero();
  }

  @Test
  void should_sort_levels_and_print_them_with_two_decimals() {
    assertThat(names("iprec_at_recall..10,.20,.25,.75,.50", "Rprec_mult.5.0,0.2,0.35")).containsExactly(
        "iprec_at_recall_0.10", "iprec_at_recall_0.20", "iprec_at_recall_0.25", "iprec_at_recall_0.50",
        "iprec_at_recall_0.75", "Rprec_mult_0.20", "Rprec_mult_0.35", "Rprec_mult_5.00");
  }

  @Test
  void should_print_free_parameters_as_typed() {
    List<TrecEvalMeasures.Line> lines = TrecEvalMeasures.resolve(
        List.of("utility.2,-1,0,0", "11pt_avg..25,.5,.75", "ndcg.1=3,2=9,4=4.5", "set_F.0.5", "rbp.p=0.5", "rbp_resid"), 100);
    assertThat(lines).extracting(TrecEvalMeasures.Line::name).containsExactly("utility_2,-1,0,0", "11pt_avg_.25,.5,.75",
        "ndcg_1=3,2=9,4=4.5", "set_F_0.5", "rbp_p=0.5", "rbp_resid");
    assertThat(lines).extracting(l -> l.measure().name()).containsExactly("Utility(a=2,b=-1,c=0,d=0,docs=100)",
        "IPrecAvg(at=0.25;0.5;0.75)", "nDCG(gains={1:3,2:9,4:4.5})", "SetF(beta=0.5)", "RBPScaled(p=0.5)", "RBPResid");
  }

  @Test
  void should_print_geometric_means_and_counts_of_queries_in_the_summary_only() {
    List<TrecEvalMeasures.Line> lines = TrecEvalMeasures.resolve(List.of("runid", "num_q", "gm_map", "gm_bpref", "map"), 0);
    assertThat(lines).extracting(TrecEvalMeasures.Line::kind).containsExactly(TrecEvalMeasures.Kind.RUNID,
        TrecEvalMeasures.Kind.NUM_Q, TrecEvalMeasures.Kind.VALUE, TrecEvalMeasures.Kind.SUMMARY_VALUE,
        TrecEvalMeasures.Kind.SUMMARY_VALUE);
    assertThat(lines.get(2).measure().name()).isEqualTo("AP");
    assertThat(lines.get(3).measure().name()).isEqualTo("GMAP");
    assertThat(lines.get(4).measure().name()).isEqualTo("GMBpref");
  }

  @Test
  void should_show_ten_labels_in_relstring_unless_told() {
    assertThat(TrecEvalMeasures.resolve(List.of("relstring"), 0).get(0).length()).isEqualTo(10);
    assertThat(TrecEvalMeasures.resolve(List.of("relstring.20"), 0).get(0).length()).isEqualTo(20);
    assertThat(TrecEvalMeasures.resolve(List.of("relstring.-3"), 0).get(0).length()).isZero();
    assertThat(TrecEvalMeasures.resolve(List.of("relstring"), 0).get(0).kind()).isEqualTo(TrecEvalMeasures.Kind.RELSTRING);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "nDCG@10 | -m nDCG@10: nDCG@10 is not a trec_eval measure",
      "map.5 | -m map.5: map takes no parameters in caliber",
      "gm_map.5 | -m gm_map.5: gm_map takes no parameters in caliber",
      "runid.3 | -m runid.3: runid takes no parameters",
      "P. | -m P.: no parameters after '.'",
      "P.5,5 | -m P.5,5: cutoff 5 is given twice",
      "P.0,5 | -m P.0,5: cutoffs must be positive integers (trec_eval reads 0)",
      "iprec_at_recall.0.5,.5 | -m iprec_at_recall.0.5,.5: level 0.5 is given twice",
      "iprec_at_recall.2 | -m iprec_at_recall.2: illegal recall level: 2, must be between 0 and 1",
      "iprec_at_recall.-0.5 | -m iprec_at_recall.-0.5: illegal recall level: -0.5, must be between 0 and 1",
      "Rprec_mult.-1 | -m Rprec_mult.-1: illegal multiple of R: -1, must be non-negative",
      "ndcg.x=3 | -m ndcg.x=3: gains are label=gain pairs, such as 1=3; got x",
      "ndcg.3 | -m ndcg.3: malformed pair 3, expected name=value",
      "rbp.q=0.5 | -m rbp.q=0.5: caliber takes only p=persistence here; got q",
      "utility.1,2 | -m utility.1,2: Utility needs 4 weights (a, b, c, d), got 2"})
  void should_refuse_what_trec_eval_refuses_or_caliber_does_not_compute(String spec, String message) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> TrecEvalMeasures.resolve(List.of(spec), 0))
        .withMessage(message);
  }
}
