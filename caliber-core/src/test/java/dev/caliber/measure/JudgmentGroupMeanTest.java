package dev.caliber.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.caliber.math.Fraction;
import dev.caliber.policy.Gain;
import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The measures averaged over judgment groups (trec_eval's *_avgjg), computed by hand. */
class JudgmentGroupMeanTest {
  private static JudgedRanking ranking(int[] labels, int[] judged) {
    return new JudgedRanking(labels, judged, 1, Gain.LINEAR);
  }

  @Test
  void should_average_each_group_s_value_with_its_own_relevant_count() {
    // GIVEN three ranked documents judged by two groups: group 1 finds the first relevant (R = 1),
    // group 2 the second and third (R = 3, one never ranked), a third group nothing relevant
    JudgedRanking g1 = ranking(new int[] {1, 0, 0}, new int[] {1, 0, 0});
    JudgedRanking g2 = ranking(new int[] {0, 2, 1}, new int[] {2, 1, 1, 0});
    JudgedRanking g3 = ranking(new int[] {0, 0, JudgedRanking.UNJUDGED}, new int[] {0, 0});
    JudgedRanking r = ranking(new int[] {1, 2, 1}, new int[] {2, 1, 1, 1}).withGroups(List.of(g1, g2, g3));
    // THEN AP: (1 + (1/2 + 2/3) / 3 + 0) / 3 = 25/54; P@2: (1/2 + 1/2 + 0) / 3 = 1/3;
    // RprecMult@1 (Rprec): (1/1 + 2/3 + 0) / 3 = 5/9 (group 3's c = 0 gives 0)
    assertThat(JudgmentGroupMean.averagePrecision(null).compute(r).exact()).isEqualTo(Fraction.of(25, 54));
    assertThat(JudgmentGroupMean.precision(null, 2).compute(r).exact()).isEqualTo(Fraction.of(1, 3));
    assertThat(JudgmentGroupMean.rPrecisionMultiple(null, BigDecimal.ONE).compute(r).exact()).isEqualTo(Fraction.of(5, 9));
    assertThat(JudgmentGroupMean.averagePrecision(null).compute(r).decimal()).isEqualTo((1 + (0.5 + 2.0 / 3) / 3) / 3);
  }

  @Property
  void should_be_the_inner_measure_without_groups(
      @ForAll @Size(max = 30) List<@IntRange(min = -1, max = 3) Integer> ranked, @ForAll @IntRange(min = 1, max = 20) int k) {
    // GIVEN plain judgments: the ranking is its only group
    int[] labels = ranked.stream().mapToInt(Integer::intValue).toArray();
    JudgedRanking r = ranking(labels, labels);
    // THEN each measure is its inner measure
    assertThat(JudgmentGroupMean.averagePrecision(null).compute(r)).isEqualTo(new AveragePrecision(null, 0).compute(r));
    assertThat(JudgmentGroupMean.precision(null, k).compute(r)).isEqualTo(new Precision(null, k).compute(r));
  }

  @Test
  void should_be_named_and_parsed_canonically_and_print_trec_eval_s_names() {
    assertThat(Measures.parse("map_avgjg")).isEqualTo(JudgmentGroupMean.averagePrecision(null));
    assertThat(Measures.parse("P_avgjg_5").name()).isEqualTo("JgP@5");
    assertThat(Measures.parse("Rprec_mult_avgjg_0.20").name()).isEqualTo("JgRprecMult@0.2");
    assertThat(Measures.parse("JgP(rel=2)@10").name()).isEqualTo("JgP(rel=2)@10");
    assertThat(Measures.trecEvalName(Measures.parse("JgAP"))).isEqualTo("map_avgjg");
    assertThat(Measures.trecEvalName(Measures.parse("JgP@5"))).isEqualTo("P_avgjg_5");
    assertThat(Measures.trecEvalName(Measures.parse("JgRprecMult@0.2"))).isEqualTo("Rprec_mult_avgjg_0.20");
    assertThat(Measures.trecEvalName(Measures.parse("JgAP(rel=2)"))).isNull();
  }

  @Test
  void should_refuse_groups_of_another_size() {
    JudgedRanking r = ranking(new int[] {1, 0}, new int[] {1});
    assertThatIllegalArgumentException().isThrownBy(() -> r.withGroups(List.of(ranking(new int[] {1}, new int[] {1}))));
    assertThatIllegalArgumentException().isThrownBy(() -> r.withGroups(List.of()));
  }
}
