package dev.caliber.eval;

import static dev.caliber.eval.Protocols.corpus;
import static dev.caliber.eval.Protocols.docs;
import static dev.caliber.eval.Protocols.ordered;
import static dev.caliber.eval.Protocols.protocol;
import static dev.caliber.eval.Protocols.row;
import static dev.caliber.eval.Protocols.run;
import static dev.caliber.eval.Protocols.scored;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.entry;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Remedy;
import dev.caliber.error.Violations;
import dev.caliber.io.read.JsonReader;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The general evaluator under each policy: what an unjudged document, an unknown run query, a query
 * without relevant documents and a missing query mean; depth; duplicates; ties at a cutoff; means.
 */
class EvaluationTest {
  private static final Policy POOLED = Policy.strict().withJudgments(Judgments.POOLED);

  private static Measure m(String name) {
    return Measures.parse(name);
  }

  private static String value(RunResult r, String query, String measure) {
    Value v = r.row(query).value(m(measure));
    return v == null ? null : v.toString();
  }

  @Nested
  class Judgments_policy {
    private final Map<String, Map<String, Integer>> qrels = ordered("q1", row("d1", 1, "d2", 0));

    @Test
    void should_reject_an_unjudged_ranked_document_under_exhaustive_judgments_and_name_the_remedy() {
      // GIVEN d9 ranked first, never judged
      EvalProtocol p = protocol(qrels, List.of("q1"), null, Policy.strict(), "P@1");
      ScoredRun r = run("q1", List.of("d9", "d1"));
      // WHEN / THEN
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> Evaluation.evaluate(p, r))
          .withMessage("unjudged or unknown documents: exhaustive qrels required (query \"q1\": document \"d9\" has no"
              + " judgment; to count unjudged documents as non-relevant, declare pooled judgments)")
          .satisfies(e -> assertThat(e.reason()).isEqualTo(Violations.UNJUDGED))
          .satisfies(e -> assertThat(e.remedy()).isEqualTo(Remedy.POOLED_JUDGMENTS));
    }

    @Test
    void should_count_an_unjudged_document_as_non_relevant_under_pooled_judgments_and_count_it_in_the_row() {
      // GIVEN
      EvalProtocol p = protocol(qrels, List.of("q1"), null, POOLED, "P@1", "RR", "Judged@2", "NumRet");
      // WHEN
      RunResult result = Evaluation.evaluate(p, run("q1", List.of("d9", "d1")));
      // THEN
      assertThat(value(result, "q1", "P@1")).isEqualTo("0");
      assertThat(value(result, "q1", "RR")).isEqualTo("1/2");
      assertThat(value(result, "q1", "Judged@2")).isEqualTo("1/2");
      assertThat(value(result, "q1", "NumRet")).isEqualTo("2");
      assertThat(result.row("q1").unjudged()).isEqualTo(1);
      assertThat(result.row("q1").relevant()).isEqualTo(1);
    }

    @Test
    void should_count_unjudged_documents_only_within_the_depth() {
      EvalProtocol p = protocol(qrels, List.of("q1"), null, POOLED.withDepth(1), "P@1");
      RunResult result = Evaluation.evaluate(p, run("q1", List.of("d1", "d9")));
      assertThat(result.row("q1").unjudged()).isZero();
      assertThat(result.row("q1").returned()).isEqualTo(2);
    }

    @Test
    void should_require_every_query_of_the_set_judged_against_every_corpus_document_under_exhaustive() {
      // GIVEN a corpus of three documents; q1 judges two of them and q2 none; the run ranks judged ones
      Map<String, Map<String, Integer>> partial = ordered("q1", row("d1", 1, "d2", 0));
      EvalProtocol p = protocol(partial, List.of("q1"), corpus("d1", "d2", "d3"), Policy.strict(), "P@1");
      EvalProtocol missingRow = protocol(partial, List.of("q1", "q2"),
          corpus("d1", "d2"), Policy.strict(), "P@1");
      // THEN
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> Evaluation.evaluate(p, run("q1", List.of("d1"))))
          .withMessage("unjudged or unknown documents: exhaustive qrels required (query \"q1\" is not judged against"
              + " every corpus document (2 of 3); to count unjudged documents as non-relevant, declare pooled"
              + " judgments)");
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> Evaluation.evaluate(missingRow, run("q1", List.of("d1"))))
          .withMessageContaining("query \"q2\" is not judged against every corpus document (0 of 2)");
    }

    @Test
    void should_require_the_full_corpus_judged_even_for_a_query_the_run_does_not_answer() {
      EvalProtocol p = protocol(ordered("q1", row("d1", 1, "d2", 0), "q2", row("d1", 1)), List.of("q1", "q2"),
          corpus("d1", "d2"), Policy.strict(), "P@1");
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> Evaluation.evaluate(p, run("q1", List.of("d1"))))
          .withMessageContaining("query \"q2\" is not judged against every corpus document (1 of 2)");
    }

    @Test
    void should_accept_a_partly_judged_corpus_under_pooled_judgments() {
      EvalProtocol p = protocol(qrels, List.of("q1"), corpus("d1", "d2", "d3"), POOLED, "P@2");
      RunResult result = Evaluation.evaluate(p, run("q1", List.of("d3", "d1")));
      assertThat(value(result, "q1", "P@2")).isEqualTo("1/2");
      assertThat(result.row("q1").unjudged()).isEqualTo(1);
    }

    @Test
    void should_reject_a_document_outside_the_corpus_even_under_pooled_judgments() {
      EvalProtocol p = protocol(qrels, List.of("q1"), corpus("d1", "d2"), POOLED, "P@1");
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> Evaluation.evaluate(p, run("q1", List.of("d1", "d9"))))
          .withMessage("unknown document ID (query \"q1\": document \"d9\" is not in the corpus)");
    }
  }

  @Nested
  class Unknown_queries_policy {
    private final Map<String, Map<String, Integer>> qrels = ordered("q1", row("d1", 1), "q9", row("d1", 1));

    @Test
    void should_reject_a_run_query_outside_the_query_set_and_name_the_remedy() {
      EvalProtocol p = protocol(qrels, List.of("q1"), null, Policy.strict(), "RR");
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> Evaluation.evaluate(p, run("q1", List.of("d1"), "q9", List.of("d1"))))
          .withMessage("unknown or wrong-split query (query \"q9\" is not in the query set (split test); to list such"
              + " queries instead of rejecting the run, declare the unknown-queries rule 'list')")
          .satisfies(e -> assertThat(e.reason()).isEqualTo(Violations.WRONG_SPLIT_QUERY))
          .satisfies(e -> assertThat(e.remedy()).isEqualTo(Remedy.LIST_UNKNOWN_QUERIES));
    }

    @Test
    void should_list_a_run_query_outside_the_query_set_and_not_score_it_under_list() {
      // GIVEN
      EvalProtocol p = protocol(qrels, List.of("q1"), null, Policy.strict().withUnknownQueries(UnknownQueries.LIST), "RR");
      // WHEN
      RunResult result = Evaluation.evaluate(p, run("q9", List.of("d1"), "q1", List.of("d1"), "q8", List.of()));
      // THEN
      assertThat(result.ignoredQueries()).containsExactly("q9", "q8");
      assertThat(result.rows()).extracting(QueryResult::query).containsExactly("q1");
      assertThat(result.row("q9")).isNull();
      assertThat(result.summary(m("RR")).count()).isEqualTo(1);
      assertThat(Evaluation.validate(p, run("q1", List.of("d1"), "q9", List.of()))).containsExactly("q9");
    }

    @Test
    void should_list_nothing_when_every_run_query_is_in_the_set() {
      EvalProtocol p = protocol(qrels, List.of("q1"), null, Policy.trecEval(), "RR");
      assertThat(Evaluation.evaluate(p, run("q1", List.of("d1"))).ignoredQueries()).isEmpty();
    }
  }

  @Nested
  class No_relevant_policy {
    /** q1 has a relevant document; q2 judges only non-relevant ones; q3 is not judged at all. */
    private final Map<String, Map<String, Integer>> qrels = ordered("q1", row("d1", 1, "d2", 0), "q2", row("d1", 0, "d2", 0));
    private final ScoredRun answers = run("q1", List.of("d2", "d1"), "q2", List.of("d1"));

    @Test
    void should_exclude_a_query_without_relevant_documents_from_the_means_that_need_them() {
      // GIVEN
      EvalProtocol p = protocol(qrels, List.of("q1", "q2"), null, Policy.strict(), "RR", "R@1", "NumRet", "Judged@1");
      // WHEN
      RunResult result = Evaluation.evaluate(p, answers);
      // THEN q2's values are null where the measure needs relevant documents, and it leaves those means
      assertThat(result.row("q2").values()).containsExactly(
          entry(m("RR"), null), entry(m("R@1"), null), entry(m("NumRet"), Value.of(1)), entry(m("Judged@1"), Value.of(1)));
      assertThat(result.summary(m("RR")).count()).isEqualTo(1);
      assertThat(result.summary(m("RR")).mean()).isEqualTo(Fraction.of(1, 2));
      assertThat(result.summary(m("NumRet")).count()).isEqualTo(2);
      assertThat(result.noRelevantQueries()).containsExactly("q2");
    }

    @Test
    void should_score_a_query_without_relevant_documents_as_zero_and_count_it_under_zero() {
      EvalProtocol p = protocol(qrels, List.of("q1", "q2"), null, Policy.strict().withNoRelevant(NoRelevant.ZERO),
          "RR", "R@1");
      RunResult result = Evaluation.evaluate(p, answers);
      assertThat(value(result, "q2", "RR")).isEqualTo("0");
      assertThat(value(result, "q2", "R@1")).isEqualTo("0");
      assertThat(result.summary(m("RR")).count()).isEqualTo(2);
      assertThat(result.summary(m("RR")).mean()).isEqualTo(Fraction.of(1, 4));
      // still listed: the reader should know why the query scored 0
      assertThat(result.noRelevantQueries()).containsExactly("q2");
    }

    @Test
    void should_treat_a_query_of_the_set_without_any_judgment_as_having_no_relevant_documents() {
      EvalProtocol p = protocol(qrels, List.of("q1", "q3"), null, POOLED, "RR");
      RunResult result = Evaluation.evaluate(p, run("q1", List.of("d1"), "q3", List.of("d7")));
      assertThat(value(result, "q3", "RR")).isNull();
      assertThat(result.row("q3").unjudged()).isEqualTo(1);
      assertThat(result.noRelevantQueries()).containsExactly("q3");
    }

    @Test
    void should_decide_exclusion_per_measure_at_its_own_relevance_level() {
      // GIVEN q1's only relevant document has label 1: none at level 2
      EvalProtocol p = protocol(qrels, List.of("q1"), null, Policy.strict(), "RR", "RR(rel=2)");
      RunResult result = Evaluation.evaluate(p, run("q1", List.of("d1")));
      assertThat(value(result, "q1", "RR")).isEqualTo("1");
      assertThat(value(result, "q1", "RR(rel=2)")).isNull();
      assertThat(result.summary(m("RR(rel=2)")).count()).isZero();
      // the list uses the protocol's threshold
      assertThat(result.noRelevantQueries()).isEmpty();
    }
  }

  @Nested
  class Missing_queries {
    @Test
    void should_score_a_missing_query_as_an_empty_ranking_count_it_and_list_it() {
      // GIVEN three queries; the run answers q1, gives q2 an empty list and says nothing of q3
      Map<String, Map<String, Integer>> qrels = ordered("q1", row("d1", 1), "q2", row("d1", 1), "q3", row("d1", 1));
      EvalProtocol p = protocol(qrels, List.of("q1", "q2", "q3"), null, Policy.strict(), "R@1");
      // WHEN
      RunResult result = Evaluation.evaluate(p, run("q1", List.of("d1"), "q2", List.of()));
      // THEN
      assertThat(result.missingQueries()).containsExactly("q3");
      assertThat(result.row("q3").missing()).isTrue();
      assertThat(result.row("q2").missing()).isFalse();
      assertThat(result.row("q3").returned()).isZero();
      assertThat(value(result, "q3", "R@1")).isEqualTo("0");
      assertThat(result.summary(m("R@1")).count()).isEqualTo(3);
      assertThat(result.summary(m("R@1")).mean()).isEqualTo(Fraction.of(1, 3));
    }

    @Test
    void should_keep_the_query_set_s_order_in_the_rows_whatever_the_run_s_order() {
      Map<String, Map<String, Integer>> qrels = ordered("q1", row("d1", 1), "q2", row("d1", 1), "q3", row("d1", 1));
      EvalProtocol p = protocol(qrels, List.of("q3", "q1", "q2"), null, Policy.strict(), "R@1");
      RunResult result = Evaluation.evaluate(p, run("q2", List.of("d1"), "q1", List.of("d1")));
      assertThat(result.rows()).extracting(QueryResult::query).containsExactly("q3", "q1", "q2");
      assertThat(result.missingQueries()).containsExactly("q3");
    }

    @Test
    void should_reject_an_empty_query_set() {
      EvalProtocol p = protocol(ordered("q1", row("d1", 1)), List.of(), null, Policy.strict(), "R@1");
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> Evaluation.evaluate(p, run()))
          .withMessage("split has no queries (the query set (split test) is empty)");
    }

    @Test
    void should_reject_an_empty_query_set_without_a_split_without_naming_one() {
      EvalProtocol p = new EvalProtocol(dev.caliber.protocol.Qrels.of(ordered("q1", row("d1", 1))), List.of(),
          "the judged queries that r.txt answers", null, Policy.trecEval(), List.of(dev.caliber.measure.Measures.parse("AP")));
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> Evaluation.evaluate(p, run()))
          .withMessage("no queries to evaluate (the query set (the judged queries that r.txt answers) is empty; expected at"
              + " least one query)");
    }
  }

  @Nested
  class Depth {
    @Test
    void should_evaluate_only_the_first_n_documents() {
      // GIVEN the only relevant document at rank 3 and depth 2
      EvalProtocol p = protocol(ordered("q1", row("d1", 1, "d2", 0, "d3", 0)), List.of("q1"), null,
          Policy.strict().withDepth(2), "R@10", "RR", "NumRet", "NumRelRet", "P@10");
      // WHEN
      RunResult result = Evaluation.evaluate(p, run("q1", List.of("d2", "d3", "d1")));
      // THEN
      assertThat(value(result, "q1", "R@10")).isEqualTo("0");
      assertThat(value(result, "q1", "RR")).isEqualTo("0");
      assertThat(value(result, "q1", "NumRet")).isEqualTo("2");
      assertThat(value(result, "q1", "NumRelRet")).isEqualTo("0");
      assertThat(value(result, "q1", "P@10")).isEqualTo("0");
      assertThat(result.row("q1").returned()).isEqualTo(3);
      assertThat(result.row("q1").firstRelevantRank()).isNull();
    }

    @Test
    void should_cut_after_ordering_by_score() {
      // GIVEN entries in file order d1 (score 1), d2 (score 3), d3 (score 2); d1 relevant; depth 2
      EvalProtocol p = protocol(ordered("q1", row("d1", 1, "d2", 0, "d3", 0)), List.of("q1"), null,
          Policy.trecEval().withDepth(2), "R@10", "NumRet");
      ScoredRun r = ScoredRun.of("r", ordered("q1", scored(docs("d1", "d2", "d3"), 1, 3, 2)), Origin.NONE);
      // WHEN / THEN the depth keeps d2 and d3: the file's first entry is cut
      RunResult result = Evaluation.evaluate(p, r);
      assertThat(value(result, "q1", "R@10")).isEqualTo("0");
      assertThat(value(result, "q1", "NumRet")).isEqualTo("2");
    }
  }

  @Nested
  class Duplicates {
    private ScoredRun jsonRun(String json) throws IOException {
      return ProtocolFiles.scoredRun("run",
          JsonReader.parse("run.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void should_reject_a_document_ranked_twice_with_its_location() throws IOException {
      EvalProtocol p = protocol(ordered("q1", row("d1", 1, "d2", 0)), List.of("q1"), null, Policy.trecEval(), "P@1");
      ScoredRun r = jsonRun("{\"q1\": [\"d1\", \"d2\", \"d1\"]}");
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> Evaluation.evaluate(p, r))
          .withMessage("run.json:1:21: $.q1[2]: duplicate document ID; deduplicate upstream explicitly"
              + " (query \"q1\": document \"d1\" at entry 3 repeats entry 1)")
          .satisfies(e -> assertThat(e.reason()).isEqualTo(Violations.DUPLICATE_DOCUMENT));
    }

    @Test
    void should_reject_a_duplicate_even_beyond_the_depth() throws IOException {
      EvalProtocol p = protocol(ordered("q1", row("d1", 1, "d2", 0)), List.of("q1"), null,
          Policy.trecEval().withDepth(1), "P@1");
      assertThatExceptionOfType(ProtocolViolationException.class)
          .isThrownBy(() -> Evaluation.evaluate(p, jsonRun("{\"q1\": [\"d1\", \"d2\", \"d2\"]}")))
          .withMessageEndingWith("(query \"q1\": document \"d2\" at entry 3 repeats entry 2)");
    }
  }

  @Nested
  class Ties_at_the_cutoff {
    private final EvalProtocol p = protocol(ordered("q1", row("d01", 1)), List.of("q1"), null, Policy.trecEval(), "P@10",
        "RR");

    private RunResult scoredWith(double... scores) {
      String[] ids = new String[scores.length];
      for (int i = 0; i < ids.length; i++) {
        ids[i] = String.format("d%02d", i + 1);
      }
      return Evaluation.evaluate(p, ScoredRun.of("r", ordered("q1", scored(ids, scores)), Origin.NONE));
    }

    @Test
    void should_report_the_size_of_a_tie_group_that_straddles_the_cutoff() {
      // GIVEN 12 entries: 8 distinct scores, then 4 tied at ranks 9 to 12, across the cutoff 10
      RunResult result = scoredWith(12, 11, 10, 9, 8, 7, 6, 5, 1, 1, 1, 1);
      assertThat(result.row("q1").tiesAtCutoff()).containsExactly(entry(10, 4));
    }

    @Test
    void should_report_nothing_when_the_cut_falls_between_different_scores() {
      // ranks 9 and 10 tied, rank 11 lower: the group ends at the cutoff
      assertThat(scoredWith(12, 11, 10, 9, 8, 7, 6, 5, 2, 2, 1, 1).row("q1").tiesAtCutoff()).isEmpty();
      assertThat(scoredWith(12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1).row("q1").tiesAtCutoff()).isEmpty();
    }

    @Test
    void should_report_nothing_when_the_ranking_ends_at_or_before_the_cutoff() {
      assertThat(scoredWith(1, 1, 1, 1, 1, 1, 1, 1, 1, 1).row("q1").tiesAtCutoff()).isEmpty();
      assertThat(scoredWith(1, 1, 1).row("q1").tiesAtCutoff()).isEmpty();
    }

    @Test
    void should_treat_the_depth_as_a_cutoff_too() {
      EvalProtocol deep = new EvalProtocol(p.qrels(), p.querySet(), "set", null, Policy.trecEval().withDepth(2),
          Protocols.measures("RR"));
      RunResult result = Evaluation.evaluate(deep,
          ScoredRun.of("r", ordered("q1", scored(docs("d01", "d02", "d03"), 5, 4, 4)), Origin.NONE));
      assertThat(result.row("q1").tiesAtCutoff()).containsExactly(entry(2, 2));
    }
  }

  @Nested
  class Means {
    @Test
    void should_keep_the_exact_mean_beside_trec_eval_s_double_mean_and_sum() {
      // GIVEN P@10 = 1/10 on q1 and 2/10 on q2
      EvalProtocol p = protocol(ordered("q1", row("d1", 1, "d2", 0), "q2", row("d1", 1, "d2", 1)), List.of("q1", "q2"),
          null, Policy.strict(), "P@10");
      // WHEN
      MeasureSummary s = Evaluation.evaluate(p, run("q1", List.of("d1", "d2"), "q2", List.of("d1", "d2")))
          .summary(m("P@10"));
      // THEN exact (1/10 + 1/5) / 2 = 3/20; in doubles 0.1 + 0.2 = 0.30000000000000004, / 2
      assertThat(s.measure()).isEqualTo(m("P@10"));
      assertThat(s.count()).isEqualTo(2);
      assertThat(s.mean()).isEqualTo(Fraction.of(3, 20));
      assertThat(s.mean().doubleValue()).isEqualTo(0.15);
      assertThat(s.decimalSum()).isEqualTo(0.30000000000000004);
      assertThat(s.decimalMean()).isEqualTo(0.15000000000000002);
    }

    @Test
    void should_give_only_a_double_mean_for_ndcg() {
      EvalProtocol p = protocol(ordered("q1", row("d1", 1, "d2", 0), "q2", row("d1", 1)), List.of("q1", "q2"),
          null, Policy.strict(), "nDCG", "RR");
      RunResult result = Evaluation.evaluate(p, run("q1", List.of("d2", "d1"), "q2", List.of("d1")));
      MeasureSummary ndcg = result.summary(m("nDCG"));
      double q1 = result.row("q1").value(m("nDCG")).decimal();
      assertThat(ndcg.mean()).isNull();
      assertThat(ndcg.decimalSum()).isEqualTo(q1 + 1.0);
      assertThat(ndcg.decimalMean()).isEqualTo((q1 + 1.0) / 2);
      // RR: 1/2 and 1 give 3/4
      assertThat(result.summary(m("RR")).mean()).isEqualTo(Fraction.of(3, 4));
    }

    @Test
    void should_give_no_mean_when_every_query_is_excluded() {
      EvalProtocol p = protocol(ordered("q1", row("d1", 0)), List.of("q1"), null, Policy.strict(), "RR");
      MeasureSummary s = Evaluation.evaluate(p, run("q1", List.of("d1"))).summary(m("RR"));
      assertThat(s.count()).isZero();
      assertThat(s.mean()).isNull();
      assertThat(s.decimalMean()).isNaN();
      assertThat(s.decimalSum()).isZero();
    }

    @Test
    void should_give_one_summary_per_measure_in_the_protocol_s_order() {
      EvalProtocol p = protocol(ordered("q1", row("d1", 1)), List.of("q1"), null, Policy.strict(), "RR", "P.5,1", "AP");
      RunResult result = Evaluation.evaluate(p, run("q1", List.of("d1")));
      assertThat(result.summaries()).extracting(s -> s.measure().name()).containsExactly("RR", "P@5", "P@1", "AP");
      assertThat(result.measures()).extracting(Measure::name).containsExactly("RR", "P@5", "P@1", "AP");
      assertThat(result.summary(m("nDCG"))).isNull();
      assertThat(result.runName()).isEqualTo("r");
      assertThat(result.protocolSha256()).isEqualTo(p.sha256());
      assertThat(result.protocol()).isSameAs(p);
    }
  }

  @Nested
  class Ordering_policy {
    private final EvalProtocol given = protocol(ordered("q1", row("d1", 1, "d2", 0, "d3", 0)), List.of("q1"), null,
        Policy.strict(), "RR");

    @Test
    void should_rank_by_file_order_under_given_and_by_score_under_score() {
      // GIVEN d1 relevant, last in the file but with the highest score
      RankedList entries = scored(docs("d2", "d3", "d1"), 1, 2, 3);
      ScoredRun r = ScoredRun.of("r", ordered("q1", entries), Origin.NONE);
      EvalProtocol byScore = new EvalProtocol(given.qrels(), given.querySet(), "set", null,
          Policy.strict().withOrdering(Ordering.SCORE), given.measures());
      // THEN
      assertThat(value(Evaluation.evaluate(given, r), "q1", "RR")).isEqualTo("1/3");
      assertThat(value(Evaluation.evaluate(byScore, r), "q1", "RR")).isEqualTo("1");
    }
  }
}
