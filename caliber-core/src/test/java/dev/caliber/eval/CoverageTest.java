package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.Coverage;
import dev.caliber.result.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Coverage, computed by the engine for every run: mean Judged@k at each of the measures' cutoffs. */
class CoverageTest {
  private static EvalProtocol protocol(Policy policy, String... measures) {
    Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
    qrels.put("q1", Map.of("d1", 1, "d2", 0, "d3", 1));
    qrels.put("q2", Map.of("d4", 1));
    qrels.put("q3", Map.of("d5", 1));
    return new EvalProtocol(Qrels.of(qrels), List.of("q1", "q2", "q3"), "every judged query", null, policy,
        java.util.Arrays.stream(measures).map(Measures::parse).toList());
  }

  private static RunResult evaluate(EvalProtocol p) {
    Map<String, List<String>> run = new LinkedHashMap<>();
    run.put("q1", List.of("d1", "x1", "d2", "x2", "x3")); // top 2: one judged; top 5: two judged
    run.put("q2", List.of("x4", "x5", "d4"));             // top 2: none judged; top 5: one judged
    run.put("q9", List.of("d9"));                           // outside the query set: ignored, not counted
    // q3 is missing: it ranks nothing, so nothing of its top k is judged
    return Evaluation.evaluate(p, ScoredRun.of(Run.of("r", run)));
  }

  @Test
  void should_average_judged_at_k_over_the_query_set_counting_a_missing_query_as_nothing_judged() {
    // GIVEN pooled judgments, measures at cutoffs 5 and 2 (in that order), and AP without one
    EvalProtocol p = protocol(Policy.trecEval(), "P@5", "AP", "nDCG@2", "R@5");
    // WHEN
    RunResult r = evaluate(p);
    // THEN one entry per cutoff, smallest first: (1 + 0 + 0) / (2 x 3) and (2 + 1 + 0) / (5 x 3)
    assertThat(r.coverage().cutoffs()).extracting(Coverage.Cutoff::k).containsExactly(2, 5);
    assertThat(r.coverage().at(5).judged()).isEqualTo(Value.of(Fraction.of(3, 15)));
    assertThat(r.coverage().at(2).judged()).isEqualTo(Value.of(Fraction.of(1, 6)));
    assertThat(r.coverage().at(10)).isNull();
    assertThat(r.missingQueries()).containsExactly("q3");
    assertThat(r.ignoredQueries()).containsExactly("q9");
  }

  @Test
  void should_equal_the_judged_measures_mean_when_both_are_asked_for() {
    RunResult r = evaluate(protocol(Policy.trecEval(), "P@5", "Judged@5"));
    assertThat(r.coverage().at(5).judged().exact()).isEqualTo(r.summary(Measures.parse("Judged@5")).mean());
  }

  @Test
  void should_call_coverage_low_under_half_only_when_judgments_are_pooled() {
    assertThat(evaluate(protocol(Policy.trecEval(), "P@5")).coverage().low()).isTrue();
    // a depth of 2 leaves q1's top 5 with one judged document of the two ranked
    EvalProtocol deep = protocol(Policy.trecEval().withDepth(2), "P@5");
    assertThat(evaluate(deep).coverage().at(5).judged()).isEqualTo(Value.of(Fraction.of(1, 15)));
  }

  @Test
  void should_never_call_coverage_low_under_exhaustive_judgments_where_every_ranked_document_is_judged() {
    Map<String, Map<String, Integer>> qrels = Map.of("q1", Map.of("d1", 1, "d2", 0));
    EvalProtocol p = new EvalProtocol(Qrels.of(qrels), List.of("q1"), "q1", null,
        Policy.strict().withJudgments(Judgments.EXHAUSTIVE), List.of(Measures.parse("P@10")));
    RunResult r = Evaluation.evaluate(p, ScoredRun.of(Run.of("r", Map.of("q1", List.of("d1")))));
    assertThat(r.coverage().at(10)).isEqualTo(new Coverage.Cutoff(10, Value.of(Fraction.of(1, 10)), false));
    assertThat(r.coverage().low()).isFalse();
  }

  @Test
  void should_have_no_cutoffs_when_no_measure_has_one() {
    assertThat(evaluate(protocol(Policy.trecEval(), "AP", "RR")).coverage()).isEqualTo(new Coverage(List.of()));
  }

  @Test
  void should_be_the_same_read_while_streamed_as_in_memory() throws java.io.IOException {
    EvalProtocol p = protocol(Policy.trecEval(), "P@5", "nDCG@2");
    String trec = "q1 Q0 d1 1 5 r\nq1 Q0 x1 2 4 r\nq1 Q0 d2 3 3 r\nq1 Q0 x2 4 2 r\nq1 Q0 x3 5 1 r\n"
        + "q2 Q0 x4 1 3 r\nq2 Q0 x5 2 2 r\nq2 Q0 d4 3 1 r\nq9 Q0 d9 1 1 r\n";
    byte[] bytes = trec.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    for (int threads : new int[] {1, 2}) {
      RunResult streamed = StreamingEvaluation.evaluate(p, "run.txt", () -> new java.io.ByteArrayInputStream(bytes), true,
          Streams.options(threads, null, 1)).get();
      assertThat(streamed.coverage()).isEqualTo(evaluate(p).coverage());
    }
  }
}
