package dev.caliber.fusion;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.protocol.Origin;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * ranx's fusion tests, hand-ported: the fixtures and expected values of
 * tests/unit/ranx/fusion/{comb_sum,comb_mnz,comb_max,comb_min,comb_med,comb_anz,wsum,rrf,isr,
 * log_isr,bordafuse}_test.py (AmenRa/ranx), each fused without normalisation as those tests call
 * the methods directly. Values compared exactly, as ranx's tests do ({@code ==}).
 */
class RanxFusionTest {
  /** The three runs every ranx fusion test uses (run_1, run_2, run_3). */
  static final List<ScoredRun> RUNS = List.of(
      run("run_1", Map.of("q1", scores("d1", 1, "d2", 2, "d3", 3), "q2", scores("d1", 1, "d2", 2))),
      run("run_2", Map.of("q1", scores("d1", 3, "d2", 2), "q2", scores("d1", 1, "d3", 3))),
      run("run_3", Map.of("q1", scores("d3", 1), "q2", scores("d2", 2, "d3", 3))));

  static Map<String, Double> scores(Object... docThenScore) {
    Map<String, Double> m = new LinkedHashMap<>();
    for (int i = 0; i < docThenScore.length; i += 2) {
      m.put((String) docThenScore[i], ((Number) docThenScore[i + 1]).doubleValue());
    }
    return m;
  }

  static ScoredRun run(String name, Map<String, Map<String, Double>> byQuery) {
    Map<String, RankedList> lists = new LinkedHashMap<>();
    for (String q : List.of("q1", "q2")) {
      Map<String, Double> s = byQuery.get(q);
      lists.put(q, RankedList.byScore(s.keySet().toArray(new String[0]),
          s.values().stream().mapToDouble(Double::doubleValue).toArray()));
    }
    return ScoredRun.of(name, lists, Origin.NONE);
  }

  /** The fused score of each document of a query. */
  static Map<String, Double> fused(ScoredRun run, String query) {
    Map<String, Double> m = new LinkedHashMap<>();
    RankedList l = run.list(query);
    for (int i = 0; i < l.size(); i++) {
      m.put(l.doc(i), l.score(i));
    }
    return m;
  }

  static ScoredRun fuse(FusionMethod m) {
    return new Fusion(m, Normalization.NONE).fuse("fused", RUNS);
  }

  @Test
  void comb_sum_adds_the_scores_of_the_inputs_that_have_the_document() { // comb_sum_test.py
    ScoredRun r = fuse(new CombSum());
    assertThat(fused(r, "q1")).containsOnly(Map.entry("d1", 1.0 + 3), Map.entry("d2", 2.0 + 2), Map.entry("d3", 3.0 + 1));
    assertThat(fused(r, "q2")).containsOnly(Map.entry("d1", 1.0 + 1), Map.entry("d2", 2.0 + 2), Map.entry("d3", 3.0 + 3));
  }

  @Test
  void comb_mnz_multiplies_the_sum_by_the_number_of_hits() { // comb_mnz_test.py
    ScoredRun r = fuse(new CombMnz());
    assertThat(fused(r, "q1")).containsOnly(Map.entry("d1", 8.0), Map.entry("d2", 8.0), Map.entry("d3", 8.0));
    assertThat(fused(r, "q2")).containsOnly(Map.entry("d1", 4.0), Map.entry("d2", 8.0), Map.entry("d3", 12.0));
  }

  @Test
  void comb_max_and_comb_min_take_the_extremes_of_the_present_scores() { // comb_max_test.py, comb_min_test.py
    assertThat(fused(fuse(new CombMax()), "q1")).containsOnly(Map.entry("d1", 3.0), Map.entry("d2", 2.0), Map.entry("d3", 3.0));
    assertThat(fused(fuse(new CombMax()), "q2")).containsOnly(Map.entry("d1", 1.0), Map.entry("d2", 2.0), Map.entry("d3", 3.0));
    assertThat(fused(fuse(new CombMin()), "q1")).containsOnly(Map.entry("d1", 1.0), Map.entry("d2", 2.0), Map.entry("d3", 1.0));
    assertThat(fused(fuse(new CombMin()), "q2")).containsOnly(Map.entry("d1", 1.0), Map.entry("d2", 2.0), Map.entry("d3", 3.0));
  }

  @Test
  void comb_med_and_comb_anz_take_the_median_and_mean_of_the_present_scores() { // comb_med_test.py, comb_anz_test.py
    for (FusionMethod m : List.of(new CombMed(), new CombAnz())) {
      ScoredRun r = fuse(m);
      assertThat(fused(r, "q1")).containsOnly(Map.entry("d1", 2.0), Map.entry("d2", 2.0), Map.entry("d3", 2.0));
      assertThat(fused(r, "q2")).containsOnly(Map.entry("d1", 1.0), Map.entry("d2", 2.0), Map.entry("d3", 3.0));
    }
  }

  @Test
  void wsum_weights_each_input() { // wsum_test.py, weights [0.3, 0.2, 0.5]
    ScoredRun r = fuse(new WeightedSum(List.of(0.3, 0.2, 0.5)));
    assertThat(fused(r, "q1")).containsOnly(Map.entry("d1", 0.3 * 1 + 0.2 * 3), Map.entry("d2", 0.3 * 2 + 0.2 * 2),
        Map.entry("d3", 0.3 * 3 + 0.5 * 1));
    assertThat(fused(r, "q2")).containsOnly(Map.entry("d1", 0.3 * 1 + 0.2 * 1), Map.entry("d2", 0.3 * 2 + 0.5 * 2),
        Map.entry("d3", 0.2 * 3 + 0.5 * 3));
  }

  @Test
  void rrf_sums_reciprocal_ranks_with_k_60() { // rrf_test.py
    ScoredRun r = fuse(new Rrf(60));
    assertThat(fused(r, "q1")).containsOnly(Map.entry("d1", 1.0 / 63 + 1.0 / 61), Map.entry("d2", 1.0 / 62 + 1.0 / 62),
        Map.entry("d3", 1.0 / 61 + 1.0 / 61));
    assertThat(fused(r, "q2")).containsOnly(Map.entry("d1", 1.0 / 62 + 1.0 / 62), Map.entry("d2", 1.0 / 61 + 1.0 / 62),
        Map.entry("d3", 1.0 / 61 + 1.0 / 61));
  }

  @Test
  void isr_and_log_isr_weight_inverse_square_ranks_by_the_hits() { // isr_test.py, log_isr_test.py
    ScoredRun isr = fuse(new Isr());
    assertThat(fused(isr, "q1")).containsOnly(Map.entry("d1", (1.0 / 9 + 1) * 2), Map.entry("d2", (0.25 + 0.25) * 2),
        Map.entry("d3", (1.0 + 1) * 2));
    assertThat(fused(isr, "q2")).containsOnly(Map.entry("d1", (0.25 + 0.25) * 2), Map.entry("d2", (1 + 0.25) * 2),
        Map.entry("d3", (1.0 + 1) * 2));
    ScoredRun log = fuse(new LogIsr());
    double ln2 = Math.log(2);
    assertThat(fused(log, "q1")).containsOnly(Map.entry("d1", (1.0 / 9 + 1) * ln2), Map.entry("d2", (0.25 + 0.25) * ln2),
        Map.entry("d3", (1.0 + 1) * ln2));
    assertThat(fused(log, "q2")).containsOnly(Map.entry("d1", (0.25 + 0.25) * ln2), Map.entry("d2", (1 + 0.25) * ln2),
        Map.entry("d3", (1.0 + 1) * ln2));
  }

  @Test
  void borda_gives_points_by_rank_and_the_mean_of_the_rest_to_missing_documents() { // bordafuse_test.py
    ScoredRun r = fuse(new Borda());
    assertThat(fused(r, "q1")).containsOnly(Map.entry("d1", 1 + 3 + 1.5), Map.entry("d2", 2 + 2 + 1.5), Map.entry("d3", 3.0 + 1 + 3));
    assertThat(fused(r, "q2")).containsOnly(Map.entry("d1", 2.0 + 2 + 1), Map.entry("d2", 3.0 + 1 + 2), Map.entry("d3", 1.0 + 3 + 3));
  }

  @Test
  void borda_keeps_a_query_that_no_input_answers_empty() { // bordafuse_test.py, test_bordafuse_no_result_query
    List<ScoredRun> runs = List.of(
        run("run_4", Map.of("q1", scores("d1", 1, "d2", 2, "d3", 3), "q2", scores())),
        run("run_5", Map.of("q1", scores("d1", 3, "d2", 2), "q2", scores())),
        run("run_6", Map.of("q1", scores("d3", 1), "q2", scores())));
    ScoredRun r = new Fusion(new Borda(), Normalization.NONE).fuse("fused", runs);
    assertThat(fused(r, "q1")).containsOnly(Map.entry("d1", 1 + 3 + 1.5), Map.entry("d2", 2 + 2 + 1.5), Map.entry("d3", 3.0 + 1 + 3));
    assertThat(r.list("q2").size()).isZero();
  }
}
