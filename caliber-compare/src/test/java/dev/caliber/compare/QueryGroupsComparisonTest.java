package dev.caliber.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.compare.stats.Generators;
import dev.caliber.compare.stats.Interval;
import dev.caliber.compare.stats.Quantiles;
import dev.caliber.eval.Evaluation;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.QueryGroups;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Comparisons that resample query groups ({@link CompareSettings#groups()}): one query per group
 * gives today's numbers; a group's interval and p-value are those of their definitions, computed
 * here independently; and paraphrases that repeat a query do not make the comparison surer.
 */
class QueryGroupsComparisonTest {
  private static final CompareSettings SETTINGS = CompareSettings.defaults().withResamples(2000).withPermutations(2000);

  private static QueryGroups groups(Map<String, String> groupOf) {
    Map<String, Long> lines = new LinkedHashMap<>();
    groupOf.keySet().forEach(q -> lines.put(q, (long) lines.size() + 1));
    return new QueryGroups("groups.tsv", groupOf, lines);
  }

  @Nested
  class One_query_per_group {
    @Test
    void should_give_every_number_of_the_comparison_without_groups() {
      List<RunResult> runs = Synthetic.runs(Synthetic.protocol());
      Map<String, String> own = new LinkedHashMap<>();
      for (String q : Synthetic.queries()) {
        own.put(q, "group of " + q);
      }
      Comparison plain = Comparisons.compare(runs, SETTINGS.allPairs());
      Comparison grouped = Comparisons.compare(runs, SETTINGS.allPairs().withGroups(groups(own)));
      assertThat(grouped.comparisons()).isEqualTo(plain.comparisons());
      assertThat(MultipleComparisons.of(grouped)).isEqualTo(MultipleComparisons.of(plain));
    }

    @Test
    void should_treat_queries_the_file_does_not_list_as_groups_of_their_own() {
      List<RunResult> runs = Synthetic.runs(Synthetic.protocol());
      Comparison plain = Comparisons.compare(runs, SETTINGS);
      Comparison grouped = Comparisons.compare(runs, SETTINGS.withGroups(groups(Map.of("not a query", "g"))));
      assertThat(grouped.comparisons()).isEqualTo(plain.comparisons());
    }

    @Test
    void should_keep_a_group_apart_from_an_ungrouped_query_of_its_name() {
      List<String> queries = Synthetic.queries();
      // q03 and q04 are one group named "q05"; q05 itself is not listed: three queries, two units
      QueryGroups g = groups(Map.of("q03", "q05", "q04", "q05"));
      assertThat(g.units(List.of("q03", "q04", "q05"))).isEqualTo(2);
      assertThat(Units.of(queries, g).count()).isEqualTo(queries.size() - 1);
    }
  }

  @Nested
  class Groups_of_three {
    private final List<RunResult> runs = Synthetic.runs(Synthetic.protocol("P@10", "nDCG@10"));
    private final QueryGroups threes = threes();

    private QueryGroups threes() {
      Map<String, String> groupOf = new LinkedHashMap<>();
      List<String> queries = Synthetic.queries();
      for (int i = 0; i < queries.size(); i++) {
        groupOf.put(queries.get(i), "need " + (i / 3));
      }
      return groups(groupOf);
    }

    @Test
    void should_draw_groups_and_divide_by_their_queries_as_the_cluster_bootstrap_is_defined() {
      Comparison c = Comparisons.compare(runs, SETTINGS.withGroups(threes));
      for (PairedComparison p : c.comparisons()) {
        // the definition, one draw at a time: ten groups of three deltas each, in query order
        double[] sums = new double[10];
        for (int i = 0; i < p.deltas().size(); i++) {
          sums[i / 3] += p.deltas().get(i).delta().decimal();
        }
        UniformRandomProvider rng = Generators.create(SETTINGS.seed());
        double[] means = new double[SETTINGS.resamples()];
        for (int b = 0; b < means.length; b++) {
          double sum = 0.0;
          for (int i = 0; i < 10; i++) {
            sum += sums[rng.nextInt(10)];
          }
          means[b] = sum / 30;
        }
        Arrays.sort(means);
        Interval expected = new Interval(Quantiles.of(means, 0.025), Quantiles.of(means, 0.975));
        assertThat(p.interval().lower()).as(p.measure().name() + " " + p.system()).isCloseTo(expected.lower(), within(1e-12));
        assertThat(p.interval().upper()).as(p.measure().name() + " " + p.system()).isCloseTo(expected.upper(), within(1e-12));
      }
    }

    @Test
    void should_enumerate_the_sign_flips_of_the_ten_groups_sums() {
      Comparison c = Comparisons.compare(runs, SETTINGS.withGroups(threes));
      for (PairedComparison p : c.comparisons()) {
        List<Double> sums = new ArrayList<>();
        for (int g = 0; g < 10; g++) {
          double s = 0.0;
          for (int i = 3 * g; i < 3 * g + 3; i++) {
            s += p.deltas().get(i).delta().decimal();
          }
          if (Math.abs(s) > 1e-12) {
            sums.add(s);
          }
        }
        double observed = Math.abs(sums.stream().mapToDouble(Double::doubleValue).sum());
        int n = sums.size();
        long hits = 0;
        for (long flips = 0; flips < 1L << n; flips++) {
          double s = 0.0;
          for (int i = 0; i < n; i++) {
            s += (flips >> i & 1) == 1 ? -sums.get(i) : sums.get(i);
          }
          hits += Math.abs(s) >= observed - 1e-9 ? 1 : 0;
        }
        assertThat(p.randomization().exact()).isTrue();
        assertThat(p.randomization().nonZero()).isEqualTo(n);
        assertThat(p.randomization().hits()).as(p.measure().name() + " " + p.system()).isEqualTo(hits);
        assertThat(p.randomization().p()).isEqualTo((double) hits / (1L << n));
      }
    }

    @Test
    void should_change_neither_means_nor_counts_nor_the_t_test() {
      Comparison plain = Comparisons.compare(runs, SETTINGS);
      Comparison grouped = Comparisons.compare(runs, SETTINGS.withGroups(threes));
      for (int i = 0; i < plain.comparisons().size(); i++) {
        PairedComparison a = plain.comparisons().get(i);
        PairedComparison b = grouped.comparisons().get(i);
        assertThat(b.meanDelta()).isEqualTo(a.meanDelta());
        assertThat(List.of(b.wins(), b.ties(), b.losses())).isEqualTo(List.of(a.wins(), a.ties(), a.losses()));
        assertThat(b.tTest()).isEqualTo(a.tTest());
        assertThat(b.worse()).isEqualTo(a.worse());
      }
    }
  }

  /**
   * Eight needs, each asked three times in words that retrieve the same documents: grouped, the
   * comparison is that of the eight needs; ungrouped, it counts every need three times and claims
   * a narrower interval and a smaller p than the data hold.
   */
  @Nested
  class Paraphrases_of_one_need {
    private static final int NEEDS = 8;
    private static final int WORDINGS = 3;

    private List<RunResult> runs(int wordings) {
      Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
      Map<String, List<String>> base = new LinkedHashMap<>();
      Map<String, List<String>> sys = new LinkedHashMap<>();
      List<String> querySet = new ArrayList<>();
      for (int need = 0; need < NEEDS; need++) {
        for (int w = 0; w < wordings; w++) {
          String q = "need" + need + "/" + w;
          querySet.add(q);
          qrels.put(q, Map.of("rel", 1));
          // the baseline finds the relevant document at rank 1 + need % 4, the system at rank 1 + need % 3
          base.put(q, ranking(need % 4));
          sys.put(q, ranking(need % 3));
        }
      }
      EvalProtocol protocol = new EvalProtocol(Qrels.of(qrels), querySet, "needs", null, Policy.strict().withJudgments(dev.caliber.policy.Judgments.POOLED),
          List.of(Measures.parse("RR@10")));
      return List.of(Evaluation.evaluate(protocol, ScoredRun.of(Run.of("base", base))),
          Evaluation.evaluate(protocol, ScoredRun.of(Run.of("sys", sys))));
    }

    private List<String> ranking(int before) {
      List<String> r = new ArrayList<>();
      for (int i = 0; i < before; i++) {
        r.add("other" + i);
      }
      r.add("rel");
      return r;
    }

    private QueryGroups byNeed() {
      Map<String, String> groupOf = new LinkedHashMap<>();
      for (int need = 0; need < NEEDS; need++) {
        for (int w = 0; w < WORDINGS; w++) {
          groupOf.put("need" + need + "/" + w, "need" + need);
        }
      }
      return groups(groupOf);
    }

    @Test
    void should_give_the_interval_and_p_of_the_needs_themselves_when_grouped() {
      PairedComparison once = Comparisons.compare(runs(1), SETTINGS).comparisons().get(0);
      PairedComparison grouped = Comparisons.compare(runs(WORDINGS), SETTINGS.withGroups(byNeed())).comparisons().get(0);
      assertThat(grouped.meanDelta()).isEqualTo(once.meanDelta());
      assertThat(grouped.interval().lower()).isCloseTo(once.interval().lower(), within(1e-12));
      assertThat(grouped.interval().upper()).isCloseTo(once.interval().upper(), within(1e-12));
      assertThat(grouped.randomization()).isEqualTo(once.randomization());
    }

    @Test
    void should_be_surer_than_the_data_allow_when_the_wordings_are_resampled_one_by_one() {
      PairedComparison once = Comparisons.compare(runs(1), SETTINGS).comparisons().get(0);
      PairedComparison ungrouped = Comparisons.compare(runs(WORDINGS), SETTINGS).comparisons().get(0);
      assertThat(ungrouped.interval().upper() - ungrouped.interval().lower())
          .isLessThan(once.interval().upper() - once.interval().lower());
      assertThat(ungrouped.randomization().p()).isLessThan(once.randomization().p());
    }

    @Test
    void should_permute_a_groups_queries_together_in_the_tukey_test() {
      List<MultipleComparison> once = MultipleComparisons.of(Comparisons.compare(runs(1), SETTINGS));
      List<MultipleComparison> grouped = MultipleComparisons.of(Comparisons.compare(runs(WORDINGS), SETTINGS.withGroups(byNeed())));
      List<MultipleComparison> ungrouped = MultipleComparisons.of(Comparisons.compare(runs(WORDINGS), SETTINGS));
      assertThat(grouped.get(0).pairs().get(0).p()).isEqualTo(once.get(0).pairs().get(0).p());
      assertThat(ungrouped.get(0).pairs().get(0).p()).isLessThan(once.get(0).pairs().get(0).p());
    }
  }

  @Test
  void should_fingerprint_the_grouping_whatever_the_files_order() {
    Map<String, String> a = new LinkedHashMap<>();
    a.put("q1", "g");
    a.put("q2", "g");
    Map<String, String> b = new LinkedHashMap<>();
    b.put("q2", "g");
    b.put("q1", "g");
    assertThat(groups(a).sha256()).isEqualTo(groups(b).sha256()).hasSize(64);
    b.put("q1", "h");
    assertThat(groups(b).sha256()).isNotEqualTo(groups(a).sha256());
  }

  @Test
  void should_sum_a_units_values_exactly_and_keep_a_lone_querys_value() {
    Units u = Units.of(List.of("a", "b", "c"), groups(Map.of("a", "g", "c", "g")));
    Value third = Value.of(dev.caliber.math.Fraction.of(1, 3));
    Value half = Value.of(dev.caliber.math.Fraction.of(1, 2));
    List<Value> sums = u.sums(List.of(third, half, third));
    assertThat(sums).containsExactly(Value.of(dev.caliber.math.Fraction.of(2, 3)), half);
    assertThat(u.sizes()).containsExactly(2, 1);
    assertThat(Units.of(List.of("a", "b"), null).sizes()).isNull();
  }
}
