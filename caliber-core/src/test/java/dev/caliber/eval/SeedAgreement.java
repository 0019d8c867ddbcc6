package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.eval.SeedOracle.Ratio;
import dev.caliber.eval.seed.EvaluationReport;
import dev.caliber.eval.seed.Evaluator;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The claim of {@link Evaluator}'s and {@link Evaluation}'s javadoc: under {@link Policy#strict()}
 * with R@k and RR@k caliber gives exactly the seed's numbers, here those of {@link SeedOracle}, the
 * seed's definitions computed from the plain inputs. Shared by the fixture test and the property.
 */
final class SeedAgreement {
  private SeedAgreement() {}

  /** Scores the inputs with the oracle, the seed's report and the engine; asserts that every number agrees. */
  static void assertAgree(SeedOracle.Inputs in, String split, int k) {
    // GIVEN the seed's numbers, computed apart from caliber
    SeedOracle.Report expected = SeedOracle.evaluate(in, split, k);
    // WHEN caliber is fed the same inputs
    Protocol protocol = protocol(in);
    Run run = Run.of("r", in.run());
    EvaluationReport report = Evaluator.evaluate(protocol, run, split, k);
    Measure recall = Measures.parse("R@" + k);
    Measure rr = Measures.parse("RR@" + k);
    RunResult result = Evaluation.evaluate(new EvalProtocol(protocol.qrels(), protocol.queries().inSplit(split),
        "split " + split, protocol.corpus(), Policy.strict(), List.of(recall, rr)), ScoredRun.of(run));
    // THEN the seed's report is the oracle's, field by field
    assertThat(asOracle(report)).as("the seed's report at k = %d", k).isEqualTo(expected);
    // AND the engine's rows and means under the strict policy are too
    assertThat(result.rows()).extracting(QueryResult::query)
        .containsExactlyElementsOf(expected.rows().stream().map(SeedOracle.Row::query).toList());
    for (SeedOracle.Row row : expected.rows()) {
      QueryResult actual = result.row(row.query());
      assertThat(ratio(actual.value(recall))).as("Recall@%d of %s", k, row.query()).isEqualTo(row.recall());
      assertThat(ratio(actual.value(rr))).as("RR@%d of %s", k, row.query()).isEqualTo(row.rr());
      assertThat(actual.missing()).as("missing %s", row.query()).isEqualTo(row.missing());
      assertThat(actual.returned()).as("returned %s", row.query()).isEqualTo(row.returned());
      assertThat(actual.relevant()).as("relevant %s", row.query()).isEqualTo(row.relevant());
    }
    assertThat(ratio(result.summary(recall).mean())).as("mean Recall@%d", k).isEqualTo(expected.recallAtK());
    assertThat(ratio(result.summary(rr).mean())).as("MRR@%d", k).isEqualTo(expected.mrrAtK());
    assertThat(result.summary(recall).count()).isEqualTo(expected.eligibleQueries());
    assertThat(result.missingQueries()).isEqualTo(expected.missingQueries());
    assertThat(result.noRelevantQueries()).isEqualTo(expected.noRelevantQueries());
    assertThat(result.ignoredQueries()).isEmpty();
  }

  private static Protocol protocol(SeedOracle.Inputs in) {
    Map<String, Query> queries = new LinkedHashMap<>();
    in.splitOf().forEach((q, split) -> queries.put(q, new Query(null, split)));
    return new Protocol(Corpus.of(in.corpus()), Queries.of(queries), Qrels.of(in.qrels()));
  }

  private static SeedOracle.Report asOracle(EvaluationReport r) {
    return new SeedOracle.Report(r.totalQueries(), r.eligibleQueries(), r.noRelevantQueries(), r.missingQueries(),
        ratio(r.recallAtK()), ratio(r.mrrAtK()), r.rows().stream()
            .map(row -> new SeedOracle.Row(row.query(), row.missing(), row.returned(), row.relevant(), row.hits(),
                row.firstRelevantRank(), ratio(row.recall()), ratio(row.rr())))
            .toList());
  }

  private static Ratio ratio(Value v) {
    return v == null ? null : ratio(v.exact());
  }

  private static Ratio ratio(Fraction f) {
    return f == null ? null : new Ratio(f.numerator(), f.denominator());
  }
}
