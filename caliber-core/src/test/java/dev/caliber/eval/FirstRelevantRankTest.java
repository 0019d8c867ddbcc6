package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** QueryResult.firstRelevantRank: where the first relevant document is, whatever the cutoff. */
class FirstRelevantRankTest {
  private static final Map<String, Integer> ROW = Map.of("d1", 0, "d2", 0, "d3", 1);
  private static final EvalProtocol PROTOCOL = new EvalProtocol(
      Qrels.of(Map.of("q1", ROW, "q2", ROW)), List.of("q1", "q2"), "test", Corpus.of(Map.of("d1", "", "d2", "", "d3", "")),
      Policy.strict(), List.of(Measures.parse("RR@2")));

  @Test
  void should_give_the_rank_of_the_first_relevant_document_even_beyond_the_measures_cutoff() {
    // GIVEN q1's relevant document at rank 3, beyond RR@2's cutoff
    ScoredRun run = ScoredRun.of(Run.of("r", Map.of("q1", List.of("d1", "d2", "d3"), "q2", List.of("d3"))));
    // WHEN
    RunResult result = Evaluation.evaluate(PROTOCOL, run);
    // THEN RR@2 is 0 and the rank says why
    assertThat(result.row("q1").value(Measures.parse("RR@2")).toString()).isEqualTo("0");
    assertThat(result.row("q1").firstRelevantRank()).isEqualTo(3);
    assertThat(result.row("q2").firstRelevantRank()).isEqualTo(1);
  }

  @Test
  void should_be_null_when_no_relevant_document_is_ranked_or_the_query_is_missing() {
    ScoredRun run = ScoredRun.of(Run.of("r", Map.of("q1", List.of("d1"))));
    RunResult result = Evaluation.evaluate(PROTOCOL, run);
    assertThat(result.row("q1").firstRelevantRank()).isNull();
    assertThat(result.row("q2").firstRelevantRank()).isNull();
  }

  @Test
  void should_stop_at_the_policys_depth() {
    EvalProtocol shallow = new EvalProtocol(PROTOCOL.qrels(), PROTOCOL.querySet(), "test", PROTOCOL.corpus(),
        Policy.strict().withDepth(2), PROTOCOL.measures());
    ScoredRun run = ScoredRun.of(Run.of("r", Map.of("q1", List.of("d1", "d2", "d3"))));
    assertThat(Evaluation.evaluate(shallow, run).row("q1").firstRelevantRank()).isNull();
  }

  @Test
  void should_refuse_a_rank_below_one() {
    assertThatThrownBy(() -> new QueryResult("q", false, 0, 0, 0, Map.of(), Map.of(), 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal first relevant rank: 0, must be >= 1 or null");
  }

  @Test
  void should_default_to_null_with_the_older_constructor() {
    assertThat(new QueryResult("q", false, 0, 0, 0, Map.of(), Map.of()).firstRelevantRank()).isNull();
  }
}
