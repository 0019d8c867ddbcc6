package dev.caliber.eval;

import static dev.caliber.testkit.HelpCentre.ALL_EMPTY;
import static dev.caliber.testkit.HelpCentre.CORPUS;
import static dev.caliber.testkit.HelpCentre.FIXTURE_A;
import static dev.caliber.testkit.HelpCentre.FIXTURE_B;
import static dev.caliber.testkit.HelpCentre.K;
import static dev.caliber.testkit.HelpCentre.PROTOCOL;
import static dev.caliber.testkit.HelpCentre.QRELS;
import static dev.caliber.testkit.HelpCentre.QUERIES;
import static dev.caliber.testkit.HelpCentre.TEST;
import static dev.caliber.testkit.HelpCentre.emptyRun;
import static dev.caliber.testkit.HelpCentre.protocolWith;
import static dev.caliber.testkit.HelpCentre.qrelsWith;
import static dev.caliber.testkit.HelpCentre.run;
import static dev.caliber.testkit.RejectionAssert.assertThatRejected;
import static dev.caliber.testkit.SeedFiles.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.error.Violations;
import dev.caliber.eval.seed.EvaluationReport;
import dev.caliber.eval.seed.Evaluator;
import dev.caliber.eval.seed.QueryRow;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.math.Fraction;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Run;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The seed's eighteen evaluator tests (test_metrics.py), one method each, in the seed's order and
 * asserting what the seed asserts; the seed's name is in each method's comment.
 *
 * <p>Where the seed feeds Python values that Java's types cannot hold (k = True or 1.5, a label
 * False), the same input is fed where it can still arrive: as JSON, through {@link ProtocolFiles}.
 */
class EvaluatorSeedTest {
  private static final Fraction HALF = Fraction.of(1, 2);
  private static final Fraction FIVE_SIXTHS = Fraction.of(5, 6);

  private static EvaluationReport score(Run run) {
    return Evaluator.evaluate(PROTOCOL, run, TEST, K);
  }

  // seed: test_exact_A
  @Test
  void fixture_A_scores_exactly_one_half_for_both_means() {
    // WHEN
    EvaluationReport report = score(FIXTURE_A);
    // THEN (1/2 + 1 + 0) / 3 and (1 + 1/2 + 0) / 3
    assertThat(report.recallAtK()).isEqualTo(HALF);
    assertThat(report.mrrAtK()).isEqualTo(HALF);
  }

  // seed: test_exact_B
  @Test
  void fixture_B_scores_exactly_five_sixths_for_both_means() {
    EvaluationReport report = score(FIXTURE_B);
    assertThat(report.recallAtK()).isEqualTo(FIVE_SIXTHS);
    assertThat(report.mrrAtK()).isEqualTo(FIVE_SIXTHS);
  }

  // seed: test_missing_stays_denominator
  @Test
  void a_query_missing_from_the_run_stays_in_the_denominator() {
    // GIVEN fixture A has no entry for q4, which has a relevant document
    // WHEN
    EvaluationReport report = score(FIXTURE_A);
    // THEN
    assertThat(report.eligibleQueries()).isEqualTo(3);
    assertThat(report.missingQueries()).containsExactly("q4");
  }

  // seed: test_no_relevant_explicit
  @Test
  void a_query_without_relevant_documents_is_counted_listed_and_has_null_recall() {
    EvaluationReport report = score(FIXTURE_A);
    assertThat(report.totalQueries()).isEqualTo(4);
    assertThat(report.noRelevantQueries()).containsExactly("q5");
    QueryRow last = report.rows().get(report.rows().size() - 1);
    assertThat(last.query()).isEqualTo("q5");
    assertThat(last.recall()).isNull();
  }

  // seed: test_empty
  @Test
  void all_empty_rankings_score_zero_not_null() {
    EvaluationReport report = score(ALL_EMPTY);
    assertThat(report.recallAtK()).isEqualTo(Fraction.ZERO);
    assertThat(report.mrrAtK()).isEqualTo(Fraction.ZERO);
  }

  // seed: test_duplicate_rejected
  @Test
  void a_duplicate_document_in_a_ranking_is_rejected() {
    assertThatRejected(() -> score(run("q2", "d3", "d3")))
        .isViolation(Violations.DUPLICATE_DOCUMENT)
        .hasDetail("query \"q2\": document \"d3\" at rank 2 repeats rank 1");
  }

  // seed: test_unknown_doc
  @Test
  void an_unknown_document_is_rejected() {
    assertThatRejected(() -> score(run("q2", "d999")))
        .isViolation(Violations.UNKNOWN_DOCUMENT)
        .hasDetail("query \"q2\": document \"d999\" at rank 1 is not in the corpus");
  }

  // seed: test_unknown_query
  @Test
  void a_query_that_is_not_in_the_protocol_is_rejected() {
    assertThatRejected(() -> score(run("q999")))
        .isViolation(Violations.WRONG_SPLIT_QUERY)
        .hasDetail("query \"q999\" is not in the protocol");
  }

  // seed: test_wrong_split
  @Test
  void a_dev_query_in_a_test_run_is_rejected() {
    assertThatRejected(() -> score(run("q1", "d2")))
        .isViolation(Violations.WRONG_SPLIT_QUERY)
        .hasDetail("query \"q1\" is in split \"dev\", not \"test\"");
  }

  // seed: test_unjudged_not_nonrelevant
  @Test
  void an_unjudged_cell_is_not_a_non_relevant_judgment() {
    // GIVEN q2 has no label for d1 (which is not the same as a 0)
    Qrels qrels = qrelsWith(q -> q.get("q2").remove("d1"));
    // WHEN / THEN
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(qrels), FIXTURE_A, TEST, K))
        .isViolation(Violations.UNJUDGED)
        .hasDetail("query \"q2\": unjudged documents \"d1\"");
  }

  // seed: test_bool_label_rejected
  // A Qrels holds Integer labels, so the seed's False cannot reach the evaluator as a label; where it
  // can arrive is JSON, and there `false` (and every other non-integer) is refused when reading.
  @Test
  void a_boolean_label_is_rejected() {
    for (String label : List.of("false", "true", "0.0", "1.0", "\"1\"", "null")) {
      assertThatRejected(() -> ProtocolFiles.qrels(json("qrels.json", "{\"q2\": {\"d1\": " + label + "}}")))
          .isViolation(Violations.LABELS)
          .isAtPath("$.q2.d1");
    }
    // An integer that is neither 0 nor 1 is representable and is the evaluator's to refuse.
    for (int label : new int[] {2, -1}) {
      Qrels qrels = qrelsWith(q -> q.get("q2").put("d1", label));
      assertThatRejected(() -> Evaluator.evaluate(protocolWith(qrels), emptyRun(), TEST, K))
          .isViolation(Violations.LABELS)
          .hasDetail("query \"q2\", document \"d1\": got " + label);
    }
  }

  // seed: test_cutoff
  @Test
  void a_relevant_document_below_the_cutoff_gives_rr_zero_not_one_third() {
    QueryRow q2 = score(run("q2", "d1", "d2", "d3")).row("q2");
    assertThat(q2.rr()).isEqualTo(Fraction.ZERO);
    assertThat(q2.firstRelevantRank()).isNull();
  }

  // seed: test_recall_not_hit_rate
  @Test
  void finding_one_of_two_relevant_documents_is_recall_one_half_not_a_hit_rate_of_one() {
    QueryRow q2 = score(run("q2", "d3")).row("q2");
    assertThat(q2.recall()).isEqualTo(HALF);
    assertThat(q2.rr()).isEqualTo(Fraction.ONE);
  }

  // seed: test_second_relevant_changes_recall_not_rr
  @Test
  void a_second_relevant_document_raises_recall_but_not_rr() {
    QueryRow one = score(run("q2", "d3")).row("q2");
    QueryRow two = score(run("q2", "d3", "d4")).row("q2");
    assertThat(List.of(one.rr(), two.rr())).containsExactly(Fraction.ONE, Fraction.ONE);
    assertThat(List.of(one.recall(), two.recall())).containsExactly(HALF, Fraction.ONE);
  }

  // seed: test_k_validation (k in [True, 0, -1, 1.5])
  // An int parameter cannot hold True or 1.5: those arrive as JSON, where ProtocolFiles.k refuses
  // them (and 2.0, which Python's `type(k) is not int` refuses too). 0 and -1 reach the evaluator.
  @Test
  void k_must_be_a_positive_integer() {
    for (String k : List.of("true", "1.5", "2.0", "0", "-1", "false", "\"2\"", "null", "2147483648")) {
      assertThatRejected(() -> ProtocolFiles.k(json("protocol.json", k)))
          .isViolation(Violations.K)
          .hasDetail("got " + json("protocol.json", k).describe() + "; expected an integer >= 1");
    }
    for (int k : new int[] {0, -1, Integer.MIN_VALUE}) {
      assertThatRejected(() -> Evaluator.evaluate(PROTOCOL, FIXTURE_A, TEST, k))
          .isViolation(Violations.K)
          .hasDetail("got " + k + "; expected an integer >= 1");
    }
  }

  // seed: test_empty_eligible_mean_is_null
  @Test
  void with_no_eligible_query_both_means_are_null() {
    // GIVEN a protocol whose only query, q5, has no relevant document
    Protocol onlyQ5 = new Protocol(CORPUS,
        Queries.of(Map.of("q5", QUERIES.get("q5"))),
        Qrels.of(Map.of("q5", QRELS.row("q5"))));
    // WHEN
    EvaluationReport report = Evaluator.evaluate(onlyQ5, emptyRun(), TEST, K);
    // THEN
    assertThat(report.mrrAtK()).isNull();
    assertThat(report.recallAtK()).isNull();
    assertThat(report.eligibleQueries()).isZero();
  }

  // seed: test_hash_changes_with_qrels
  @Test
  void the_protocol_fingerprint_changes_when_a_judgment_changes() {
    Qrels changed = qrelsWith(q -> q.get("q2").put("d1", 1));
    String before = score(FIXTURE_A).protocolSha256();
    String after = Evaluator.evaluate(protocolWith(changed), emptyRun(), TEST, K).protocolSha256();
    assertThat(after).isNotEqualTo(before);
  }

  // seed: test_missing_qrels_rejected
  @Test
  void judgments_must_cover_every_query() {
    Qrels qrels = qrelsWith(q -> q.remove("q4"));
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(qrels), emptyRun(), TEST, K))
        .isViolation(Violations.QRELS_COVER)
        .hasDetail("queries without judgments: \"q4\"");
  }
}
