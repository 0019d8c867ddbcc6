package dev.caliber.eval;

import static dev.caliber.testkit.HelpCentre.FIXTURE_A;
import static dev.caliber.testkit.HelpCentre.K;
import static dev.caliber.testkit.HelpCentre.PROTOCOL;
import static dev.caliber.testkit.HelpCentre.QRELS;
import static dev.caliber.testkit.HelpCentre.TEST;
import static dev.caliber.testkit.HelpCentre.protocolWith;
import static dev.caliber.testkit.HelpCentre.qrelsWith;
import static dev.caliber.testkit.HelpCentre.run;
import static dev.caliber.testkit.RejectionAssert.assertThatRejected;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Violations;
import dev.caliber.eval.seed.EvaluationReport;
import dev.caliber.eval.seed.Evaluator;
import dev.caliber.eval.seed.QueryRow;
import dev.caliber.io.read.JsonValue;
import dev.caliber.math.Fraction;
import dev.caliber.testkit.SeedFiles;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The seed's negative controls (run_experiment.py): three wrong calculations, computed here on
 * purpose to show the numbers they would give, next to what caliber reports or refuses; and the
 * four contract rejections, word for word. Expected values come from the seed's expected.json.
 */
class NegativeControlsTest {
  private static Map<String, JsonValue> controls;

  @BeforeAll
  static void readExpected() {
    controls = SeedFiles.json(SeedFiles.conformance("expected.json")).members().get("negative_controls").members();
  }

  private static Fraction expected(String key) {
    return Fraction.parse(controls.get(key).text());
  }

  @Test
  void dropping_missing_queries_would_give_three_quarters_where_caliber_reports_one_half() {
    // GIVEN caliber's report for fixture A, where q4 is missing
    EvaluationReport a = Evaluator.evaluate(PROTOCOL, FIXTURE_A, TEST, K);
    // WHEN the wrong mean leaves out the missing query
    List<QueryRow> present = a.rows().stream().filter(r -> r.relevant() > 0 && !r.missing()).toList();
    Fraction wrong = present.stream().map(QueryRow::recall).reduce(Fraction.ZERO, Fraction::plus).dividedBy(present.size());
    // THEN
    assertThat(wrong).isEqualTo(Fraction.of(3, 4)).isEqualTo(expected("dropping_missing_wrong"));
    assertThat(a.recallAtK()).isEqualTo(Fraction.of(1, 2)).isEqualTo(expected("fixed_denominator_correct"));
  }

  @Test
  void a_hit_rate_named_recall_would_give_one_where_caliber_reports_q2_recall_one_half() {
    EvaluationReport a = Evaluator.evaluate(PROTOCOL, FIXTURE_A, TEST, K);
    QueryRow q2 = a.rows().get(0);
    // "found anything" for q2, which finds one of its two relevant documents
    Fraction wrongHitRate = q2.hits() > 0 ? Fraction.ONE : Fraction.ZERO;
    assertThat(wrongHitRate).isEqualTo(Fraction.ONE).isEqualTo(expected("hit_rate_mislabeled_as_recall_wrong"));
    assertThat(q2.recall()).isEqualTo(Fraction.of(1, 2)).isEqualTo(expected("q2_recall_correct"));
    assertThat(q2.recall()).isNotEqualTo(wrongHitRate);
  }

  @Test
  void counting_a_duplicate_twice_would_give_one_where_caliber_rejects_the_run() {
    // GIVEN q2 ranked [d3, d3]; counting occurrences of relevant documents over 2 relevant documents
    int occurrences = QRELS.row("q2").get("d3") + QRELS.row("q2").get("d3");
    double wrong = occurrences / 2.0;
    // THEN the wrong number is the seed's 1.0 (a Python float there), and caliber refuses the run
    assertThat(wrong).isEqualTo(1.0);
    assertThat(controls.get("duplicate_counting_wrong").describe()).isEqualTo("the number 1.0");
    assertThatRejected(() -> Evaluator.evaluate(PROTOCOL, run("q2", "d3", "d3"), TEST, K))
        .isViolation(Violations.DUPLICATE_DOCUMENT);
  }

  @Test
  void the_four_contract_rejections_use_the_seeds_words_exactly() {
    Map<String, JsonValue> rejections = controls.get("contract_rejections").members();
    assertThat(rejections.keySet()).containsExactly("duplicate", "unknown_doc", "wrong_split", "unjudged");
    assertThat(reason(() -> Evaluator.evaluate(PROTOCOL, run("q2", "d3", "d3"), TEST, K)))
        .isEqualTo(rejections.get("duplicate").text());
    assertThat(reason(() -> Evaluator.evaluate(PROTOCOL, run("q2", "d7"), TEST, K)))
        .isEqualTo(rejections.get("unknown_doc").text());
    assertThat(reason(() -> Evaluator.evaluate(PROTOCOL, run("q1", "d2"), TEST, K)))
        .isEqualTo(rejections.get("wrong_split").text());
    assertThat(reason(() -> Evaluator.evaluate(protocolWith(qrelsWith(q -> q.get("q2").remove("d1"))), FIXTURE_A, TEST, K)))
        .isEqualTo(rejections.get("unjudged").text());
    // and those are the constants users may match on
    assertThat(List.of(rejections.get("duplicate").text(), rejections.get("unknown_doc").text(),
        rejections.get("wrong_split").text(), rejections.get("unjudged").text()))
        .containsExactly(Violations.DUPLICATE_DOCUMENT, Violations.UNKNOWN_DOCUMENT,
            Violations.WRONG_SPLIT_QUERY, Violations.UNJUDGED);
  }

  private static String reason(ThrowingCallable call) {
    ProtocolViolationException e = org.assertj.core.api.Assertions.catchThrowableOfType(ProtocolViolationException.class, call);
    assertThat(e).as("a ProtocolViolationException").isNotNull();
    return e.reason();
  }
}
