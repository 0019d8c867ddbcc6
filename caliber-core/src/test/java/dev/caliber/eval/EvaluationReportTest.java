package dev.caliber.eval;

import static dev.caliber.testkit.HelpCentre.FIXTURE_B;
import static dev.caliber.testkit.HelpCentre.K;
import static dev.caliber.testkit.HelpCentre.PROTOCOL;
import static dev.caliber.testkit.HelpCentre.TEST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.math.Fraction;
import java.util.ArrayList;
import java.util.List;
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
    List<QueryRow> rows = List.of(
        new QueryRow("a", false, 1, 2, 1, 1, Fraction.of(1, 2), Fraction.ONE),
        new QueryRow("b", false, 1, 1, 1, 2, Fraction.ONE, Fraction.of(1, 2)),
        new QueryRow("c", true, 0, 1, 0, null, Fraction.ZERO, Fraction.ZERO));
    assertThat(Evaluator.mean(rows, QueryRow::recall)).isEqualTo(Fraction.of(1, 2));
    assertThat(Evaluator.mean(rows, QueryRow::rr)).isEqualTo(Fraction.of(1, 2));
    assertThat(Evaluator.mean(List.of(), QueryRow::rr)).isNull();
  }
}
