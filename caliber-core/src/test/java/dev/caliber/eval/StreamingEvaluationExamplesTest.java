package dev.caliber.eval;

import static dev.caliber.eval.Protocols.ordered;
import static dev.caliber.eval.Protocols.row;
import static dev.caliber.eval.Streams.assertAgree;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Gain;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The streaming evaluator on tiny hand-made runs: for every policy variant it agrees with reading
 * whole (same rows, summaries and lists, same first error), and the numbers are the ones worked
 * out by hand below. The input trickles in a few bytes at a time and blocks of one byte put every
 * query in a block of its own, so line numbers and errors cross block boundaries.
 */
class StreamingEvaluationExamplesTest {
  /** How a run that breaks both the unknown-query and the judgments policy begins its error. */
  private static final String SEVERAL = "several policies of the protocol are broken (1. ";

  /**
   * q1 under score order: é 4, d 4, b 3, a 3, z 2.5, c 2.5 (equal scores: document ID descending
   * by code point, é after d). q2: y -0 and x 0 are one score, so y (higher ID) comes first.
   * q5 is outside the query set; q4 is in it but not in the run.
   */
  static final String RUN = """
      q1 Q0 c 1 2.5 t
      q1 Q0 b 2 3 t
      q1 Q0 z 3 2.5 t
      q1 Q0 a 4 3.0 t
      q1 Q0 é 5 4 t
      q1 Q0 d 6 4 t
      q2 Q0 y 1 -0 t
      q2 Q0 x 2 0 t
      q5 Q0 a 1 1 t
      q3 Q0 n 1 1 t
      """;
  static final Map<String, Map<String, Integer>> QRELS = ordered(
      "q1", row("a", 2, "b", 1, "c", 0, "d", -1, "é", 3),
      "q2", row("x", 1),
      "q3", row("n", 0));
  static final List<String> SET = List.of("q1", "q2", "q3", "q4");
  static final String[] MEASURES = {"RR@10", "P@2", "P@4", "nDCG@3", "AP", "NumRet", "NumRel", "NumRelRet",
      "Judged@2", "P(rel=2)@3", "Bpref", "Rprec", "Success@1", "R@5", "nDCG"};

  static EvalProtocol protocol(Policy policy) {
    return Protocols.protocol(QRELS, SET, null, policy, MEASURES);
  }

  static Measure m(String name) {
    return Measures.parseAll(name).get(0);
  }

  static Stream<Policy> policies() {
    Policy t = Policy.trecEval();
    return Stream.of(t, t.withOrdering(Ordering.GIVEN), t.withDepth(3), t.withDepth(1), t.withDepth(20),
        t.withRelevanceThreshold(2), t.withNoRelevant(NoRelevant.EXCLUDE), t.withGain(Gain.EXPONENTIAL),
        t.withOrdering(Ordering.GIVEN).withDepth(5), t.withUnknownQueries(UnknownQueries.ERROR), Policy.strict(),
        t.withJudgments(Judgments.EXHAUSTIVE));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("policies")
  void agrees_with_reading_whole_under_every_policy(Policy policy) {
    assertAgree(protocol(policy), RUN);
  }

  @Test
  void ranks_by_score_then_document_id_descending_and_counts_ties_at_cutoffs() {
    RunResult r = assertAgree(protocol(Policy.trecEval()), RUN);
    assertThat(r.runName()).isEqualTo("run.txt");
    assertThat(r.tag()).isEqualTo("t");
    QueryResult q1 = r.row("q1");
    assertThat(q1.missing()).isFalse();
    assertThat(q1.returned()).isEqualTo(6);
    assertThat(q1.relevant()).isEqualTo(3);
    assertThat(q1.unjudged()).isEqualTo(1);
    assertThat(q1.firstRelevantRank()).isEqualTo(1);
    assertThat(q1.value(m("P@2"))).isEqualTo(Value.of(1, 2)); // é (3), d (-1)
    assertThat(q1.value(m("P@4"))).isEqualTo(Value.of(3, 4)); // é, d, b, a
    assertThat(q1.value(m("Judged@2"))).isEqualTo(Value.of(1, 2)); // a label of -1 is not a judgment here
    assertThat(q1.value(m("NumRet"))).isEqualTo(Value.of(6));
    assertThat(q1.tiesAtCutoff()).containsExactly(entry(1, 2), entry(3, 2), entry(5, 2));
    QueryResult q2 = r.row("q2");
    assertThat(q2.firstRelevantRank()).as("-0 and 0 tie: y before x").isEqualTo(2);
    assertThat(q2.tiesAtCutoff()).containsExactly(entry(1, 2));
    assertThat(q2.unjudged()).isEqualTo(1);
    assertThat(r.row("q3").relevant()).isZero();
    assertThat(r.row("q4").missing()).isTrue();
    assertThat(r.missingQueries()).containsExactly("q4");
    assertThat(r.ignoredQueries()).containsExactly("q5");
    assertThat(r.noRelevantQueries()).containsExactly("q3", "q4");
    assertThat(r.rows()).extracting(QueryResult::query).containsExactly("q1", "q2", "q3", "q4");
    assertThat(r.summary(m("P@4")).mean().toString()).isEqualTo("1/4"); // (3/4 + 1/4 + 0 + 0) / 4
  }

  @Test
  void keeps_the_file_order_under_given_ordering() {
    RunResult r = assertAgree(protocol(Policy.trecEval().withOrdering(Ordering.GIVEN)), RUN);
    QueryResult q1 = r.row("q1");
    assertThat(q1.firstRelevantRank()).isEqualTo(2); // c (0), b (1)
    assertThat(q1.value(m("P@2"))).isEqualTo(Value.of(1, 2));
    assertThat(q1.value(m("P@4"))).isEqualTo(Value.of(1, 2)); // c, b, z, a
    assertThat(q1.tiesAtCutoff()).containsExactly(entry(5, 2)); // é 4, d 4 at ranks 5 and 6
    assertThat(r.row("q2").firstRelevantRank()).isEqualTo(2); // y, x as given
  }

  @Test
  void cuts_each_ranking_at_the_depth_but_counts_every_returned_entry() {
    RunResult r = assertAgree(protocol(Policy.trecEval().withDepth(3)), RUN);
    QueryResult q1 = r.row("q1");
    assertThat(q1.returned()).isEqualTo(6);
    assertThat(q1.value(m("NumRet"))).isEqualTo(Value.of(3));
    assertThat(q1.unjudged()).isZero(); // z is ranked fifth
    assertThat(q1.tiesAtCutoff()).containsExactly(entry(1, 2), entry(3, 2)); // 4 and 5 lie past the depth
    QueryResult deeper = assertAgree(protocol(Policy.trecEval().withDepth(5)), RUN).row("q1");
    assertThat(deeper.unjudged()).isEqualTo(1);
    assertThat(deeper.tiesAtCutoff()).containsExactly(entry(1, 2), entry(3, 2), entry(5, 2));
  }

  @Test
  void counts_relevance_from_the_threshold() {
    RunResult r = assertAgree(protocol(Policy.trecEval().withRelevanceThreshold(2)), RUN);
    assertThat(r.row("q1").relevant()).isEqualTo(2); // é (3), a (2)
    assertThat(r.row("q2").relevant()).isZero();
    assertThat(r.noRelevantQueries()).containsExactly("q2", "q3", "q4");
    RunResult given = assertAgree(protocol(Policy.trecEval().withRelevanceThreshold(2).withOrdering(Ordering.GIVEN)), RUN);
    assertThat(given.row("q1").firstRelevantRank()).isEqualTo(4); // c, b, z, a
  }

  @Test
  void leaves_queries_without_relevant_documents_out_of_relevance_measures_when_told_to() {
    RunResult r = assertAgree(protocol(Policy.trecEval().withNoRelevant(NoRelevant.EXCLUDE)), RUN);
    assertThat(r.row("q3").value(m("AP"))).isNull();
    assertThat(r.row("q3").value(m("NumRet"))).isEqualTo(Value.of(1));
    assertThat(r.row("q1").value(m("AP"))).isNotNull();
    assertThat(r.summary(m("AP")).count()).isEqualTo(2);
  }

  @Test
  void scores_a_run_of_three_columns_by_minus_the_rank() {
    String run = "q1\tc\t3\nq1\tb\t1\nq1\td\t2\nq2\tx\t0\n";
    RunResult r = assertAgree(protocol(Policy.trecEval()), run);
    assertThat(r.runName()).isEqualTo("run.txt");
    assertThat(r.row("q1").firstRelevantRank()).isEqualTo(1); // b (rank 1), then d, then c
    assertThat(r.row("q1").value(m("P@2"))).isEqualTo(Value.of(1, 2));
  }

  @Test
  void names_the_run_after_the_option_when_given() {
    RunResult r = assertAgree(protocol(Policy.trecEval()), RUN, TrecRunOptions.DEFAULT.withName("mine"));
    assertThat(r.runName()).isEqualTo("mine");
  }

  @Test
  void lists_unknown_queries_in_file_order_once_each() {
    String run = RUN + "q9 Q0 a 1 1 t\nq7 Q0 a 1 1 t\n";
    RunResult r = assertAgree(protocol(Policy.trecEval()), run);
    assertThat(r.ignoredQueries()).containsExactly("q5", "q9", "q7");
  }

  // ---- errors -------------------------------------------------------------------------------------

  @Test
  void reports_a_duplicate_document_with_both_lines_counted_across_blocks() {
    String run = RUN.replace("q3 Q0 n 1 1 t\n", "q3 Q0 n 1 1 t\nq3 Q0 m 2 1 t\nq3 Q0 n 3 1 t\n");
    assertThat(error(Policy.trecEval(), run)).isInstanceOf(ProtocolViolationException.class).hasMessage(
        "run.txt:12: duplicate document ID; deduplicate upstream explicitly (query \"q3\": document \"n\" on line 12 repeats line 10)");
  }

  @Test
  void reports_the_duplicate_whose_repetition_comes_first_in_the_file() {
    String run = "q1 Q0 a 1 1 t\nq1 Q0 b 2 1 t\nq1 Q0 b 3 1 t\nq1 Q0 a 4 1 t\nq2 Q0 x 1 1 t\nq2 Q0 x 1 1 t\n";
    assertThat(error(Policy.trecEval(), run)).hasMessageEndingWith("(query \"q1\": document \"b\" on line 3 repeats line 2)");
  }

  @Test
  void reports_a_duplicate_before_an_unknown_query_or_an_unjudged_document() {
    String run = "q5 Q0 a 1 1 t\nq1 Q0 z 1 1 t\nq2 Q0 x 1 1 t\nq2 Q0 x 2 1 t\n";
    assertThat(error(Policy.strict(), run)).hasMessageEndingWith("(query \"q2\": document \"x\" on line 4 repeats line 3)");
  }

  @Test
  void reports_a_malformed_line_before_an_earlier_duplicate() {
    String run = RUN.replace("q2 Q0 x 2 0 t", "q2 Q0 y 2 0 t") + "q6 Q0 a 1 1.5x t\n";
    assertThat(error(Policy.trecEval(), run)).isInstanceOf(InputSyntaxException.class).hasMessage(
        "run.txt:11: score must be a finite decimal number (got \"1.5x\"; expected digits with an optional sign,"
            + " decimal point and exponent, such as 12.5, -3 or 1.5e-05)");
  }

  @Test
  void reports_the_first_malformed_line_of_a_later_block_at_its_line_in_the_file() {
    assertThat(error(Policy.trecEval(), RUN + "q6 Q0 a 1 1 other\n")).isInstanceOf(InputSyntaxException.class)
        .hasMessageStartingWith("run.txt:11: run tag differs from the first line's");
    assertThat(error(Policy.trecEval(), RUN + "q6 Q0 a 1 1\n")).hasMessageStartingWith("run.txt:11: wrong number of columns");
    assertThat(error(Policy.trecEval(), RUN.replace("q2 Q0 x 2 0 t", "q2 Q0 x two 0 t")))
        .hasMessageStartingWith("run.txt:8: rank");
  }

  @Test
  void rejects_the_first_unknown_query_in_file_order_when_told_to() {
    String run = RUN + "q8 Q0 a 1 1 t\n";
    assertThat(error(Policy.trecEval().withUnknownQueries(UnknownQueries.ERROR), run))
        .isInstanceOf(ProtocolViolationException.class)
        .hasMessage("run.txt:9: unknown or wrong-split query (query \"q5\" is not in the query set (split test); to list"
            + " such queries instead of rejecting the run, declare the unknown-queries rule 'list')");
  }

  @Test
  void reports_the_first_unjudged_document_of_the_first_query_in_query_set_order() {
    // q1 has z (line 3) unjudged, q2 has y (line 7); the query set puts q2 first
    EvalProtocol protocol = Protocols.protocol(QRELS, List.of("q2", "q1", "q3"), null,
        Policy.trecEval().withJudgments(Judgments.EXHAUSTIVE), MEASURES);
    String run = RUN.replace("q5 Q0 a 1 1 t\n", "");
    assertThat(errorOf(protocol, run)).isInstanceOf(ProtocolViolationException.class)
        .hasMessage("run.txt:7: unjudged or unknown documents: exhaustive qrels required (query \"q2\": document \"y\" has no judgment; to count unjudged"
            + " documents as non-relevant, declare pooled judgments)");
    EvalProtocol fileOrder = Protocols.protocol(QRELS, List.of("q1", "q2", "q3"), null,
        Policy.trecEval().withJudgments(Judgments.EXHAUSTIVE), MEASURES);
    assertThat(errorOf(fileOrder, run + "q3 Q0 w 2 1 t\n")).hasMessageStartingWith("run.txt:3: unjudged or unknown documents");
  }

  @Test
  void reports_a_document_outside_the_corpus_before_checking_judgments() {
    Corpus corpus = Protocols.corpus("a", "b");
    Map<String, Map<String, Integer>> qrels = ordered("q1", row("a", 1, "b", 0), "q2", row("b", 1, "a", 0));
    EvalProtocol protocol = Protocols.protocol(qrels, List.of("q2", "q1"), corpus, Policy.strict(), "P@2");
    String run = "q1 Q0 a 1 1 t\nq1 Q0 c 2 1 t\nq2 Q0 b 1 1 t\nq2 Q0 a 2 1 t\nq2 Q0 e 3 1 t\n";
    assertThat(errorOf(protocol, run)).isInstanceOf(ProtocolViolationException.class)
        .hasMessage("run.txt:5: unknown document ID (query \"q2\": document \"e\" is not in the corpus)");
    EvalProtocol pooled = Protocols.protocol(qrels, List.of("q1", "q2"), corpus, Policy.trecEval(), "P@2");
    assertThat(errorOf(pooled, run)).hasMessageStartingWith("run.txt:2: unknown document");
    RunResult fine = assertAgree(pooled, "q1 Q0 b 1 1 t\nq1 Q0 a 2 1 t\nq2 Q0 b 1 1 t\n");
    assertThat(fine.row("q1").firstRelevantRank()).isEqualTo(2);
    // under pooled judgments the qrels need not cover the corpus
    EvalProtocol partial = Protocols.protocol(ordered("q1", row("a", 1)), List.of("q1"), corpus, Policy.trecEval(), "P@2");
    assertThat(assertAgree(partial, "q1 Q0 b 1 1 t\nq1 Q0 a 2 1 t\n").row("q1").unjudged()).isEqualTo(1);
  }

  @Test
  void reports_qrels_that_do_not_cover_the_corpus_under_exhaustive_judgments() {
    Corpus corpus = Protocols.corpus("a", "b");
    Map<String, Map<String, Integer>> qrels = ordered("q1", row("a", 1, "b", 0), "q2", row("b", 1));
    EvalProtocol protocol = Protocols.protocol(qrels, List.of("q1", "q2"), corpus, Policy.strict(), "P@2");
    assertThat(errorOf(protocol, "q1 Q0 a 1 1 t\nq1 Q0 b 2 1 t\n")).isInstanceOf(ProtocolViolationException.class)
        .hasMessageContaining("query \"q2\" is not judged against every corpus document (1 of 2)");
    // a document outside the corpus is no policy's to accept: it is reported alone, before the coverage
    assertThat(errorOf(protocol, "q1 Q0 a 1 1 t\nq1 Q0 c 2 1 t\n"))
        .hasMessage("run.txt:2: unknown document ID (query \"q1\": document \"c\" is not in the corpus)");
  }

  @Test
  void returns_a_violation_of_the_protocol_in_the_outcome_instead_of_throwing_it() {
    StreamingEvaluation.Outcome outcome = Streams.streamed(protocol(Policy.strict()), RUN, TrecRunOptions.DEFAULT, 1,
        1, true);
    assertThat(outcome.result()).isNull();
    assertThat(outcome.violation()).hasMessageStartingWith(SEVERAL + "run.txt:9: unknown or wrong-split query");
    assertThatThrownBy(outcome::get).isSameAs(outcome.violation());
  }

  @Test
  void reports_an_empty_query_set_in_the_outcome_after_reading_the_run() {
    EvalProtocol protocol = Protocols.protocol(QRELS, List.of(), null, Policy.trecEval(), MEASURES);
    StreamingEvaluation.Outcome outcome = Streams.streamed(protocol, RUN, TrecRunOptions.DEFAULT, 2, 1, true);
    assertThat(outcome.violation()).hasMessage("split has no queries (the query set (split test) is empty)");
    assertThat(errorOf(protocol, RUN)).hasMessage(outcome.violation().getMessage());
  }

  @Test
  void rejects_an_empty_run_as_reading_whole_does() {
    assertThat(error(Policy.trecEval(), "")).isInstanceOf(InputSyntaxException.class)
        .hasMessage("run.txt: empty run (no lines; expected lines \"qid Q0 docid rank score tag\" or \"qid docid rank\")");
  }

  @Test
  void reads_a_run_not_grouped_by_query_again_whole_when_it_can() {
    String run = RUN + "q1 Q0 w 7 0.5 t\nq5 Q0 b 2 1 t\n";
    RunResult r = assertAgree(protocol(Policy.trecEval()), run);
    assertThat(r.row("q1").returned()).isEqualTo(7);
    assertThat(r.ignoredQueries()).containsExactly("q5");
  }

  @Test
  void reports_a_violation_of_a_run_read_again_whole_as_reading_whole_does() {
    String run = RUN + "q1 Q0 w 7 0.5 t\n";
    assertThat(error(Policy.strict(), run)).isInstanceOf(ProtocolViolationException.class)
        .hasMessageStartingWith(SEVERAL + "run.txt:9: unknown or wrong-split query");
    StreamingEvaluation.Outcome outcome = Streams.streamed(protocol(Policy.strict()), run, TrecRunOptions.DEFAULT, 1,
        1, true);
    assertThat(outcome.violation()).hasMessageStartingWith(SEVERAL + "run.txt:9: unknown or wrong-split query");
  }

  @Test
  void refuses_a_run_not_grouped_by_query_that_cannot_be_read_again_at_the_line_where_a_query_comes_back() {
    for (String back : new String[] {"q2 Q0 w 3 0.5 t\n", "q5 Q0 w 2 0.5 t\n"}) {
      for (int threads : new int[] {1, 2}) {
        assertThatThrownBy(() -> Streams.streamed(protocol(Policy.trecEval()), RUN + back + "q4 Q0 a 1 1 t\n",
            TrecRunOptions.DEFAULT, threads, 1, false))
            .isInstanceOf(RunNotGroupedException.class)
            .hasMessage("run.txt:11: query \"" + back.substring(0, 2) + "\" comes back after other queries: the run is"
                + " not grouped by query, and run.txt cannot be read twice");
      }
    }
  }

  @Test
  void still_reports_a_malformed_line_after_a_query_comes_back_in_a_run_that_cannot_be_read_again() {
    String run = RUN + "q1 Q0 w 7 0.5 t\nq6 Q0 v 8 x t\n"; // the malformed line in a later block
    for (int threads : new int[] {1, 2}) {
      assertThatThrownBy(() -> Streams.streamed(protocol(Policy.trecEval()), run, TrecRunOptions.DEFAULT, threads, 1,
          false)).isInstanceOf(InputSyntaxException.class).hasMessageStartingWith("run.txt:12: score");
    }
  }

  @Test
  void names_the_first_query_that_comes_back() {
    String run = RUN + "q2 Q0 w 3 0.5 t\nq1 Q0 w 7 0.5 t\n";
    for (int threads : new int[] {1, 2}) {
      assertThatThrownBy(() -> Streams.streamed(protocol(Policy.trecEval()), run, TrecRunOptions.DEFAULT, threads, 1,
          false)).isInstanceOf(RunNotGroupedException.class).hasMessageStartingWith("run.txt:11: query \"q2\" comes back");
    }
  }

  @Test
  void ignores_duplicates_and_violations_after_a_query_comes_back() {
    // once the run is known not to be grouped, only a malformed line can still come first
    String run = RUN + "q1 Q0 w 7 0.5 t\nq6 Q0 a 1 1 t\nq6 Q0 a 2 1 t\n";
    assertThatThrownBy(() -> Streams.streamed(protocol(Policy.strict()), run, TrecRunOptions.DEFAULT, 1, 1, false))
        .isInstanceOf(RunNotGroupedException.class);
  }

  // ---- helpers ------------------------------------------------------------------------------------

  /** The error both paths give (asserted equal), under the fixture's protocol with {@code policy}. */
  static Throwable error(Policy policy, String run) {
    return errorOf(protocol(policy), run);
  }

  static Throwable errorOf(EvalProtocol protocol, String run) {
    Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> Streams.whole(protocol, run));
    assertThat(t).as("reading whole").isNotNull();
    assertAgree(protocol, run);
    return t;
  }
}
