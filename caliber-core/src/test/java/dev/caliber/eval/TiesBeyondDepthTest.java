package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.QueryResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TiesBeyondDepthTest {
  // GIVEN twelve documents whose last three share one score, straddling rank 10
  private static final RankedList LIST = RankedList.of(
      new String[] {"d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10", "d11", "d12"},
      new double[] {12, 11, 10, 9, 8, 7, 6, 5, 4, 1, 1, 1},
      new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
  private static final ScoredRun RUN = ScoredRun.of("r", Map.of("q", LIST), Origin.NONE);
  private static final Qrels QRELS = Qrels.of(Map.of("q", Map.of("d1", 1)));

  private static QueryResult row(int depth) {
    Policy policy = Policy.trecEval().withDepth(depth);
    EvalProtocol protocol = new EvalProtocol(QRELS, List.of("q"), "test", null, policy, List.of(Measures.parse("P@10")));
    return Evaluation.evaluate(protocol, RUN).rows().get(0);
  }

  @Test
  void a_tie_straddling_the_cutoff_is_reported_with_its_group_size() {
    assertThat(row(0).tiesAtCutoff()).containsExactly(Map.entry(10, 3));
  }

  @Test
  void a_cutoff_past_the_evaluated_depth_reports_no_tie() {
    // WHEN only the first five documents are evaluated THEN nothing straddles rank 10
    assertThat(row(5).tiesAtCutoff()).isEmpty();
  }
}
