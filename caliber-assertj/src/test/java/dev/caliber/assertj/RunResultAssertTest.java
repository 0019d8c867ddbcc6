package dev.caliber.assertj;

import static dev.caliber.assertj.CaliberAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunResultAssertTest {
  private final EvalProtocol protocol = Runs.protocol("RR@10", "Judged@2", "P@1");

  @Test
  void should_pass_when_the_mean_is_within_the_bound() {
    RunResult result = Runs.evaluate(protocol, "bm25", Runs.rankings(1, 2, 3));
    assertThat(result).measure("RR@10").isAtLeast(0.9).isAtMost(0.95).isCloseTo(0.95, 1e-9);
    assertThat(result).measure("P_1").isAtLeast(0.9); // trec_eval's name for P@1
  }

  @Test
  void should_fail_naming_the_measure_bound_mean_protocol_and_the_worst_queries_with_their_first_relevant_rank() {
    // GIVEN a run that ranks the relevant document second for q2 and q7
    RunResult result = Runs.evaluate(protocol, "bm25", Runs.rankings(7, 2));
    // WHEN a bound above its mean is asserted
    assertThatThrownBy(() -> assertThat(result).measure("RR@10").isAtLeast(0.99))
        // THEN the message says what, how much, under which protocol, and which queries pull the mean down
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("RR@10 of run \"bm25\": expected at least 0.9900 but was 0.9667 (mean over 30 queries, exactly 29/30)\n"
            + "protocol sha256 " + result.protocolSha256() + "; policy ")
        .hasMessageContaining("judgments=pooled")
        .hasMessageEndingWith("lowest queries:\n"
            + "  q2           0.5000 (1/2)  (first relevant at rank 2)\n"
            + "  q7           0.5000 (1/2)  (first relevant at rank 2)\n"
            + "  q1           1.0000  (first relevant at rank 1)\n"
            + "  q10          1.0000  (first relevant at rank 1)\n"
            + "  q11          1.0000  (first relevant at rank 1)");
    assertThatThrownBy(() -> assertThat(result).measure("P@1").isAtMost(0.5))
        .hasMessageStartingWith("P@1 of run \"bm25\": expected at most 0.5000 but was 0.9333");
  }

  @Test
  void should_say_which_measures_a_result_has_when_asked_for_another() {
    RunResult result = Runs.evaluate(protocol, "bm25", Runs.rankings());
    assertThatThrownBy(() -> assertThat(result).measure("nDCG@10"))
        .hasMessage("run \"bm25\" was not evaluated with nDCG@10; it has [RR@10, Judged@2, P@1] (add nDCG@10 to the measures evaluated)");
  }

  @Test
  void should_list_the_queries_missing_from_the_run() {
    Map<String, List<String>> rankings = Runs.rankings();
    rankings.remove("q3");
    rankings.remove("q12");
    RunResult result = Runs.evaluate(protocol, "bm25", rankings);
    assertThatThrownBy(() -> assertThat(result).hasNoMissingQueries())
        .hasMessageStartingWith("run \"bm25\" has no entry for 2 of 30 queries: q12, q3\nprotocol sha256 ");
    assertThat(Runs.evaluate(protocol, "full", Runs.rankings())).hasNoMissingQueries();
  }

  @Test
  void should_find_unjudged_documents_in_the_top_k_from_judged_at_k() {
    Map<String, List<String>> rankings = Runs.rankings();
    rankings.put("q5", List.of("r5", "x", "y"));
    rankings.put("q6", List.of("r6")); // fewer than k ranked: only those need judgments
    RunResult result = Runs.evaluate(protocol, "bm25", rankings);
    assertThatThrownBy(() -> assertThat(result).isFullyJudgedAt(2))
        .hasMessageStartingWith("run \"bm25\" is not fully judged at 2: 1 queries rank unjudged documents in their top 2: q5 (1 of 2 unjudged)");
    assertThat(Runs.evaluate(protocol, "judged", Runs.rankings())).isFullyJudgedAt(2);
    assertThatThrownBy(() -> assertThat(result).isFullyJudgedAt(5))
        .hasMessage("run \"bm25\" was not evaluated with Judged@5, which tells how much of the top 5 is judged; add it to the measures evaluated");
  }

  @Test
  void should_not_call_a_run_that_ranks_nothing_fully_judged() {
    RunResult empty = Runs.evaluate(protocol, "empty", Map.of("q1", List.of()));
    assertThatThrownBy(() -> assertThat(empty).isFullyJudgedAt(2))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("run \"empty\" ranks no document for any of its 30 queries, so how much of its top 2 is"
            + " judged shows nothing\nprotocol sha256 ");
  }
}
