package dev.caliber.eval.seed;

import static dev.caliber.testkit.HelpCentre.CORPUS;
import static dev.caliber.testkit.HelpCentre.FIXTURE_A;
import static dev.caliber.testkit.HelpCentre.K;
import static dev.caliber.testkit.HelpCentre.PROTOCOL;
import static dev.caliber.testkit.HelpCentre.QRELS;
import static dev.caliber.testkit.HelpCentre.QUERIES;
import static dev.caliber.testkit.HelpCentre.TEST;
import static dev.caliber.testkit.HelpCentre.emptyRun;
import static dev.caliber.testkit.HelpCentre.protocolWith;
import static dev.caliber.testkit.HelpCentre.qrelsWith;
import static dev.caliber.testkit.HelpCentre.run;
import static dev.caliber.testkit.HelpCentre.runOf;
import static dev.caliber.testkit.RejectionAssert.assertThatRejected;
import static dev.caliber.testkit.SeedFiles.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.error.Violations;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Run;
import dev.caliber.testkit.HelpCentre;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * What the evaluator refuses beyond the seed's own tests: every violation's detail and location,
 * and the order of the checks (the first violation reported is the one the seed reports).
 */
class EvaluatorValidationTest {

  /** The seed's judgments, edited, written as JSON and read back, so that violations have a location. */
  private static Qrels qrelsFile(Consumer<Map<String, Map<String, Integer>>> edit) {
    Map<String, Map<String, Integer>> qrels = HelpCentre.qrelsMap();
    edit.accept(qrels);
    return ProtocolFiles.qrels(json("qrels.json", PyJson.pretty(qrels)));
  }

  private static Run runFile(String text) {
    return ProtocolFiles.run("run", json("run.json", text));
  }

  @Test
  void an_empty_corpus_or_query_set_is_rejected() {
    Protocol noDocuments = new Protocol(Corpus.of(Map.of()), QUERIES, QRELS);
    assertThatRejected(() -> Evaluator.evaluate(noDocuments, emptyRun(), TEST, K))
        .isViolation(Violations.NONEMPTY)
        .hasDetail("corpus has 0 documents, queries has 5");
    Protocol noQueries = new Protocol(CORPUS, Queries.of(Map.of()), Qrels.of(Map.of()));
    assertThatRejected(() -> Evaluator.evaluate(noQueries, emptyRun(), TEST, K))
        .isViolation(Violations.NONEMPTY)
        .hasDetail("corpus has 6 documents, queries has 0");
  }

  @Test
  void a_split_without_queries_is_rejected_naming_the_splits_there_are() {
    assertThatRejected(() -> Evaluator.evaluate(PROTOCOL, emptyRun(), "absent", K))
        .isViolation(Violations.EMPTY_SPLIT)
        .hasMessage("split has no queries (split \"absent\"; the queries' splits are [\"dev\", \"test\"])");
  }

  @Test
  void judgments_for_a_query_the_protocol_lacks_are_rejected_where_they_are() {
    Qrels qrels = qrelsFile(q -> q.put("q9", HelpCentre.qrelsMap().get("q1")));
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(qrels), emptyRun(), TEST, K))
        .isViolation(Violations.QRELS_COVER)
        .hasDetail("judged queries not in the protocol: \"q9\"")
        .isAtPath("$.q9");
  }

  @Test
  void judgments_that_miss_a_query_and_add_another_name_both() {
    Qrels qrels = qrelsFile(q -> q.put("q9", q.remove("q4")));
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(qrels), emptyRun(), TEST, K))
        .isViolation(Violations.QRELS_COVER)
        .hasDetail("queries without judgments: \"q4\"; judged queries not in the protocol: \"q9\"")
        .isAtPath("$.q9");
    // a missing row has no place in the file
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(qrelsFile(q -> q.remove("q4"))), emptyRun(), TEST, K))
        .isViolation(Violations.QRELS_COVER)
        .hasMessage("qrels must cover every query (queries without judgments: \"q4\")");
  }

  @Test
  void an_unjudged_document_is_located_at_its_query_row() {
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(qrelsFile(q -> q.get("q3").remove("d6"))), emptyRun(), TEST, K))
        .isViolation(Violations.UNJUDGED)
        .hasDetail("query \"q3\": unjudged documents \"d6\"")
        .isAt("qrels.json:18:9: $.q3");
  }

  @Test
  void a_judged_document_outside_the_corpus_is_located_at_its_label() {
    Qrels extra = qrelsFile(q -> q.get("q2").put("d9", 0));
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(extra), emptyRun(), TEST, K))
        .isViolation(Violations.UNJUDGED)
        .hasDetail("query \"q2\": documents not in the corpus \"d9\"")
        .isAtPath("$.q2.d9");
    Qrels renamed = qrelsFile(q -> q.get("q2").put("D1", q.get("q2").remove("d1")));
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(renamed), emptyRun(), TEST, K))
        .isViolation(Violations.UNJUDGED)
        .hasDetail("query \"q2\": unjudged documents \"d1\": documents not in the corpus \"D1\"")
        .isAtPath("$.q2.D1");
  }

  @Test
  void long_lists_of_ids_show_five_and_count_the_rest() {
    Qrels fiveMissing = qrelsWith(q -> List.of("d1", "d2", "d3", "d4", "d5").forEach(q.get("q2")::remove));
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(fiveMissing), emptyRun(), TEST, K))
        .hasDetail("query \"q2\": unjudged documents \"d1\", \"d2\", \"d3\", \"d4\", \"d5\"");
    Map<String, String> corpus = HelpCentre.corpusMap();
    for (int i = 7; i <= 9; i++) {
      corpus.put("d" + i, "text");
    }
    Qrels nineMinusOne = qrelsWith(q -> q.get("q1").remove("d1"));
    Protocol bigger = new Protocol(Corpus.of(corpus), QUERIES, nineMinusOne);
    assertThatRejected(() -> Evaluator.evaluate(bigger, emptyRun(), TEST, K))
        .hasDetail("query \"q1\": unjudged documents \"d1\", \"d7\", \"d8\", \"d9\"");
    Qrels allMissing = qrelsWith(q -> q.get("q1").clear());
    assertThatRejected(() -> Evaluator.evaluate(new Protocol(Corpus.of(corpus), QUERIES, allMissing), emptyRun(), TEST, K))
        .hasDetail("query \"q1\": unjudged documents \"d1\", \"d2\", \"d3\", \"d4\", \"d5\" and 4 more");
    assertThat(Evaluator.sample(new java.util.LinkedHashSet<>(List.of("a", "b", "c", "d", "e", "f"))))
        .isEqualTo("\"a\", \"b\", \"c\", \"d\", \"e\" and 1 more");
  }

  @Test
  void a_label_other_than_zero_or_one_is_located_at_the_label() {
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(qrelsFile(q -> q.get("q5").put("d6", 2))), emptyRun(), TEST, K))
        .isViolation(Violations.LABELS)
        .hasDetail("query \"q5\", document \"d6\": got 2")
        .isAtPath("$.q5.d6");
  }

  @Test
  void run_violations_are_located_at_the_query_or_the_rank() {
    assertThatRejected(() -> Evaluator.evaluate(PROTOCOL, runFile("{\"q2\": [], \"q1\": []}"), TEST, K))
        .isViolation(Violations.WRONG_SPLIT_QUERY).isAt("run.json:1:18: $.q1");
    assertThatRejected(() -> Evaluator.evaluate(PROTOCOL, runFile("{\"q2\": [\"d3\", \"d4\", \"d3\"]}"), TEST, K))
        .isViolation(Violations.DUPLICATE_DOCUMENT)
        .hasDetail("query \"q2\": document \"d3\" at rank 3 repeats rank 1")
        .isAtPath("$.q2[2]");
    assertThatRejected(() -> Evaluator.evaluate(PROTOCOL, runFile("{\"q2\": [\"d3\", \"d4\", \"D1\"]}"), TEST, K))
        .isViolation(Violations.UNKNOWN_DOCUMENT)
        .hasDetail("query \"q2\": document \"D1\" at rank 3 is not in the corpus")
        .isAtPath("$.q2[2]");
  }

  @Test
  void a_duplicate_is_rejected_even_after_the_cutoff_and_before_an_unknown_document() {
    // the seed checks duplicates before unknown documents, within each ranking
    assertThatRejected(() -> Evaluator.evaluate(PROTOCOL, run("q2", "d3", "d4", "d9", "d4"), TEST, K))
        .isViolation(Violations.DUPLICATE_DOCUMENT);
    assertThatRejected(() -> Evaluator.evaluate(PROTOCOL, run("q2", "d1", "d2", "d3", "d4", "d5", "d6", "d1"), TEST, 1))
        .isViolation(Violations.DUPLICATE_DOCUMENT)
        .hasDetail("query \"q2\": document \"d1\" at rank 7 repeats rank 1");
  }

  @Test
  void checks_run_in_the_seeds_order() {
    Qrels unjudged = qrelsWith(q -> q.get("q2").remove("d1"));
    Qrels uncovered = qrelsWith(q -> q.remove("q4"));
    Qrels badLabel = qrelsWith(q -> q.get("q3").put("d1", 7));
    // k first, before anything else is looked at
    assertThatRejected(() -> Evaluator.evaluate(new Protocol(Corpus.of(Map.of()), QUERIES, uncovered), run("q1"), "x", 0))
        .isViolation(Violations.K);
    // then an empty corpus, before qrels coverage
    assertThatRejected(() -> Evaluator.evaluate(new Protocol(Corpus.of(Map.of()), QUERIES, uncovered), run("q1"), "x", K))
        .isViolation(Violations.NONEMPTY);
    // qrels coverage before the split
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(uncovered), run("q1"), "x", K))
        .isViolation(Violations.QRELS_COVER);
    // the split before the run's queries
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(unjudged), run("q1"), "x", K))
        .isViolation(Violations.EMPTY_SPLIT);
    // the run's queries before exhaustive judgments
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(unjudged), run("q1"), TEST, K))
        .isViolation(Violations.WRONG_SPLIT_QUERY);
    // judgments (every query's, dev too) before any ranking
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(badLabel), run("q2", "d3", "d3"), TEST, K))
        .isViolation(Violations.LABELS);
    Qrels devUnjudged = qrelsWith(q -> q.get("q1").remove("d6"));
    assertThatRejected(() -> Evaluator.evaluate(protocolWith(devUnjudged), FIXTURE_A, TEST, K))
        .isViolation(Violations.UNJUDGED).hasDetail("query \"q1\": unjudged documents \"d6\"");
    // every selected query's ranking is checked, not only the first one
    assertThatRejected(() -> Evaluator.evaluate(PROTOCOL, runOf("q2", List.of("d3"), "q5", List.of("d1", "d1")), TEST, K))
        .isViolation(Violations.DUPLICATE_DOCUMENT);
  }

  @Test
  void validate_alone_accepts_the_seed_runs_and_scores_nothing() {
    for (Run r : HelpCentre.RUNS.values()) {
      Evaluator.validate(PROTOCOL, r, TEST, K);
    }
    assertThatRejected(() -> Evaluator.validate(PROTOCOL, run("q2", "d3", "d3"), TEST, K))
        .isViolation(Violations.DUPLICATE_DOCUMENT);
  }

  @Test
  void k_of_one_is_the_smallest_cutoff() {
    EvaluationReport report = Evaluator.evaluate(PROTOCOL, HelpCentre.FIXTURE_B, TEST, 1);
    assertThat(report.k()).isEqualTo(1);
    assertThat(report.row("q2").recall()).isEqualTo(dev.caliber.math.Fraction.ZERO);
    assertThat(report.row("q3").rr()).isEqualTo(dev.caliber.math.Fraction.ONE);
  }
}
