package dev.caliber.eval;

import static dev.caliber.testkit.HelpCentre.FIXTURE_B;
import static dev.caliber.testkit.HelpCentre.K;
import static dev.caliber.testkit.HelpCentre.PROTOCOL;
import static dev.caliber.testkit.HelpCentre.TEST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.eval.seed.EvaluationReport;
import dev.caliber.eval.seed.Evaluator;
import dev.caliber.eval.seed.QueryRow;
import dev.caliber.math.Fraction;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.protocol.Run;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report is pure, immutable data with one row per query of the split, in protocol order. */
class EvaluationReportTest {

  @Test
  void row_finds_the_row_of_a_query_or_null() {
    EvaluationReport report = Evaluator.evaluate(PROTOCOL, FIXTURE_B, TEST, K);
    assertThat(report.row("q4").query()).isEqualTo("q4");
    assertThat(report.row("q4").returned()).isEqualTo(1);
    assertThat(report.row("q1")).isNull();
    assertThat(report.rows()).extracting(QueryRow::query).containsExactly("q2", "q3", "q4", "q5");
  }

  @Test
  void the_lists_are_copies_and_unmodifiable() {
    List<String> missing = new ArrayList<>(List.of("q4"));
    EvaluationReport report = new EvaluationReport("sha", "test", 2, 1, 1, List.of(), missing, Fraction.ONE, Fraction.ONE, List.of());
    missing.add("q5");
    assertThat(report.missingQueries()).containsExactly("q4");
    assertThatThrownBy(() -> report.missingQueries().add("q6")).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void a_row_is_eligible_when_it_has_a_relevant_document() {
    assertThat(new QueryRow("q", false, 0, 1, 0, null, Fraction.ZERO, Fraction.ZERO).eligible()).isTrue();
    assertThat(new QueryRow("q", false, 0, 0, 0, null, null, null).eligible()).isFalse();
  }

  @Test
  void the_mean_weighs_every_eligible_query_the_same() {
    // GIVEN a: 2 relevant, 1 found at rank 1; b: 1 relevant found at rank 2; c: 1 relevant, missing; d: none relevant
    Map<String, String> corpus = new LinkedHashMap<>();
    for (String d : List.of("a1", "a2", "b1", "c1", "x")) {
      corpus.put(d, d);
    }
    Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
    Map<String, Query> queries = new LinkedHashMap<>();
    for (String q : List.of("a", "b", "c", "d")) {
      Map<String, Integer> row = new LinkedHashMap<>();
      corpus.keySet().forEach(doc -> row.put(doc, doc.startsWith(q) ? 1 : 0));
      qrels.put(q, row);
      queries.put(q, new Query(null, "test"));
    }
    Protocol p = new Protocol(Corpus.of(corpus), Queries.of(queries), Qrels.of(qrels));
    EvaluationReport report = Evaluator.evaluate(p,
        Run.of("r", Map.of("a", List.of("a1"), "b", List.of("x", "b1"), "d", List.of("x"))), "test", 2);
    // THEN each mean is over a, b and c: (1/2 + 1 + 0) / 3 and (1 + 1/2 + 0) / 3; d is left out
    assertThat(report.recallAtK()).isEqualTo(Fraction.of(1, 2));
    assertThat(report.mrrAtK()).isEqualTo(Fraction.of(1, 2));
    assertThat(report.eligibleQueries()).isEqualTo(3);
    // AND with no eligible query there is no mean
    Protocol none = new Protocol(Corpus.of(corpus), Queries.of(Map.of("d", new Query(null, "test"))),
        Qrels.of(Map.of("d", qrels.get("d"))));
    assertThat(Evaluator.evaluate(none, Run.of("r", Map.of()), "test", 2).mrrAtK()).isNull();
  }
}
