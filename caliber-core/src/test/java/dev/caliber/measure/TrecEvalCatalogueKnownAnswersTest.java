package dev.caliber.measure;

import static dev.caliber.measure.Rankings.U;
import static dev.caliber.measure.Rankings.labels;
import static dev.caliber.measure.Rankings.m;
import static dev.caliber.measure.Rankings.only;
import static dev.caliber.measure.Rankings.ranked;
import static dev.caliber.measure.Rankings.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The measures trec_eval's {@code -m all_trec} adds to caliber's first ones, on tiny rankings
 * worked out by hand (the working is in the comments), each branch of each formula once:
 * recall levels that round to 0 or beyond what was retrieved, empty rankings, no relevant
 * document, graded and negative labels, unjudged documents. Agreement with trec_eval itself on
 * real data is TrecEvalParityTest's.
 */
class TrecEvalCatalogueKnownAnswersTest {
  /** Ranked 1, 0, 1, unjudged, 0; not ranked: 1 and 0. R = 3, N = 3, 5 ranked, 2 relevant ranked. */
  private static final JudgedRanking BINARY = ranked(labels(1, 0, 1, U, 0), 1, 0);
  private static final JudgedRanking EMPTY = ranked(labels(), 1, 1);
  private static final JudgedRanking NO_RELEVANT = only(0, 0, U);

  @Nested
  class Exact_values_on_the_binary_example {
    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
        // IPrec@r, c = round(r * 3): c = 0 reads as 1 (first relevant at rank 1: max(P@1, P@3) = 1)
        "IPrec@0 | 1", "IPrec@0.1 | 1", "IPrec@0.4 | 1",
        // c = round(1.5) = 2 (half away from zero): second relevant at rank 3, P@3 = 2/3
        "IPrec@0.5 | 2/3", "IPrec@0.8 | 2/3",
        // c = 3 > 2 relevant retrieved: 0
        "IPrec@0.9 | 0", "IPrec@1 | 0",
        // 11 points: c <= 1 for 0..0.4 (1 each), c = 2 for 0.5..0.8 (2/3 each), c = 3 for 0.9, 1:
        // (5 + 8/3) / 11 = 23/33
        "IPrecAvg | 23/33", "IPrecAvg(at=0.5;1) | 1/3", "IPrecAvg(at=0) | 1",
        // RprecMult@m: c = floor(3m + 0.9): 0.2 -> 1 (P@1), 1 -> 3 (P@3), 2 -> 6 (2 of 6), 0 -> 0
        "RprecMult@0.2 | 1", "RprecMult@1 | 2/3", "RprecMult@2 | 1/3", "RprecMult@0 | 0",
        // the per-query values of the geometric means are AP = 5/9 and Bpref = 5/9
        "GMAP | 5/9", "GMBpref | 5/9",
        // RelP@k: relevant in the first k over min(k, 3)
        "RelP@1 | 1", "RelP@2 | 1/2", "RelP@5 | 2/3",
        // sets: 2 relevant of 5 ranked, R = 3
        "SetP | 2/5", "SetR | 2/3", "SetRelP | 2/3", "SetAP | 4/15",
        // SetF = (x+1) * 2 / (3x + 5): x = 1 gives 1/2, x = 0.5 gives 3 / 6.5 = 6/13, x = 0 gives P
        "SetF | 1/2", "SetF(beta=0.5) | 6/13", "SetF(beta=0) | 2/5",
        // Utility cells: 2 relevant ranked, 3 non-relevant ranked, 1 relevant missed,
        // docs + 2 - 5 - 3 non-relevant missed
        "Utility | -1", "Utility(a=2,b=-1,c=0,d=0) | 1", "Utility(a=1,b=0,c=-1,d=0.5,docs=100) | 48",
        // Unjudged@k: the unjudged rank 4; positions past the end count as judged
        "Unjudged@3 | 0", "Unjudged@4 | 1/4", "Unjudged@10 | 1/10",
        "NumNonRelJudgedRet | 2",
        // ir_measures' NumRet(rel=N): ranked documents with a label of N or more; NumRet counts all 5
        "NumRet(rel=1) | 2", "NumRet(rel=0) | 4", "NumRet(rel=2) | 0", "NumRet | 5"})
    void should_give_the_hand_computed_value(String measure, String expected) {
      assertThat(value(measure, BINARY)).isEqualTo(expected);
    }

    @Test
    void should_interpolate_from_the_best_precision_below_the_rank() {
      // GIVEN relevant at ranks 2, 4, 5: P@2 = 1/2, P@4 = 1/2, P@5 = 3/5
      JudgedRanking later = only(0, 1, 0, 1, 1);
      // THEN IPrec@0.1 (c = round(0.3) = 0, read as 1) is the best of them, found below rank 2
      assertThat(value("IPrec@0.1", later)).isEqualTo("3/5");
      assertThat(value("IPrec@1", later)).isEqualTo("3/5");
    }

    @Test
    void should_give_zero_for_an_empty_ranking_and_for_no_relevant_document() {
      for (String name : new String[] {"IPrec@0", "IPrec@0.5", "IPrecAvg", "RprecMult@1", "RelP@5", "SetP", "SetR",
          "SetRelP", "SetAP", "SetF", "Unjudged@5", "NumNonRelJudgedRet", "infAP", "BinG", "G", "nDCGRel", "RnDCG",
          "RBPScaled", "RBPResid"}) {
        assertThat(m(name).compute(EMPTY).decimal()).as(name + " of an empty ranking").isZero();
      }
      for (String name : new String[] {"IPrec@0", "RprecMult@1", "RelP@5", "SetR", "SetRelP", "SetAP", "SetF", "infAP",
          "BinG", "G", "nDCGRel", "RnDCG", "RBPScaled"}) {
        assertThat(m(name).compute(NO_RELEVANT).decimal()).as(name + " without relevant documents").isZero();
      }
      // an empty ranking scores the relevant documents it misses
      assertThat(value("Utility(a=1,b=-1,c=-2,d=0)", EMPTY)).isEqualTo("-4");
      assertThat(value("SetP", NO_RELEVANT)).isEqualTo("0");
    }

    @Test
    void should_count_a_negative_label_as_unjudged_and_not_as_non_relevant() {
      JudgedRanking pooled = only(-1, 1, 0);
      assertThat(value("Unjudged@2", pooled)).isEqualTo("1/2");
      assertThat(value("NumNonRelJudgedRet", pooled)).isEqualTo("1");
    }
  }

  @Nested
  class Doubles {
    @Test
    void should_infer_ap_from_the_pool() {
      // rank 1 relevant: 1; rank 3: 1/3 + (2/3) * (2/2) * (1 + e) / (2 + 2e) = 2/3; (1 + 2/3) / 3
      assertThat(m("infAP").compute(BINARY).decimal()).isCloseTo(5.0 / 9, within(1e-12));
      // a pooled but unjudged document above (label -1) counts in the pool: 1/2 + 1/2 * 1 * 1/2
      assertThat(m("infAP").compute(only(-1, 1)).decimal()).isCloseTo(0.75, within(1e-12));
      // a document outside the pool is a position only: 1/2 + 1/2 * 0
      assertThat(m("infAP").compute(only(U, 1)).decimal()).isCloseTo(0.5, within(1e-12));
      assertThat(m("infAP").rational()).isFalse();
    }

    @Test
    void should_discount_rank_biased_precision_by_persistence() {
      // 0.1 * (1 + 0.9^2)
      assertThat(m("RBPScaled").compute(BINARY).decimal()).isCloseTo(0.181, within(1e-12));
      // 0.5 * (1 + 0.5^2)
      assertThat(m("RBPScaled(p=0.5)").compute(BINARY).decimal()).isCloseTo(0.625, within(1e-12));
      // graded: gains scaled by the largest judged gain, 2: 0.1 * (1 + 0.5 * 0.81)
      assertThat(m("RBPScaled").compute(only(2, 0, 1)).decimal()).isCloseTo(0.1405, within(1e-12));
    }

    @Test
    void should_give_the_residual_only_when_a_document_is_unjudged() {
      // 0.9^5 + 0.1 * 0.9^3
      assertThat(m("RBPResid").compute(BINARY).decimal()).isCloseTo(0.66339, within(1e-12));
      assertThat(m("RBPResid").compute(only(1, 0)).decimal()).isZero();
      assertThat(m("RBPResid").compute(only(1, -1)).decimal()).isCloseTo(0.81 + 0.1 * 0.9, within(1e-12));
    }

    @Test
    void should_port_trec_eval_s_gain_measures() {
      // BinG: ranks 1 and 3: 1/log2(2) + 1/log2(3), over R = 3
      assertThat(m("BinG").compute(BINARY).decimal()).isCloseTo(0.5436432511904858, within(1e-12));
      // G on BINARY is the same sum (each ideal gain is 1)
      assertThat(m("G").compute(BINARY).decimal()).isCloseTo(0.5436432511904858, within(1e-12));
      // G graded, ideal 2, 1: in ideal order 2/log2(2) + 1/log2(2) over 3; reversed 1/log2(3) + 2/log2(2)
      assertThat(m("G").compute(only(2, 1)).decimal()).isCloseTo(1.0, within(1e-12));
      assertThat(m("G").compute(only(1, 2)).decimal()).isCloseTo(0.8769765845238192, within(1e-12));
      // past the ideal's end each position costs 1: cost 3, gain 1 at rank 3: 1/log2(2 + 3 - 1)
      assertThat(m("G").compute(only(0, 0, 1)).decimal()).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void should_average_ndcg_over_the_relevant_ranks() {
      // nDCG@1 = 1 and nDCG@3 = 1.5 / 2.13093 at the two relevant ranks; the missed one counts nDCG
      assertThat(m("nDCGRel").compute(BINARY).decimal()).isCloseTo(0.8026120593560897, within(1e-12));
      // a ranking shorter than the ideal: nDCG@1 = 1, the missed one 1 / (1 + 1/log2(3))
      assertThat(m("nDCGRel").compute(ranked(labels(1), 1)).decimal()).isCloseTo(0.8065735963827292, within(1e-12));
    }

    @Test
    void should_average_ndcg_where_the_ideal_gain_changes() {
      // BINARY: the ideal gain drops to 0 at rank 4 (nDCG@3), and the longer ranking adds its nDCG
      assertThat(m("RnDCG").compute(BINARY).decimal()).isCloseTo(0.7039180890341347, within(1e-12));
      // graded 1, 2: the ideal drops from 2 to 1 at rank 2 (nDCG@1 = 1/2) and to 0 after rank 2
      assertThat(m("RnDCG").compute(only(1, 2)).decimal()).isCloseTo(0.6798593499260985, within(1e-12));
    }

    @Test
    void should_use_given_gains_for_ndcg() {
      // gains 2 -> 9, 1 -> 3, 4 -> 4.5: DCG = 9 + 3/log2(3); ideal 9, 4.5, 3
      JudgedRanking graded = ranked(labels(2, 1, 0), 4);
      assertThat(m("nDCG(gains={1:3,2:9,4:4.5})").compute(graded).decimal()).isCloseTo(0.8166008767601852, within(1e-12));
      assertThat(m("nDCG(gains={1:3,2:9,4:4.5})@1").compute(graded).decimal()).isCloseTo(1.0, within(1e-12));
      // label 0 may gain, and a negative gain is kept in DCG but never in the ideal
      assertThat(m("nDCG(gains={0:1})").compute(only(0, 1)).decimal()).isCloseTo(1.0, within(1e-12));
      assertThat(m("nDCG(gains={1:-1,2:2})").compute(only(1, 2)).decimal()).isCloseTo(0.13092975357145753, within(1e-12));
      assertThat(m("nDCG(gains={1:0})").compute(only(1)).decimal()).isZero();
    }

    @Test
    void should_take_ir_measures_dcg_rule_whatever_the_protocol_says() {
      // exp-log2: gains 3, 0, 1: (3 + 1/2) / (3 + 1/log2(3)); log2: (2 + 1/2) / (2 + 1/log2(3))
      JudgedRanking linear = only(2, 0, 1);
      JudgedRanking exponential = Rankings.of(1, dev.caliber.policy.Gain.EXPONENTIAL, labels(2, 0, 1));
      assertThat(m("nDCG(dcg='exp-log2')").compute(linear).decimal()).isCloseTo(0.9639404333166532, within(1e-12));
      assertThat(m("nDCG(dcg='log2')").compute(exponential).decimal()).isCloseTo(0.9502344167898356, within(1e-12));
      assertThat(m("nDCG(dcg='log2')").compute(linear).decimal()).isEqualTo(m("nDCG").compute(linear).decimal());
      // given gains win over the rule, the others follow it: 1 -> 5, 2 -> 2^2 - 1 = 3, so the
      // ranking 1, 2 is ideal; under the linear rule 2 would gain 2 and it still is
      assertThat(m("nDCG(dcg=exp-log2,gains={1:5})").compute(only(1, 2)).decimal()).isCloseTo(1.0, within(1e-12));
      // 1 -> 1, 2 -> 3 by exp-log2: ranking 1, 2 is not ideal: (1 + 3/log2(3)) / (3 + 1/log2(3))
      double log3 = Math.log(3) / Math.log(2);
      assertThat(m("nDCG(dcg=exp-log2)").compute(only(1, 2)).decimal()).isCloseTo((1 + 3 / log3) / (3 + 1 / log3), within(1e-12));
    }

    @Test
    void should_drop_unjudged_documents_before_counting_ranks_with_judged_only() {
      // unjudged, 1, pooled-unjudged (-1), 1: kept 1, 1 at ranks 1 and 2, the ideal ranking's order
      JudgedRanking holes = only(U, 1, -1, 1);
      assertThat(m("nDCG(judged_only=True)").compute(holes).decimal()).isCloseTo(1.0, within(1e-12));
      assertThat(m("nDCG(judged_only=True)@1").compute(holes).decimal()).isCloseTo(1.0, within(1e-12));
      assertThat(m("nDCG@1").compute(holes).decimal()).isZero();
      assertThat(m("nDCG(judged_only=True)").compute(only(U, 0)).decimal()).isZero();
    }
  }

  @Nested
  class Names {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "iprec_at_recall_0.10 | IPrec@0.1", "IPrec@0.50 | IPrec@0.5", "IPrec(rel=2)@1.0 | IPrec(rel=2)@1",
        "11pt_avg | IPrecAvg", "IPrecAvg(at=0;0.1;0.2;0.3;0.4;0.5;0.6;0.7;0.8;0.9;1) | IPrecAvg",
        "IPrecAvg(at=.2;.5;.8) | IPrecAvg(at=0.2;0.5;0.8)",
        "Rprec_mult_0.20 | RprecMult@0.2", "gm_map | GMAP", "gm_bpref | GMBpref", "infAP | infAP",
        "relative_P_5 | RelP@5", "set_P | SetP", "set_recall | SetR", "set_relative_P | SetRelP", "set_map | SetAP",
        "set_F | SetF", "SetF(beta=1.0) | SetF", "SetF(beta=2) | SetF(beta=2)", "utility | Utility",
        "Utility(a=1,b=-1,c=0,d=0) | Utility", "Utility(docs=10) | Utility(docs=10)",
        "Utility(a=2) | Utility(a=2,b=-1,c=0,d=0)", "unj_10 | Unjudged@10",
        "num_nonrel_judged_ret | NumNonRelJudgedRet", "rbp | RBPScaled", "RBPScaled(p=0.90) | RBPScaled", "RBPScaled(p=0.5) | RBPScaled(p=0.5)",
        "rbp_resid | RBPResid", "binG | BinG", "G | G", "ndcg_rel | nDCGRel", "Rndcg | RnDCG",
        "nDCG(gains={2:9,1:3.0})@10 | nDCG(gains={1:3,2:9})@10",
        "nDCG(judged_only=True,dcg=\"exp-log2\")@10 | nDCG(dcg='exp-log2',judged_only=True)@10",
        "nDCG(judged_only=False) | nDCG", "nDCG(dcg=log2,gains={1:2}) | nDCG(dcg='log2',gains={1:2})"})
    void should_print_the_canonical_name(String text, String canonical) {
      assertThat(Measures.parse(text).name()).isEqualTo(canonical);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "IPrec@0.1 | iprec_at_recall_0.10", "IPrec@1 | iprec_at_recall_1.00", "IPrecAvg | 11pt_avg",
        "RprecMult@5 | Rprec_mult_5.00", "GMAP | gm_map", "GMBpref | gm_bpref", "infAP | infAP", "RelP@5 | relative_P_5",
        "SetP | set_P", "SetR | set_recall", "SetRelP | set_relative_P", "SetAP | set_map", "SetF | set_F",
        "Utility | utility", "Unjudged@5 | unj_5", "NumNonRelJudgedRet | num_nonrel_judged_ret", "RBPScaled | rbp",
        "RBPResid | rbp_resid", "BinG | binG", "G | G", "nDCGRel | ndcg_rel", "RnDCG | Rndcg", "nDCG | ndcg",
        "nDCG@10 | ndcg_cut_10"})
    void should_give_trec_eval_s_name(String name, String trecEval) {
      assertThat(Measures.trecEvalName(Measures.parse(name))).isEqualTo(trecEval);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {"IPrecAvg(at=0.5) ", "SetF(beta=2)", "Utility(a=2)", "RBPScaled(p=0.5)", "RBP",
        "nDCG(gains={1:3})", "IPrec(rel=2)@0.5", "nDCG(judged_only=True)@10", "nDCG(dcg='log2')"})
    void should_have_no_trec_eval_name_where_trec_eval_prints_raw_parameters(String name) {
      assertThat(Measures.trecEvalName(Measures.parse(name.strip()))).isNull();
    }

    @Test
    void should_expand_trec_eval_s_dotted_lists_of_levels() {
      assertThat(Measures.parseAll("iprec_at_recall..1,.5").stream().map(Measure::name)).containsExactly("IPrec@0.1", "IPrec@0.5");
      assertThat(Measures.parseAll("Rprec_mult.0.2,2").stream().map(Measure::name)).containsExactly("RprecMult@0.2", "RprecMult@2");
      assertThat(Measures.parseAll("unj.5,10").stream().map(Measure::name)).containsExactly("Unjudged@5", "Unjudged@10");
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', value = {
        "rbp.p=0.5 | RBPScaled(p=0.5)",
        "rbp_resid.p=0.5 | RBPResid(p=0.5)",
        "ndcg.1=3,2=9 | nDCG(gains={1:3,2:9})",
        "ndcg.1=1e3 | nDCG(gains={1:1000})",
        "dcg.1=2 | DCG(gains={1:2})",
        "ideal_dcg.1=2 | IDCG(gains={1:2})",
        "G.1=2 | G(gains={1:2})",
        "ndcg_rel.1=2 | nDCGRel(gains={1:2})",
        "Rndcg.1=2 | RnDCG(gains={1:2})",
        "set_F.0.5 | SetF(beta=0.5)",
        "11pt_avg.0.2,0.5 | IPrecAvg(at=0.2;0.5)",
        "utility.2,-1,0,0 | Utility(a=2,b=-1,c=0,d=0)",
        "P.5 | P@5",
        "ndcg_cut.10 | nDCG@10",
        "nDCG(gains={1:1e3})@10 | nDCG(gains={1:1000})@10"})
    void should_read_trec_eval_s_names_with_parameters_outside_its_command(String text, String canonical) {
      assertThat(Measures.parse(text).name()).isEqualTo(canonical);
      assertThat(Measures.parseAll(text).stream().map(Measure::name)).containsExactly(canonical);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "IPrec@1.5 | measure IPrec@1.5: illegal recall level: 1.5, must be between 0 and 1",
        "IPrec | measure IPrec: IPrec needs a level, such as IPrec@0.5",
        "IPrecAvg(at=0.5;x) | measure IPrecAvg(at=0.5;x): illegal recall level value: x, must be a decimal number",
        "IPrecAvg(at=2) | measure IPrecAvg(at=2): illegal recall level: 2, must be between 0 and 1",
        "RBPScaled(p=1) | measure RBPScaled(p=1): illegal p value: 1, must be between 0 and 1 (exclusive)",
        "RBPScaled(q=0.5) | measure RBPScaled(q=0.5): RBPScaled takes no parameter q; expected p",
        "SetP(beta=2) | measure SetP(beta=2): SetP takes no parameter beta",
        "SetF(beta=-1) | measure SetF(beta=-1): illegal beta value: -1, must be non-negative",
        "RprecMult@-1 | unknown",
        "Utility(docs=-3) | measure Utility(docs=-3): illegal docs value: -3, must be a non-negative integer",
        "nDCG(gains=1:3) | measure nDCG(gains=1:3): illegal gains value: 1:3, expected {label:gain,...} such as {1:3,2:9}",
        "nDCG(gains={x:3}) | measure nDCG(gains={x:3}): illegal gains entry: x:3, expected label:gain such as 2:9",
        "SetF(beta) | measure SetF(beta): parameter beta is not name=value",
        "SetF(beta=1,beta=2) | measure SetF(beta=1,beta=2): parameter beta is given twice",
        "nDCG(dcg='exp') | measure nDCG(dcg='exp'): illegal dcg value: 'exp', expected 'log2' or 'exp-log2'",
        "nDCG(judged_only=yes) | measure nDCG(judged_only=yes): illegal judged_only value: yes, expected True or False",
        "nDCG(gains={1:1e300}) | measure nDCG(gains={1:1e300}): illegal gain for label 1: 1e+300, must be finite and at most 2^992",
        "G(gains={1:1e9999}) | measure G(gains={1:1e9999}): illegal gain value: 1e9999, must be a decimal number such as 0.5 or 1e3",
        "SDCG(max_rel=2147483646)@10 | measure SDCG(max_rel=2147483646)@10: illegal max_rel value: 2147483646, must be a whole number from 0 to 999999999",
        "ndcg.1=inf | measure ndcg.1=inf: illegal value inf: not a finite number",
        "ndcg.1=1e999 | measure ndcg.1=1e999: illegal value 1e999: not a finite number",
        "rbp.q=0.5 | measure rbp.q=0.5: caliber takes only p=persistence here; got q",
        "map.5 | measure map.5: map takes no parameters in caliber",
        "relstring.5 | unknown measure \"relstring.5\"",
        "P.5x | unknown measure \"P.5x\"",
        "ndcg.1=3x | unknown measure \"ndcg.1=3x\"",
        "nDCG(gains={-1:2}) | measure nDCG(gains={-1:2}): illegal gains entry: -1:2, expected label:gain such as 2:9",
        "P.5,10 | measure P.5,10 is trec_eval's name of 2 measures (P@5, P@10); name each on its own"})
    void should_reject_a_bad_parameter_saying_what_was_expected(String text, String message) {
      org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
          .isThrownBy(() -> Measures.parse(text))
          .withMessageStartingWith(message);
    }
  }
}
