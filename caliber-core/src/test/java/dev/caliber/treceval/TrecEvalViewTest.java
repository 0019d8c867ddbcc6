package dev.caliber.treceval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.measure.TrecEvalMeasures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.ZScores;
import dev.caliber.report.SmallResults;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** trec_eval's text as data: what each line shows, before it is written. */
class TrecEvalViewTest {
  private static final RunResult RESULT = SmallResults.twoQueries(Policy.trecEval());

  @Test
  void should_show_counts_as_sums_and_the_rest_as_means() {
    // GIVEN the run "myrun", without a tag: q1 (3 ranked, P@2 = 1/2) and q2 (1 ranked, P@2 = 0)
    TrecEvalView view = TrecEvalView.of(RESULT, TrecEvalMeasures.resolve(List.of("runid", "num_q", "num_ret", "P.2"), 0),
        false, null, null, Set.of());
    // THEN
    assertThat(view.summary()).containsExactly(
        new TrecEvalView.Line("runid", false, "all", new TrecEvalView.Text("myrun")),
        new TrecEvalView.Line("num_q", false, "all", new TrecEvalView.Whole(2)),
        new TrecEvalView.Line("num_ret", false, "all", new TrecEvalView.Whole(4)),
        new TrecEvalView.Line("P_2", false, "all", new TrecEvalView.Decimal(0.25)));
    assertThat(view.query(RESULT.rows().get(0))).containsExactly(
        new TrecEvalView.Line("num_ret", false, "q1", new TrecEvalView.Whole(3)),
        new TrecEvalView.Line("P_2", false, "q1", new TrecEvalView.Decimal(0.5)));
  }

  @Test
  void should_show_z_scores_and_their_mean_with_z() {
    // GIVEN P_2's reference: mean 0.25 and deviation 0.5 for both queries
    ZScores.Builder reference = new ZScores.Builder();
    reference.add("q1", "P_2", 0.25, 0.5);
    reference.add("q2", "P_2", 0.25, 0.5);
    TrecEvalView view = TrecEvalView.of(RESULT, TrecEvalMeasures.resolve(List.of("num_q", "P.2"), 0), false, null,
        reference.build(), Set.of());
    // THEN q1's 0.5 is 0.5 deviations above, q2's 0 as far below; their mean is 0; num_q is a z line too
    assertThat(view.query(RESULT.rows().get(0))).containsExactly(new TrecEvalView.Line("P_2", true, "q1", new TrecEvalView.Decimal(0.5)));
    assertThat(view.summary()).containsExactly(
        new TrecEvalView.Line("num_q", true, "all", new TrecEvalView.Decimal(2)),
        new TrecEvalView.Line("P_2", true, "all", new TrecEvalView.Decimal(0.0)));
  }

  @Test
  void should_name_a_result_s_own_measures_as_trec_eval_does_where_it_can() {
    // GIVEN the fixture's P@2, num_ret, ndcg and RR@10 (which trec_eval has no name for)
    TrecEvalView view = TrecEvalView.of(RESULT, "tag", false);
    // THEN
    assertThat(view.summary()).extracting(TrecEvalView.Line::name).containsExactly("runid", "num_q", "P_2", "num_ret", "ndcg", "RR@10");
    assertThat(view.runid()).isEqualTo("tag");
  }
}
