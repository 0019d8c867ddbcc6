package dev.caliber.fusion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.eval.Evaluation;
import dev.caliber.measure.Measures;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.ScoredRun;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Grids in their declared order, and a search that chooses the best point, the first among equals. */
class GridTest {
  @Test
  void a_k_range_runs_from_first_to_last_by_step() {
    Grid g = Grid.parse("k=10..40:10", "rrf", 2, Normalization.NONE);
    assertThat(g.points()).extracting(f -> ((Rrf) f.method()).k()).containsExactly(10, 20, 30, 40);
    assertThat(Grid.parse("k=60,1", "rrf", 2, Normalization.NONE).points()).extracting(Fusion::tag)
        .containsExactly("fuse:rrf:k=60:norm=none", "fuse:rrf:k=1:norm=none");
  }

  @Test
  void a_simplex_has_every_exact_weighting_first_weight_ascending() {
    Grid g = Grid.parse("weights=simplex:0.25", "wsum", 2, Normalization.MIN_MAX);
    assertThat(g.points()).extracting(f -> ((WeightedSum) f.method()).weights()).containsExactly(
        List.of(0.0, 1.0), List.of(0.25, 0.75), List.of(0.5, 0.5), List.of(0.75, 0.25), List.of(1.0, 0.0));
    assertThat(Grid.parse("weights=simplex:0.1", "wsum", 3, Normalization.NONE).points()).hasSize(66);
    assertThat(Grid.parse("weights=simplex:0.1", "wsum", 2, Normalization.NONE).points().get(3).tag())
        .isEqualTo("fuse:wsum:weights=0.3,0.7:norm=none");
  }

  @Test
  void bad_grids_are_refused_with_what_was_expected() {
    assertThatThrownBy(() -> Grid.parse("k=10..5:1", "rrf", 2, Normalization.NONE)).hasMessageContaining("FROM <= TO");
    assertThatThrownBy(() -> Grid.parse("k=a..b", "rrf", 2, Normalization.NONE)).hasMessageContaining("expected k=FROM..TO:STEP");
    assertThatThrownBy(() -> Grid.parse("weights=simplex:0.3", "wsum", 2, Normalization.NONE)).hasMessageContaining("does not divide 1");
    assertThatThrownBy(() -> Grid.parse("k=1..3:1", "wsum", 2, Normalization.NONE)).hasMessageContaining("wsum has no grid over k");
    assertThatThrownBy(() -> Grid.parse("weights=simplex:0.001", "wsum", 4, Normalization.NONE)).hasMessageContaining("more than 10000");
  }

  @Test
  void the_search_chooses_the_best_mean_and_its_value_is_the_chosen_fusions_evaluation() {
    // min-max scores: q1 a: d3 1, d2 0.5, d1 0; b: d1 1, d2 0. q2 a: e2 1, e1 0; b: e1 1, e2 0.
    // RR by weights (w_a, w_b): (0, 1) (1 + 1/2) / 2 = 3/4; (0.25, 0.75) 3/4; (0.5, 0.5): ties go to the
    // later ID, d3 and e2: (1/2 + 1) / 2 = 3/4; (0.75, 0.25) (1/3 + 1) / 2 = 2/3; (1, 0) 2/3.
    var qrels = Eval.qrels(Map.of("q1", Map.of("d1", 1), "q2", Map.of("e2", 1)));
    ScoredRun a = Eval.run("a", Map.of("q1", Map.of("d3", 3, "d2", 2, "d1", 1), "q2", Map.of("e2", 5, "e1", 1)));
    ScoredRun b = Eval.run("b", Map.of("q1", Map.of("d1", 9, "d2", 1), "q2", Map.of("e1", 5, "e2", 4)));
    EvalProtocol devSet = Eval.protocol(qrels, Preset.POOLED, "RR");
    Grid grid = Grid.parse("weights=simplex:0.25", "wsum", 2, Normalization.MIN_MAX);
    Tuning t = Tuning.search(List.of(a, b), grid, devSet, Measures.parse("RR"), "fused");
    assertThat(t.values()).hasSize(5);
    for (int i = 0; i < t.values().size(); i++) {
      if (i < t.chosen()) {
        assertThat(Tuning.greater(t.value(), t.values().get(i))).isTrue();
      } else {
        assertThat(Tuning.greater(t.values().get(i), t.value())).isFalse();
      }
    }
    // the chosen parameters, applied again, reproduce the reported value
    ScoredRun again = t.fusion().fuse("fused", List.of(a, b));
    assertThat(Tuning.mean(Evaluation.evaluate(devSet, again).summary(Measures.parse("RR")))).isEqualTo(t.value());
    assertThat(t.values()).extracting(v -> v.exact().toString()).containsExactly("3/4", "3/4", "3/4", "2/3", "2/3");
    // three points tie: the first in grid order is chosen
    assertThat(t.chosen()).isZero();
    assertThat(((WeightedSum) t.fusion().method()).weights()).containsExactly(0.0, 1.0);
  }
}
