package dev.caliber.fusion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Hand-computed cases: each method on two small lists, the tie rule, missing documents, errors. */
class FusionTest {
  /** a: x 3, y 2, z 1 (ranks 1, 2, 3); b: z 10, w 4 (ranks 1, 2). */
  static final RankedList A = RankedList.byScore(new String[] {"x", "y", "z"}, new double[] {3, 2, 1});
  static final RankedList B = RankedList.byScore(new String[] {"z", "w"}, new double[] {10, 4});

  static Map<String, Double> fuse(FusionMethod m, Normalization n) {
    RankedList l = new Fusion(m, n).fuse(List.of(A, B));
    Map<String, Double> out = new LinkedHashMap<>();
    for (int i = 0; i < l.size(); i++) {
      out.put(l.doc(i), l.score(i));
    }
    return out;
  }

  @Test
  void rrf_with_k_1_by_hand_and_its_tie_broken_by_document_id_descending() {
    // x: 1/2; y: 1/3; z: 1/4 + 1/2 = 3/4; w: 1/3 (ties y: the later ID, y, ranks first)
    assertThat(fuse(new Rrf(1), Normalization.NONE)).containsExactly(Map.entry("z", 0.75), Map.entry("x", 0.5),
        Map.entry("y", 1.0 / 3), Map.entry("w", 1.0 / 3));
  }

  @Test
  void combsum_and_combmnz_after_min_max_by_hand() {
    // min-max: a: x 1, y 0.5, z 0; b: z 1, w 0. CombSUM z = 0 + 1 = 1; CombMNZ z = 2 * 1.
    assertThat(fuse(new CombSum(), Normalization.MIN_MAX)).containsExactly(Map.entry("z", 1.0), Map.entry("x", 1.0),
        Map.entry("y", 0.5), Map.entry("w", 0.0));
    assertThat(fuse(new CombMnz(), Normalization.MIN_MAX)).containsExactly(Map.entry("z", 2.0), Map.entry("x", 1.0),
        Map.entry("y", 0.5), Map.entry("w", 0.0));
  }

  @Test
  void comb_max_min_med_anz_use_only_the_inputs_that_have_the_document() {
    assertThat(fuse(new CombMax(), Normalization.NONE)).containsEntry("z", 10.0).containsEntry("w", 4.0);
    assertThat(fuse(new CombMin(), Normalization.NONE)).containsEntry("z", 1.0).containsEntry("w", 4.0);
    assertThat(fuse(new CombMed(), Normalization.NONE)).containsEntry("z", 5.5).containsEntry("x", 3.0);
    assertThat(fuse(new CombAnz(), Normalization.NONE)).containsEntry("z", 5.5).containsEntry("y", 2.0);
  }

  @Test
  void wsum_by_hand() {
    // 0.25 * a + 0.75 * b, scores as given: z = 0.25 + 7.5
    assertThat(fuse(new WeightedSum(List.of(0.25, 0.75)), Normalization.NONE)).containsExactly(Map.entry("z", 7.75),
        Map.entry("w", 3.0), Map.entry("x", 0.75), Map.entry("y", 0.5));
  }

  @Test
  void borda_by_hand() {
    // 4 candidates. a: x 4, y 3, z 2, w (4 - 3 + 1) / 2 = 1; b: z 4, w 3, x and y (4 - 2 + 1) / 2 = 1.5
    assertThat(fuse(new Borda(), Normalization.NONE)).containsExactly(Map.entry("z", 6.0), Map.entry("x", 5.5),
        Map.entry("y", 4.5), Map.entry("w", 4.0));
  }

  @Test
  void isr_and_log_isr_by_hand_a_document_of_one_input_stays_with_log_isr_zero() {
    assertThat(fuse(new Isr(), Normalization.NONE)).containsExactly(Map.entry("z", (1 + 1.0 / 9) * 2), Map.entry("x", 1.0),
        Map.entry("y", 0.25), Map.entry("w", 0.25));
    Map<String, Double> log = fuse(new LogIsr(), Normalization.NONE);
    assertThat(log).containsEntry("z", (1 + 1.0 / 9) * Math.log(2));
    assertThat(log).containsKeys("x", "y", "w");
    assertThat(log.get("x")).isZero();
  }

  @Test
  void a_query_only_some_inputs_have_is_fused_with_empty_lists_for_the_others() {
    ScoredRun r1 = ScoredRun.of("r1", Map.of("q1", A), dev.caliber.protocol.Origin.NONE);
    ScoredRun r2 = ScoredRun.of("r2", Map.of("q2", B), dev.caliber.protocol.Origin.NONE);
    ScoredRun f = new Fusion(new Rrf(60), Normalization.NONE).fuse("f", List.of(r1, r2));
    assertThat(f.asMap().keySet()).containsExactly("q1", "q2");
    assertThat(f.list("q1").docs()).containsExactly("x", "y", "z");
    assertThat(f.tag()).isEqualTo("fuse:rrf:k=60:norm=none");
  }

  @Test
  void a_rank_based_method_refuses_a_normalisation() {
    assertThatThrownBy(() -> new Fusion(new Rrf(60), Normalization.MIN_MAX))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("illegal normalisation min-max for rrf, which reads ranks only: must be none");
  }

  @Test
  void weights_must_be_one_per_input_non_negative_and_sum_to_one() {
    assertThatThrownBy(() -> new WeightedSum(List.of(0.5, 0.6))).hasMessageContaining("must sum to 1");
    assertThatThrownBy(() -> new WeightedSum(List.of(-0.5, 1.5))).hasMessageContaining("must be a non-negative finite value");
    assertThatThrownBy(() -> new WeightedSum(List.of(1.0))).hasMessageContaining("one per input");
    assertThatThrownBy(() -> new Fusion(new WeightedSum(List.of(0.2, 0.3, 0.5)), Normalization.NONE).fuse(List.of(A, B)))
        .hasMessage("illegal number of inputs: 2 for 3 weights, must be one weight per input");
  }

  @Test
  void methods_by_name_refuse_unknown_names_and_parameters_they_do_not_take() {
    assertThat(Methods.of("RRF", 10, null)).isEqualTo(new Rrf(10));
    assertThat(Methods.of("rrf", null, null)).isEqualTo(new Rrf(60));
    assertThatThrownBy(() -> Methods.of("condorcet", null, null)).hasMessageStartingWith("unknown fusion method condorcet; expected one of rrf, ");
    assertThatThrownBy(() -> Methods.of("combsum", 5, null)).hasMessage("combsum takes no k; k is RRF's parameter");
    assertThatThrownBy(() -> Methods.of("wsum", null, null)).hasMessage("wsum needs weights, one per input, summing to 1");
    assertThatThrownBy(() -> new Rrf(-1)).hasMessage("illegal k value: -1, must be a non-negative integer");
  }

  @Test
  void a_document_ranked_twice_is_an_error_at_its_line() {
    RankedList twice = RankedList.of(new String[] {"x", "x"}, new double[] {2, 1}, new long[] {1, 2});
    ScoredRun r1 = ScoredRun.of("r1", Map.of("q1", twice), path -> Location.ofLine("r1.txt", 10 + (int) path[1]));
    ScoredRun r2 = ScoredRun.of("r2", Map.of("q1", B), dev.caliber.protocol.Origin.NONE);
    assertThatThrownBy(() -> new Fusion(new Rrf(60), Normalization.NONE).fuse("f", List.of(r1, r2)))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessage("r1.txt:11: document ranked twice (run \"r1\", query \"q1\": document \"x\" again; expected each document once per query, to be fused)");
  }

  @Test
  void metadata_and_tag_name_method_parameters_and_normalisation() {
    Fusion f = new Fusion(new WeightedSum(List.of(0.3, 0.7)), Normalization.Z_SCORE);
    assertThat(f.metadata()).containsExactly(Map.entry("fusion.method", "wsum"), Map.entry("fusion.weights", "0.3,0.7"),
        Map.entry("fusion.norm", "z-score"));
    assertThat(f.tag()).isEqualTo("fuse:wsum:weights=0.3,0.7:norm=z-score");
    assertThat(Fusion.of(new CombSum()).normalization()).isEqualTo(Normalization.MIN_MAX);
    assertThat(Fusion.of(new Borda()).normalization()).isEqualTo(Normalization.NONE);
  }
}
