package dev.caliber.measure;

import static dev.caliber.measure.Rankings.U;
import static dev.caliber.measure.Rankings.labels;
import static dev.caliber.measure.Rankings.m;
import static dev.caliber.measure.Rankings.only;
import static dev.caliber.measure.Rankings.ranked;
import static dev.caliber.measure.Rankings.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.math.Fraction;
import dev.caliber.policy.Gain;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every measure's value on tiny rankings, worked out by hand (the working is in the comments), with
 * the edge cases of docs/MEASURES.md: k beyond the ranking, an empty ranking, no relevant document,
 * graded labels, negative labels and unjudged documents.
 */
class MeasureKnownAnswersTest {
  /**
   * The shared example. Ranked labels 1, 0, 1, unjudged, 0; not ranked: one relevant and one
   * non-relevant document. So R = 3 relevant, N = 3 judged non-relevant, 5 ranked, 4 of them judged.
   */
  private static final JudgedRanking BINARY = ranked(labels(1, 0, 1, U, 0), 1, 0);

  @Nested
  class On_the_binary_example {
    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
        // P@k: relevant in the first k over k; k beyond the ranking still divides by k
        "P@1 | 1", "P@2 | 1/2", "P@3 | 2/3", "P@5 | 2/5", "P@10 | 1/5",
        // R@k: relevant in the first k over R = 3; R without cutoff reads the whole ranking
        "R@1 | 1/3", "R@2 | 1/3", "R@3 | 2/3", "R@10 | 2/3", "R | 2/3",
        // Success@k
        "Success@1 | 1", "Success@5 | 1",
        // RR: first relevant at rank 1
        "RR | 1", "RR@1 | 1",
        // AP = (P@1 + P@3) / R = (1 + 2/3) / 3 = 5/9; AP@2 = P@1 / 3 = 1/3
        "AP | 5/9", "AP@2 | 1/3", "AP@3 | 5/9", "AP@100 | 5/9",
        // Rprec: relevant in the first R = 3 over 3
        "Rprec | 2/3",
        // Bpref, min(N, R) = 3: rank 1 has no non-relevant above (1); rank 3 has one (1 - 1/3); the
        // unjudged rank 4 is skipped: (1 + 2/3) / 3 = 5/9
        "Bpref | 5/9",
        // Judged@k: judged among the first k over k; the unjudged rank 4 does not count
        "Judged@2 | 1", "Judged@4 | 3/4", "Judged@5 | 4/5", "Judged@10 | 2/5",
        // counts
        "NumRet | 5", "NumRel | 3", "NumRelRet | 2"})
    void should_give_the_hand_computed_value(String measure, String expected) {
      assertThat(value(measure, BINARY)).isEqualTo(expected);
    }

    @Test
    void should_give_ndcg_as_a_double() {
      // DCG = 1/log2(2) + 1/log2(4) = 1.5; IDCG = 1 + 1/log2(3) + 1/log2(4) = 2.1309297535714575
      Value v = m("nDCG").compute(BINARY);
      assertThat(v.isExact()).isFalse();
      assertThat(v.exact()).isNull();
      assertThat(v.decimal()).isCloseTo(0.7039180890341347, within(1e-15));
    }
  }

  @Nested
  class Edge_cases {
    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
        "P@5 | 0", "R@5 | 0", "R | 0", "Success@5 | 0", "RR | 0", "AP | 0", "Rprec | 0", "Bpref | 0",
        "Judged@5 | 0", "NumRet | 0", "NumRel | 1", "NumRelRet | 0", "nDCG | 0.0"})
    void should_score_an_empty_ranking_as_nothing_found(String measure, String expected) {
      // GIVEN nothing ranked; the qrels judge one relevant and one non-relevant document
      assertThat(value(measure, ranked(labels(), 1, 0))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
        "P@2 | 0", "R@2 | 0", "R | 0", "Success@2 | 0", "RR | 0", "AP | 0", "AP@1 | 0", "Rprec | 0", "Bpref | 0",
        "nDCG | 0.0", "nDCG@1 | 0.0", "Judged@2 | 1", "NumRel | 0", "NumRelRet | 0", "NumRet | 2"})
    void should_give_zero_without_relevant_documents_where_the_protocol_counts_such_queries(String measure,
        String expected) {
      // GIVEN two ranked documents, both judged non-relevant, and nothing else judged: R = 0
      assertThat(value(measure, only(0, 0))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
        "P@3 | 1/3", "RR@1 | 0", "RR@2 | 1/2", "RR | 1/2", "Success@1 | 0", "Success@2 | 1", "AP@1 | 0"})
    void should_look_no_further_than_k(String measure, String expected) {
      // GIVEN the first relevant document at rank 2 of 3, R = 1
      assertThat(value(measure, only(0, 1, 0))).isEqualTo(expected);
    }

    @Test
    void should_give_rr_zero_when_the_first_relevant_document_lies_beyond_k() {
      // the documented example: first relevant at rank 3 gives RR@2 = 0, not 1/3
      JudgedRanking r = only(0, 0, 1);
      assertThat(value("RR@2", r)).isEqualTo("0");
      assertThat(value("RR@3", r)).isEqualTo("1/3");
    }

    @Test
    void should_divide_recall_by_the_relevant_documents_not_by_k_or_the_ranking() {
      // GIVEN 1 relevant ranked of 4 relevant judged, 2 ranked
      JudgedRanking r = ranked(labels(1, 0), 1, 1, 1);
      assertThat(value("R@1", r)).isEqualTo("1/4");
      assertThat(value("R@10", r)).isEqualTo("1/4");
      assertThat(value("Rprec", r)).isEqualTo("1/4"); // ranking shorter than R = 4: not padded
    }
  }

  @Nested
  class Graded_labels {
    /** Ranked labels 1, 2, 3, 0; one document with label 2 not ranked. */
    private final JudgedRanking graded = Rankings.of(2, Gain.LINEAR, labels(1, 2, 3, 0), 2);

    @ParameterizedTest(name = "threshold 2: {0} = {1}")
    @CsvSource(delimiter = '|', value = {
        // relevant at threshold 2: ranks 2 and 3, and the unranked 2: R = 3
        "P@1 | 0", "P@2 | 1/2", "P@4 | 1/2", "RR | 1/2", "R@4 | 2/3", "Success@1 | 0", "Success@2 | 1",
        // AP = (P@2 + P@3) / 3 = (1/2 + 2/3) / 3 = 7/18
        "AP | 7/18",
        // Rprec: relevant in the first 3 over 3
        "Rprec | 2/3",
        // Bpref: N = judged with 0 <= label < 2 = {1, 0} = 2, min(N, R) = 2; rank 1 (label 1) is
        // non-relevant above both relevant ones: (1 - 1/2) + (1 - 1/2) = 1, / 3
        "Bpref | 1/3",
        "NumRel | 3", "NumRelRet | 2",
        // a rel parameter overrides the threshold both ways
        "P(rel=1)@2 | 1", "P(rel=3)@4 | 1/4", "RR(rel=3) | 1/3", "NumRel(rel=1) | 4", "R(rel=3) | 1"})
    void should_count_labels_at_or_above_the_threshold(String measure, String expected) {
      assertThat(value(measure, graded)).isEqualTo(expected);
    }

    @Test
    void should_apply_rel_2_under_threshold_1_as_threshold_2_does() {
      JudgedRanking atOne = Rankings.of(1, Gain.LINEAR, labels(1, 2, 3, 0), 2);
      for (String family : new String[] {"P(rel=2)@2", "R(rel=2)@4", "RR(rel=2)", "AP(rel=2)", "Rprec(rel=2)",
          "Bpref(rel=2)", "Success(rel=2)@1", "NumRelRet(rel=2)"}) {
        String plain = family.replace("(rel=2)", "");
        assertThat(value(family, atOne)).as(family).isEqualTo(value(plain, graded));
      }
      // and threshold 1 alone counts label 1 too
      assertThat(value("P@2", atOne)).isEqualTo("1");
    }

    @Test
    void should_leave_ndcg_unchanged_by_the_threshold() {
      JudgedRanking atOne = Rankings.of(1, Gain.LINEAR, labels(1, 2, 3, 0), 2);
      assertThat(m("nDCG").compute(graded)).isEqualTo(m("nDCG").compute(atOne));
    }
  }

  @Nested
  class Ndcg_gains {
    /**
     * Ranked labels 2, 0, 3; not ranked: 1. Ideal order 3, 2, 1, 0.
     *
     * <pre>
     * linear:      DCG  = 2/log2(2) + 0 + 3/log2(4)            = 2 + 1.5       = 3.5
     *              IDCG = 3/log2(2) + 2/log2(3) + 1/log2(4)    = 3 + 1.26186 + 0.5 = 4.7618595071429155
     *              nDCG = 3.5 / 4.7618595071429155             = 0.7350069851388743
     * exponential: gains 2^l - 1 = 3, 0, 7; ideal 7, 3, 1
     *              DCG  = 3/log2(2) + 7/log2(4)                = 3 + 3.5       = 6.5
     *              IDCG = 7/log2(2) + 3/log2(3) + 1/log2(4)    = 9.392789260714373
     *              nDCG = 6.5 / 9.392789260714373              = 0.6920202103528978
     * nDCG@1 (linear) = 2 / 3, the ideal cut at 1 too (else 2 / 4.76)
     * nDCG@2 (linear) = (2 + 0) / (3 + 2/log2(3))              = 0.46927872602275644
     * </pre>
     */
    private JudgedRanking graded(Gain gain) {
      return Rankings.of(1, gain, labels(2, 0, 3), 1);
    }

    @Test
    void should_use_the_label_as_gain_under_linear_gain() {
      assertThat(m("nDCG").compute(graded(Gain.LINEAR)).decimal()).isCloseTo(0.7350069851388743, within(1e-15));
    }

    @Test
    void should_use_two_to_the_label_minus_one_under_exponential_gain() {
      assertThat(m("nDCG").compute(graded(Gain.EXPONENTIAL)).decimal()).isCloseTo(0.6920202103528978, within(1e-15));
    }

    @Test
    void should_give_nDCG_s_two_sums_as_DCG_and_IDCG() {
      JudgedRanking linear = graded(Gain.LINEAR);
      assertThat(m("DCG").compute(linear).decimal()).isCloseTo(3.5, within(1e-15));
      assertThat(m("IDCG").compute(linear).decimal()).isCloseTo(4.7618595071429155, within(1e-15));
      assertThat(m("DCG").compute(graded(Gain.EXPONENTIAL)).decimal()).isCloseTo(6.5, within(1e-15));
      assertThat(m("IDCG").compute(graded(Gain.EXPONENTIAL)).decimal()).isCloseTo(9.392789260714373, within(1e-15));
      assertThat(m("DCG@2").compute(linear).decimal()).isCloseTo(2.0, within(1e-15));
      assertThat(m("IDCG@2").compute(linear).decimal()).isCloseTo(3 + 2 / log2(3), within(1e-15));
      // given gains: 2 gains 9, 3 keeps 3; DCG = 9 + 3/2, IDCG = 9 + 3/log2(3) + 1/2
      assertThat(m("DCG(gains={2:9})").compute(linear).decimal()).isCloseTo(10.5, within(1e-15));
      assertThat(m("IDCG(gains={2:9})").compute(linear).decimal()).isCloseTo(9 + 3 / log2(3) + 0.5, within(1e-14));
      // the parts of one and the same sum: nDCG is their quotient, bit for bit
      for (String at : List.of("", "@1", "@2", "@3", "(gains={2:9})", "(dcg='exp-log2')@2")) {
        assertThat(m("nDCG" + at).compute(linear).decimal()).as(at)
            .isEqualTo(m("DCG" + at).compute(linear).decimal() / m("IDCG" + at).compute(linear).decimal());
      }
      assertThat(m("DCG").rational()).isFalse();
      assertThat(m("IDCG@5").name()).isEqualTo("IDCG@5");
      // trec_eval's names where trec_eval has the measure (no cutoff, no given gains); none elsewhere
      assertThat(Measures.trecEvalName(m("DCG"))).isEqualTo("dcg");
      assertThat(Measures.trecEvalName(m("IDCG"))).isEqualTo("ideal_dcg");
      assertThat(Measures.trecEvalName(m("nDCG@10"))).isEqualTo("ndcg_cut_10");
      assertThat(Measures.trecEvalName(m("DCG@10"))).isNull();
      assertThat(Measures.trecEvalName(m("IDCG@10"))).isNull();
      assertThat(Measures.trecEvalName(m("DCG(gains={2:9})"))).isNull();
      assertThat(Measures.trecEvalName(m("G"))).isEqualTo("G");
      assertThat(Measures.trecEvalName(m("G(gains={2:9})"))).isNull();
      assertThat(Measures.trecEvalName(m("nDCGRel(gains={2:9})"))).isNull();
      assertThat(Measures.trecEvalName(m("RnDCG(gains={2:9})"))).isNull();
      assertThat(Measures.trecEvalName(m("nDCGRel"))).isEqualTo("ndcg_rel");
      assertThat(Measures.trecEvalName(m("RnDCG"))).isEqualTo("Rndcg");
    }

    @Test
    void should_give_the_gain_based_measures_given_gains() {
      // labels ranked 2, 0, 3; not ranked: 1. Gain 2 -> 9: the ranking's gains 9, 0, 3, the ideal's 9, 3, 1
      JudgedRanking linear = graded(Gain.LINEAR);
      assertThat(m("G(gains={2:9})").compute(linear).decimal()).isNotEqualTo(m("G").compute(linear).decimal());
      assertThat(m("nDCGRel(gains={2:9})").compute(linear).decimal()).isNotEqualTo(m("nDCGRel").compute(linear).decimal());
      assertThat(m("RnDCG(gains={2:9})").compute(linear).decimal()).isNotEqualTo(m("RnDCG").compute(linear).decimal());
      // gains equal to the labels are the protocol's own
      assertThat(m("G(gains={1:1,2:2,3:3})").compute(linear).decimal()).isEqualTo(m("G").compute(linear).decimal());
      assertThat(m("nDCGRel(gains={1:1,2:2,3:3})").compute(linear).decimal()).isEqualTo(m("nDCGRel").compute(linear).decimal());
      assertThat(m("RnDCG(gains={1:1,2:2,3:3})").compute(linear).decimal()).isEqualTo(m("RnDCG").compute(linear).decimal());
      // a ranking in the ideal order of the given gains (9, 3, 1) scores 1
      JudgedRanking ideal = Rankings.of(1, Gain.LINEAR, labels(2, 3, 1), 0);
      assertThat(m("nDCGRel(gains={2:9})").compute(ideal).decimal()).isCloseTo(1.0, within(1e-15));
      assertThat(m("RnDCG(gains={2:9})").compute(ideal).decimal()).isCloseTo(1.0, within(1e-15));
    }

    @Test
    void should_give_DCG_but_not_nDCG_where_the_ideal_gains_nothing() {
      JudgedRanking none = ranked(labels(0, 0));
      assertThat(m("IDCG").compute(none).decimal()).isZero();
      assertThat(m("DCG").compute(none).decimal()).isZero();
      assertThat(m("nDCG").compute(none).decimal()).isZero();
      // a gain given to label 0: the ranking gains it, and so does the ideal
      assertThat(m("DCG(gains={0:1})").compute(none).decimal()).isCloseTo(1 + 1 / log2(3), within(1e-15));
    }

    @Test
    void should_cut_the_ideal_ranking_at_k_too() {
      JudgedRanking r = graded(Gain.LINEAR);
      assertThat(m("nDCG@1").compute(r).decimal()).isCloseTo(2.0 / 3.0, within(1e-15));
      assertThat(m("nDCG@2").compute(r).decimal()).isCloseTo(0.46927872602275644, within(1e-15));
      assertThat(m("nDCG@3").compute(r).decimal()).isCloseTo(3.5 / (3 + 2 / log2(3) + 1 / log2(4)), within(1e-15));
    }

    @Test
    void should_not_reward_a_ranking_shorter_than_k() {
      // GIVEN the only relevant document, ranked first: nDCG@10 is 1 whatever the ranking's length
      assertThat(m("nDCG@10").compute(only(1)).decimal()).isEqualTo(1.0);
      assertThat(m("nDCG@10").compute(ranked(labels(0, 1), 1)).decimal())
          .isCloseTo(1 / log2(3) / (1 + 1 / log2(3)), within(1e-15));
    }

    private double log2(double x) {
      return Math.log(x) / Math.log(2);
    }

    @Test
    void should_gain_nothing_from_zero_negative_or_unjudged_labels() {
      JudgedRanking r = ranked(labels(0, -1, U, 1));
      JudgedRanking exp = Rankings.of(1, Gain.EXPONENTIAL, labels(0, -1, U, 1));
      // only rank 4 gains: DCG = 1/log2(5), IDCG = 1
      assertThat(m("nDCG").compute(r).decimal()).isCloseTo(1 / log2(5), within(1e-15));
      assertThat(m("nDCG").compute(exp).decimal()).isCloseTo(1 / log2(5), within(1e-15));
      assertThat(r.gain(-1)).isZero();
      assertThat(r.gain(0)).isZero();
      assertThat(r.gain(U)).isZero();
      assertThat(exp.gain(-3)).isZero();
      assertThat(exp.gain(3)).isEqualTo(7.0);
    }
  }

  @Nested
  class Negative_labels_and_unjudged_documents {
    /**
     * Ranked labels -1, 1, 0; not ranked: 1. A negative label means "in the pool, not judged": never
     * relevant, and Bpref and Judged treat it as unjudged. R = 2, N = 1 (the 0; not the -1).
     */
    private final JudgedRanking negative = ranked(labels(-1, 1, 0), 1);

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
        "P@1 | 0", "P@3 | 1/3", "RR | 1/2", "NumRel | 2", "NumRelRet | 1",
        // never relevant, even where rel=0 makes label 0 relevant
        "P(rel=0)@3 | 2/3", "RR(rel=0) | 1/2",
        // Judged@3: the -1 counts as unjudged
        "Judged@3 | 2/3", "Judged@1 | 0",
        // Bpref, min(N, R) = min(1, 2) = 1: the -1 above rank 2 is skipped, so rank 2 scores 1:
        // 1 / 2. Counting it as judged non-relevant would give N = 2 and (1 - 1/2) / 2 = 1/4.
        "Bpref | 1/2"})
    void should_never_count_a_negative_label_as_relevant_or_judged(String measure, String expected) {
      assertThat(value(measure, negative)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
        // ranked: unjudged, 1; judged besides: one 0 not ranked. R = 1, N = 1.
        "P@1 | 0", "P@2 | 1/2", "RR | 1/2", "Judged@2 | 1/2", "Judged@1 | 0", "NumRet | 2", "NumRelRet | 1",
        // Bpref skips the unjudged document: the relevant one has no judged non-relevant above it
        "Bpref | 1"})
    void should_count_an_unjudged_document_as_non_relevant_but_not_judged(String measure, String expected) {
      assertThat(value(measure, ranked(labels(U, 1), 0))).isEqualTo(expected);
    }

    @Test
    void should_give_ndcg_nothing_for_an_unjudged_document() {
      // DCG = 1/log2(3); IDCG = 1
      assertThat(m("nDCG").compute(ranked(labels(U, 1), 0)).decimal()).isCloseTo(0.6309297535714575, within(1e-15));
    }
  }

  @Nested
  class Bpref_bound {
    @Test
    void should_divide_by_min_of_n_and_r_when_n_is_smaller() {
      // GIVEN ranked 1, 0, 1, 1 and one more relevant not ranked: R = 4, N = 1, min(N, R) = 1
      JudgedRanking r = ranked(labels(1, 0, 1, 1), 1);
      // rank 1: 1; ranks 3 and 4 have one non-relevant above: 1 - min(1, 4)/1 = 0 -> (1 + 0 + 0) / 4.
      // Dividing by R instead would give (1 + 3/4 + 3/4) / 4 = 5/8.
      assertThat(value("Bpref", r)).isEqualTo("1/4");
    }

    @Test
    void should_cap_the_non_relevant_count_at_min_of_n_and_r() {
      // GIVEN ranked 1, 0, 1, 0, 1 and one more relevant: R = 4, N = 2, min = 2
      JudgedRanking r = ranked(labels(1, 0, 1, 0, 1), 1);
      // 1 + (1 - 1/2) + (1 - 2/2) = 3/2, / 4
      assertThat(value("Bpref", r)).isEqualTo("3/8");
    }

    @Test
    void should_cap_n_r_at_r_when_n_is_larger() {
      // GIVEN ranked 0, 0, 0, 1: R = 1, N = 3, min = 1; three non-relevant above, capped at R = 1: 1 - 1/1
      assertThat(value("Bpref", only(0, 0, 0, 1))).isEqualTo("0");
      // GIVEN ranked 0, 1, 1 with N = 3 (two not ranked), R = 2: min = 2; each relevant has 1 above: 1 - 1/2
      assertThat(value("Bpref", ranked(labels(0, 1, 1), 0, 0))).isEqualTo("1/2");
    }

    @Test
    void should_give_one_when_every_relevant_document_is_above_every_judged_non_relevant_one() {
      assertThat(value("Bpref", only(1, 1, 0, 0))).isEqualTo("1");
      assertThat(value("Bpref", ranked(labels(1), 1))).isEqualTo("1/2"); // the unranked relevant one adds 0
    }
  }

  @Nested
  class Exact_and_trec_style_doubles {
    @Test
    void should_keep_ap_exact_and_sum_its_double_in_rank_order_as_trec_eval_does() {
      // GIVEN ranked 0, 1, 1: AP = (1/2 + 2/3) / 2 = 7/12
      Value ap = m("AP").compute(only(0, 1, 1));
      // THEN the fraction is exact ...
      assertThat(ap.exact()).isEqualTo(Fraction.of(7, 12));
      assertThat(ap.toString()).isEqualTo("7/12");
      // ... and the double is trec_eval's (1/2 + 2/3) / 2 in floating point, one unit below the
      // fraction's nearest double 0.5833333333333334
      assertThat(ap.decimal()).isEqualTo((0.5 + 2.0 / 3.0) / 2.0).isEqualTo(0.5833333333333333);
      assertThat(Fraction.of(7, 12).doubleValue()).isEqualTo(0.5833333333333334);
    }

    @Test
    void should_give_the_fraction_s_nearest_double_for_single_term_measures() {
      Value p = m("P@3").compute(only(1, 0, 1));
      assertThat(p.exact()).isEqualTo(Fraction.of(2, 3));
      assertThat(p.decimal()).isEqualTo(2.0 / 3.0);
    }

    @Test
    void should_sum_bpref_s_double_in_rank_order_too() {
      // terms 1 and 1 - 1/3: the double is (1 + (1 - 1/3)) / 3 computed in floating point
      Value b = m("Bpref").compute(BINARY);
      assertThat(b.exact()).isEqualTo(Fraction.of(5, 9));
      assertThat(b.decimal()).isEqualTo((1.0 + (1.0 - 1.0 / 3.0)) / 3.0);
    }
  }
}
