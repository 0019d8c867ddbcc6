package dev.caliber.fusion;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.policy.Ordering;
import dev.caliber.policy.RankingOrder;
import dev.caliber.protocol.RankedList;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * ranx's normalisation tests, hand-ported: tests/unit/ranx/normalization/{min_max,max,sum,zmuv,
 * rank}_norm_test.py (AmenRa/ranx), on their fixture q1 = {d1: 1, d2: 2, d3: 3}, q2 = {d1: 1, d2:
 * 2}, compared exactly as ranx compares them.
 */
class RanxNormalizationTest {
  static final RankedList Q1 = RankedList.byScore(new String[] {"d1", "d2", "d3"}, new double[] {1, 2, 3});
  static final RankedList Q2 = RankedList.byScore(new String[] {"d1", "d2"}, new double[] {1, 2});

  static Map<String, Double> norm(Normalization n, RankedList l) {
    double[] s = n.apply(l, RankingOrder.order(l, Ordering.SCORE));
    Map<String, Double> m = new LinkedHashMap<>();
    for (int i = 0; i < l.size(); i++) {
      m.put(l.doc(i), s[i]);
    }
    return m;
  }

  @Test
  void min_max() { // min_max_norm_test.py
    assertThat(norm(Normalization.MIN_MAX, Q1)).containsOnly(Map.entry("d1", 0.0), Map.entry("d2", 0.5), Map.entry("d3", 1.0));
    assertThat(norm(Normalization.MIN_MAX, Q2)).containsOnly(Map.entry("d1", 0.0), Map.entry("d2", 1.0));
  }

  @Test
  void max() { // max_norm_test.py
    assertThat(norm(Normalization.MAX, Q1)).containsOnly(Map.entry("d1", 1.0 / 3), Map.entry("d2", 2.0 / 3), Map.entry("d3", 1.0));
    assertThat(norm(Normalization.MAX, Q2)).containsOnly(Map.entry("d1", 0.5), Map.entry("d2", 1.0));
  }

  @Test
  void sum() { // sum_norm_test.py
    assertThat(norm(Normalization.SUM, Q1)).containsOnly(Map.entry("d1", 0.0), Map.entry("d2", 1.0 / 3), Map.entry("d3", 2.0 / 3));
    assertThat(norm(Normalization.SUM, Q2)).containsOnly(Map.entry("d1", 0.0), Map.entry("d2", 1.0));
  }

  @Test
  void z_score_is_ranx_zmuv_with_the_population_deviation() { // zmuv_norm_test.py
    assertThat(norm(Normalization.Z_SCORE, Q1)).containsOnly(Map.entry("d1", -1 / 0.816496580927726),
        Map.entry("d2", 0 / 0.816496580927726), Map.entry("d3", 1 / 0.816496580927726));
    assertThat(norm(Normalization.Z_SCORE, Q2)).containsOnly(Map.entry("d1", -0.5 / 0.5), Map.entry("d2", 0.5 / 0.5));
  }

  @Test
  void rank() { // rank_norm_test.py
    assertThat(norm(Normalization.RANK, Q1)).containsOnly(Map.entry("d1", 1 - 2.0 / 3), Map.entry("d2", 1 - 1.0 / 3),
        Map.entry("d3", 1.0));
    assertThat(norm(Normalization.RANK, Q2)).containsOnly(Map.entry("d1", 0.5), Map.entry("d2", 1.0));
  }

  @Test
  void a_list_of_equal_scores_normalises_to_zeros_by_ranx_floor() {
    RankedList same = RankedList.byScore(new String[] {"a", "b"}, new double[] {4, 4});
    assertThat(norm(Normalization.MIN_MAX, same)).containsOnly(Map.entry("a", 0.0), Map.entry("b", 0.0));
    assertThat(norm(Normalization.Z_SCORE, same)).containsOnly(Map.entry("a", 0.0), Map.entry("b", 0.0));
    assertThat(norm(Normalization.SUM, same)).containsOnly(Map.entry("a", 0.0), Map.entry("b", 0.0));
  }
}
