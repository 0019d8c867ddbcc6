package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import java.util.List;

/**
 * The claim of {@link Evaluation}'s javadoc: under {@link Policy#strict()} with R@k and RR@k it
 * gives exactly the seed evaluator's numbers. Shared by the fixture test and the property.
 */
final class SeedAgreement {
  private SeedAgreement() {}

  /** Scores the run with both evaluators and asserts that every number agrees. */
  static void assertAgree(Protocol protocol, Run run, String split, int k) {
    // GIVEN the seed's report
    EvaluationReport seed = Evaluator.evaluate(protocol, run, split, k);
    Measure recall = Measures.parse("R@" + k);
    Measure rr = Measures.parse("RR@" + k);
    // WHEN the general evaluator scores the same run under the strict policy
    EvalProtocol general = new EvalProtocol(protocol.qrels(), protocol.queries().inSplit(split), "split " + split,
        protocol.corpus(), Policy.strict(), List.of(recall, rr));
    RunResult result = Evaluation.evaluate(general, ScoredRun.of(run));
    // THEN every row and both means agree
    assertThat(result.rows()).extracting(QueryResult::query)
        .containsExactlyElementsOf(seed.rows().stream().map(QueryRow::query).toList());
    for (QueryRow expected : seed.rows()) {
      QueryResult actual = result.row(expected.query());
      assertThat(exact(actual.value(recall))).as("Recall@%d of %s", k, expected.query()).isEqualTo(expected.recall());
      assertThat(exact(actual.value(rr))).as("RR@%d of %s", k, expected.query()).isEqualTo(expected.rr());
      assertThat(actual.missing()).as("missing %s", expected.query()).isEqualTo(expected.missing());
      assertThat(actual.returned()).as("returned %s", expected.query()).isEqualTo(expected.returned());
      assertThat(actual.relevant()).as("relevant %s", expected.query()).isEqualTo(expected.relevant());
    }
    assertThat(result.summary(recall).mean()).as("mean Recall@%d", k).isEqualTo(seed.recallAtK());
    assertThat(result.summary(rr).mean()).as("MRR@%d", k).isEqualTo(seed.mrrAtK());
    assertThat(result.summary(recall).count()).isEqualTo(seed.eligibleQueries());
    assertThat(result.rows()).hasSize(seed.totalQueries());
    assertThat(result.missingQueries()).isEqualTo(seed.missingQueries());
    assertThat(result.noRelevantQueries()).isEqualTo(seed.noRelevantQueries());
    assertThat(result.ignoredQueries()).isEmpty();
  }

  private static Object exact(Value v) {
    return v == null ? null : v.exact();
  }
}
