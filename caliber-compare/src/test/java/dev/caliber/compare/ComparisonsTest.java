package dev.caliber.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.compare.stats.Interval;
import dev.caliber.compare.stats.SignFlipResult;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** Comparisons.compare on the seed's fixtures: the known answers. */
class ComparisonsTest {
  private static final Comparison B_VS_A = Comparisons.compare(HelpCentre.aThenB(), CompareSettings.defaults());

  private static PairedComparison of(Comparison c, String measure) {
    return c.comparisons(Measures.parse(measure)).get(0);
  }

  private static Value v(String fraction) {
    return Value.of(Fraction.parse(fraction));
  }

  @Nested
  class Known_answers_fixture_B_against_fixture_A {
    @Test
    void should_take_the_first_run_as_baseline_and_compare_each_measure_once() {
      assertThat(B_VS_A.baseline()).isEqualTo("fixture_A");
      assertThat(B_VS_A.comparisons()).extracting(c -> c.measure().name() + ":" + c.baseline() + "->" + c.system())
          .containsExactly("R@2:fixture_A->fixture_B", "RR@2:fixture_A->fixture_B");
      assertThat(B_VS_A.holmFamilySize()).isEqualTo(2);
    }

    @Test
    void should_pair_the_queries_with_relevant_documents_and_leave_q5_out() {
      assertThat(of(B_VS_A, "RR@2").deltas()).extracting(QueryDelta::query).containsExactly("q2", "q3", "q4");
    }

    @Test
    void should_show_q2s_rr_falling_from_1_to_one_half_while_the_mean_rises_from_one_half_to_five_sixths() {
      PairedComparison rr = of(B_VS_A, "RR@2");
      assertThat(rr.baselineMean()).isEqualTo(v("1/2"));
      assertThat(rr.systemMean()).isEqualTo(v("5/6"));
      assertThat(rr.meanDelta()).isEqualTo(v("1/3"));
      assertThat(rr.deltas()).extracting(d -> d.query() + " " + d.baseline() + "->" + d.system() + " " + d.delta())
          .containsExactly("q2 1->1/2 -1/2", "q3 1/2->1 1/2", "q4 0->1 1");
      assertThat(List.of(rr.wins(), rr.ties(), rr.losses())).containsExactly(2, 0, 1);
    }

    @Test
    void should_list_q2_as_the_query_that_got_worse_with_its_first_hit_falling_from_rank_1_to_rank_2() {
      List<QueryDelta> worse = of(B_VS_A, "RR@2").worse();
      assertThat(worse).hasSize(1);
      QueryDelta q2 = worse.get(0);
      assertThat(q2.query()).isEqualTo("q2");
      assertThat(q2.baselineRank()).isEqualTo(1);
      assertThat(q2.systemRank()).isEqualTo(2);
    }

    @Test
    void should_give_recall_a_win_on_q4_and_ties_on_q2_and_q3() {
      PairedComparison r = of(B_VS_A, "R@2");
      assertThat(r.deltas()).extracting(d -> d.query() + " " + d.delta()).containsExactly("q2 0", "q3 0", "q4 1");
      assertThat(List.of(r.wins(), r.ties(), r.losses())).containsExactly(1, 2, 0);
      assertThat(r.worse()).isEmpty();
      assertThat(r.baselineMean()).isEqualTo(v("1/2"));
      assertThat(r.systemMean()).isEqualTo(v("5/6"));
      assertThat(r.meanDelta()).isEqualTo(v("1/3"));
    }

    @Test
    void should_enumerate_all_eight_sign_flips_of_rr_exactly() {
      // deltas -1/2, 1/2, 1: |sum| >= 1 for 6 of the 8 assignments (all but the two that sum to 0)
      SignFlipResult rand = of(B_VS_A, "RR@2").randomization();
      assertThat(rand.exact()).isTrue();
      assertThat(rand.permutations()).isEqualTo(8);
      assertThat(rand.hits()).isEqualTo(6);
      assertThat(rand.p()).isEqualTo(0.75);
    }

    @Test
    void should_flip_only_the_one_non_zero_recall_delta() {
      SignFlipResult rand = of(B_VS_A, "R@2").randomization();
      assertThat(rand.nonZero()).isEqualTo(1);
      assertThat(rand.exact()).isTrue();
      assertThat(rand.p()).isEqualTo(1.0);
    }

    @Test
    void should_correct_both_p_values_by_holm() {
      // p = 1 (R@2) and 0.75 (RR@2), m = 2: 0.75 * 2 = 1.5 -> 1; then max(1, 1 * 1) = 1
      assertThat(of(B_VS_A, "RR@2").holmP()).isEqualTo(1.0);
      assertThat(of(B_VS_A, "R@2").holmP()).isEqualTo(1.0);
    }

    @Test
    void should_compute_the_t_test_and_effect_size_of_rr_from_the_deltas() {
      // deltas -0.5, 0.5, 1: mean 1/3, variance ((-5/6)^2 + (1/6)^2 + (2/3)^2) / 2 = 7/12
      PairedComparison rr = of(B_VS_A, "RR@2");
      double sd = Math.sqrt(7.0 / 12.0);
      assertThat(rr.effectSize().dz()).isCloseTo((1.0 / 3.0) / sd, within(1e-12));
      assertThat(rr.tTest().t()).isCloseTo((1.0 / 3.0) / (sd / Math.sqrt(3)), within(1e-12));
      assertThat(rr.tTest().df()).isEqualTo(2.0);
    }

    @Test
    void should_bound_the_bootstrap_interval_by_the_smallest_and_largest_delta() {
      Interval ci = of(B_VS_A, "RR@2").interval();
      assertThat(ci.lower()).isBetween(-0.5, 1.0 / 3.0);
      assertThat(ci.upper()).isBetween(1.0 / 3.0, 1.0);
    }

    @Test
    void should_say_the_recall_t_test_is_defined_but_not_call_equal_deltas_defined() {
      assertThat(of(B_VS_A, "R@2").tTest().defined()).isTrue();
    }
  }

  @Nested
  class Undefined_statistics {
    @Test
    void should_call_the_t_test_and_d_z_undefined_when_every_delta_is_equal() {
      EvalProtocol p = HelpCentre.protocol("R@2");
      Comparison c = Comparisons.compare(List.of(HelpCentre.run(p, "fixture_A"), HelpCentre.run(p, "all_empty")),
          CompareSettings.defaults().withBaseline("all_empty"));
      // all_empty scores 0 everywhere; fixture_A scores 1/2, 1, 0: not all equal
      assertThat(of(c, "R@2").tTest().defined()).isTrue();
      Comparison same = Comparisons.compare(List.of(HelpCentre.run(p, "fixture_A"), rename(HelpCentre.run(p, "fixture_A"), "copy")),
          CompareSettings.defaults());
      PairedComparison s = of(same, "R@2");
      assertThat(s.tTest().defined()).isFalse();
      assertThat(s.tTest().undefinedReason()).isEqualTo("all 3 deltas are equal, so their standard deviation is 0");
      assertThat(s.effectSize().dz()).isNull();
      assertThat(s.randomization().p()).isEqualTo(1.0);
      assertThat(List.of(s.wins(), s.ties(), s.losses())).containsExactly(0, 3, 0);
    }
  }

  @Nested
  class Pairs {
    private final EvalProtocol p = HelpCentre.protocol("RR@2");
    private final List<RunResult> three = List.of(HelpCentre.run(p, "fixture_A"), HelpCentre.run(p, "fixture_B"),
        HelpCentre.run(p, "all_empty"));

    @Test
    void should_compare_every_other_run_against_a_named_baseline() {
      Comparison c = Comparisons.compare(three, CompareSettings.defaults().withBaseline("all_empty"));
      assertThat(c.comparisons()).extracting(x -> x.baseline() + "->" + x.system())
          .containsExactly("all_empty->fixture_A", "all_empty->fixture_B");
    }

    @Test
    void should_compare_all_pairs_with_the_earlier_run_as_baseline() {
      Comparison c = Comparisons.compare(three, CompareSettings.defaults().allPairs());
      assertThat(c.baseline()).isNull();
      assertThat(c.comparisons()).extracting(x -> x.baseline() + "->" + x.system())
          .containsExactly("fixture_A->fixture_B", "fixture_A->all_empty", "fixture_B->all_empty");
      assertThat(c.holmFamilySize()).isEqualTo(3);
    }

    @Test
    void should_refuse_an_unknown_baseline_naming_the_runs() {
      assertThatThrownBy(() -> Comparisons.compare(three, CompareSettings.defaults().withBaseline("nope")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("illegal baseline \"nope\": no run has that name; the runs are \"fixture_A\", \"fixture_B\", \"all_empty\"");
    }

    @Test
    void should_refuse_a_single_run_and_two_runs_with_one_name() {
      assertThatThrownBy(() -> Comparisons.compare(three.subList(0, 1), CompareSettings.defaults()))
          .isInstanceOf(IllegalArgumentException.class).hasMessage("illegal runs: 1 given, a comparison needs at least 2");
      assertThatThrownBy(() -> Comparisons.compare(List.of(three.get(0), three.get(0)), CompareSettings.defaults()))
          .isInstanceOf(IllegalArgumentException.class).hasMessage("illegal runs: two are named \"fixture_A\", names must be unique");
    }
  }

  @Nested
  class Protocol_fingerprints {
    @Test
    void should_refuse_runs_scored_with_different_measures_naming_the_part() {
      RunResult a = HelpCentre.run(HelpCentre.protocol("R@2"), "fixture_A");
      RunResult b = HelpCentre.run(HelpCentre.protocol("RR@2"), "fixture_B");
      assertThatThrownBy(() -> Comparisons.compare(List.of(a, b), CompareSettings.defaults()))
          .isInstanceOf(ProtocolMismatchException.class)
          .hasMessageContaining("runs \"fixture_A\" and \"fixture_B\" were scored under different protocols (protocol_sha256 "
              + a.protocolSha256() + " and " + b.protocolSha256() + "): they differ in measures; ")
          .satisfies(e -> assertThat(((ProtocolMismatchException) e).differingParts()).containsExactly("measures"));
    }

    @Test
    void should_name_the_policy_and_the_query_set_when_those_differ() {
      EvalProtocol base = HelpCentre.protocol("R@2");
      EvalProtocol other = new EvalProtocol(base.qrels(), base.querySet().subList(0, 3), base.querySetSource(), base.corpus(),
          Policy.strict().withDepth(5).withUnknownQueries(UnknownQueries.LIST), base.measures());
      RunResult a = HelpCentre.run(base, "fixture_A");
      RunResult b = HelpCentre.run(other, "fixture_A");
      assertThatThrownBy(() -> Comparisons.compare(List.of(a, rename(b, "b")), CompareSettings.defaults()))
          .isInstanceOf(ProtocolMismatchException.class)
          .hasMessageContaining("they differ in query set, policy;");
    }
  }

  @Test
  void should_give_equal_results_for_equal_inputs() {
    Comparison again = Comparisons.compare(HelpCentre.aThenB(), CompareSettings.defaults());
    assertThat(again.comparisons()).isEqualTo(B_VS_A.comparisons());
  }

  @Test
  void should_group_measures_at_several_cutoffs_into_series_in_cutoff_order() {
    assertThat(Comparisons.cutoffSeries(List.of(Measures.parse("P@10"), Measures.parse("RR@2"), Measures.parse("P@5"),
        Measures.parse("P(rel=2)@5"), Measures.parse("AP"), Measures.parse("P(rel=2)@10"))))
        .extracting(s -> s.family() + s.measures())
        .containsExactly("P[P@5, P@10]", "P(rel=2)[P(rel=2)@5, P(rel=2)@10]");
  }

  @Nested
  class The_precision_recall_curve_is_a_view {
    private static final String[] HEADLINE = {"P@5", "P@10", "RR@10", "nDCG@10"};
    private static final String[] LEVELS = {"IPrec@0", "IPrec@0.1", "IPrec@0.2", "IPrec@0.3", "IPrec@0.4", "IPrec@0.5",
        "IPrec@0.6", "IPrec@0.7", "IPrec@0.8", "IPrec@0.9", "IPrec@1"};

    private Comparison compare(String... measures) {
      return Comparisons.compare(Synthetic.runs(Synthetic.protocol(measures)), CompareSettings.defaults());
    }

    @Test
    void should_give_the_headline_measures_the_same_p_values_with_and_without_the_curve() {
      // GIVEN the same runs compared on the headline measures, and on them with the 11 recall levels
      Comparison without = compare(HEADLINE);
      String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(HEADLINE), java.util.Arrays.stream(LEVELS))
          .toArray(String[]::new);
      // WHEN
      Comparison with = compare(all);
      // THEN Holm's family is the headline measures' alone, and every p-value is the same
      assertThat(with.holmFamilySize()).isEqualTo(without.holmFamilySize()).isEqualTo(HEADLINE.length * 2);
      assertThat(with.measures()).isEqualTo(without.measures());
      assertThat(with.comparisons()).extracting(p -> p.measure().name() + " " + p.system() + " " + p.randomization().p()
          + " " + p.holmP()).containsExactlyElementsOf(without.comparisons().stream().map(p -> p.measure().name() + " " + p.system()
          + " " + p.randomization().p() + " " + p.holmP()).toList());
    }

    @Test
    void should_show_the_levels_as_one_curve_and_not_as_compared_measures() {
      // WHEN the levels are asked for, out of order and between other measures
      Comparison c = compare("IPrec@0.5", "AP", "IPrec@0", "IPrec@1", "IPrec(rel=2)@0.5");
      // THEN one curve, levels ascending; the lone level of another relevance level stays a measure
      assertThat(c.curves()).extracting(r -> r.family() + r.levels())
          .containsExactly("IPrec[IPrec@0, IPrec@0.5, IPrec@1]");
      assertThat(c.measures()).extracting(m -> m.name()).containsExactly("AP", "IPrec(rel=2)@0.5");
      assertThat(c.comparisons()).extracting(p -> p.measure().name()).doesNotContain("IPrec@0", "IPrec@0.5", "IPrec@1");
      assertThat(c.distribution("bm25", Measures.parse("IPrec@0.5"))).isNotNull();
      assertThat(c.summary().rows().get(0).cells()).hasSize(2);
      assertThat(dev.caliber.compare.report.CompareHtml.render(c)).contains("<h2>AP</h2>", "<h2>IPrec(rel=2)@0.5</h2>")
          .doesNotContain("<h2>IPrec@0</h2>", "<h2>IPrec@0.5</h2>", "<h2>IPrec@1</h2>")
          .doesNotContain("Give the recall levels");
      assertThatThrownBy(() -> Compare.pair(c.runs().get(0), c.runs().get(1), "IPrec@0.5"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("illegal measure IPrec@0.5: a point of the precision-recall curve, a view that is not compared; the"
              + " compared measures are [AP, IPrec(rel=2)@0.5]");
    }

    @Test
    void should_compare_nothing_when_the_curve_is_all_that_is_asked_for() {
      Comparison c = compare(LEVELS);
      assertThat(c.measures()).isEmpty();
      assertThat(c.comparisons()).isEmpty();
      assertThat(c.holmFamilySize()).isZero();
      assertThat(c.curves()).hasSize(1);
    }

    @Test
    void should_refuse_a_curve_of_one_level() {
      assertThatThrownBy(() -> new RecallCurve("IPrec", List.of((dev.caliber.measure.InterpolatedPrecision) Measures.parse("IPrec@0"))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("a precision-recall curve needs at least two recall levels, got 1");
    }
  }

  static RunResult rename(RunResult r, String name) {
    return new RunResult(name, r.protocol(), r.protocolSha256(), r.rows(), r.summaries(), r.missingQueries(),
        r.ignoredQueries(), r.noRelevantQueries(), r.tag(), r.orderDisagreement(), r.coverage());
  }
}
