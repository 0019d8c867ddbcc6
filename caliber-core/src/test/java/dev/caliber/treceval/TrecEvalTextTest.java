package dev.caliber.treceval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.eval.Evaluation;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.report.SmallResults;
import dev.caliber.result.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** trec_eval's text format, byte for byte: what scripts that parse trec_eval's output read. */
class TrecEvalTextTest {
  private static final Policy POOLED = Policy.strict().withJudgments(Judgments.POOLED);
  private static final Policy LISTED = POOLED.withUnknownQueries(UnknownQueries.LIST);

  @Test
  void should_print_the_summary_with_names_padded_to_22_tab_separated() {
    // GIVEN q1 and q2 under trec_eval's policies
    RunResult result = SmallResults.twoQueries(Policy.trecEval());
    // WHEN / THEN runid and num_q first; counts summed as integers; means with 4 decimals; names
    // without a trec_eval equivalent (RR@10) printed canonically
    assertThat(TrecEvalText.render(result, false)).isEqualTo(""
        + "runid                 \tall\tmyrun\n"
        + "num_q                 \tall\t2\n"
        + "P_2                   \tall\t0.2500\n"
        + "num_ret               \tall\t4\n"
        + "ndcg                  \tall\t0.4751\n"
        + "RR@10                 \tall\t0.5000\n");
  }

  /** The run "name" of {@link SmallResults#twoQueries} with the TREC tag {@code tag}. */
  private static RunResult tagged(String name, String tag) {
    RunResult untagged = SmallResults.twoQueries(Policy.trecEval());
    dev.caliber.protocol.ScoredRun plain = dev.caliber.protocol.ScoredRun.of(dev.caliber.protocol.Run.of(name,
        java.util.Map.of("q1", List.of("d3", "d2", "d1"), "q2", List.of("d1"))));
    return Evaluation.evaluate(untagged.protocol(), dev.caliber.protocol.ScoredRun.of(name, tag, plain.asMap(), plain.origin()));
  }

  private static String render(List<RunResult> results) {
    StringBuilder out = new StringBuilder();
    TrecEvalText.render(results, false, out::append);
    return out.toString();
  }

  @Test
  void should_tell_several_runs_sharing_a_tag_apart_by_their_names_in_the_runid_lines() {
    // GIVEN two runs tagged Anserini, as every CACM Anserini run is
    RunResult bm25 = tagged("run.cacm.bm25.txt", "Anserini");
    RunResult ql = tagged("run.cacm.ql.txt", "Anserini");
    // WHEN
    String text = render(List.of(bm25, ql));
    // THEN each block's runid is its run's name, in the order given, and the blocks are otherwise trec_eval's
    assertThat(text.lines().filter(l -> l.startsWith("runid")).toList())
        .containsExactly("runid                 \tall\trun.cacm.bm25.txt", "runid                 \tall\trun.cacm.ql.txt");
    assertThat(text).isEqualTo(TrecEvalText.render(bm25, false).replace("\tAnserini\n", "\trun.cacm.bm25.txt\n")
        + TrecEvalText.render(ql, false).replace("\tAnserini\n", "\trun.cacm.ql.txt\n"));
  }

  @Test
  void should_keep_trec_eval_s_runid_for_one_run_of_a_list() {
    assertThat(render(List.of(tagged("run.cacm.bm25.txt", "Anserini")))).startsWith("runid                 \tall\tAnserini\n");
  }

  @Test
  void should_refuse_runs_it_could_not_tell_apart_or_none() {
    RunResult a = tagged("same", "Anserini");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> render(List.of(a, tagged("same", "other"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal runs: two are named \"same\", names must be unique so that each runid line tells its run");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> render(List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal runs: none given, trec_eval's text needs at least 1");
  }

  @Test
  void should_check_each_run_s_name_among_several_and_its_tag_alone() {
    // GIVEN a name trec_eval's text cannot hold (a blank), with a tag it can
    RunResult blank = tagged("my run", "Anserini");
    // WHEN / THEN alone its tag is the runid and is written; among several its name is refused
    assertThat(render(List.of(blank))).startsWith("runid                 \tall\tAnserini\n");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> render(List.of(blank, tagged("other", "Anserini"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("run name \"my run\" has");
  }

  @Test
  void should_print_the_tag_as_runid_as_trec_eval_does_and_the_name_when_there_is_none() {
    // GIVEN the same run named "myrun", once with the tag Anserini
    RunResult untagged = SmallResults.twoQueries(Policy.trecEval());
    dev.caliber.protocol.ScoredRun plain = dev.caliber.protocol.ScoredRun.of(dev.caliber.protocol.Run.of("myrun",
        java.util.Map.of("q1", List.of("d3", "d2", "d1"), "q2", List.of("d1"))));
    RunResult tagged = Evaluation.evaluate(untagged.protocol(),
        dev.caliber.protocol.ScoredRun.of("myrun", "Anserini", plain.asMap(), plain.origin()));
    // THEN
    assertThat(TrecEvalText.render(tagged, false)).startsWith("runid                 \tall\tAnserini\n");
    assertThat(TrecEvalText.render(untagged, false)).startsWith("runid                 \tall\tmyrun\n");
    assertThat(tagged.runName()).isEqualTo("myrun");
  }

  @Test
  void should_say_which_rule_num_rel_follows_where_c_s_count_and_the_sum_differ() {
    // GIVEN q1 with labels 2, 1, 0 and q2 with 1: three labels above 0, one of them 2 or more
    dev.caliber.protocol.Qrels qrels = dev.caliber.protocol.Qrels.of(java.util.Map.of(
        "q1", java.util.Map.of("a", 2, "b", 1, "c", 0), "q2", java.util.Map.of("d", 1)));
    dev.caliber.protocol.ScoredRun run = dev.caliber.protocol.ScoredRun.of(dev.caliber.protocol.Run.of("r",
        java.util.Map.of("q1", List.of("a"), "q2", List.of("d"))));
    java.util.function.BiFunction<Policy, String, RunResult> eval = (policy, measure) -> Evaluation.evaluate(
        new EvalProtocol(qrels, List.of("q1", "q2"), "both", null, policy, SmallResults.measures(List.of(measure))), run);
    // WHEN num_rel is printed under trec_eval's rules at threshold 2, THEN its line is -c's count, and the note says so
    RunResult two = eval.apply(Policy.trecEval().withRelevanceThreshold(2), "NumRel");
    assertThat(TrecEvalText.render(two, false)).endsWith("num_rel               \tall\t3\n");
    assertThat(TrecEvalView.numRelNote(two)).isEqualTo("num_rel's summary line is trec_eval -c's: 3 judgments with a label"
        + " above 0, whatever the relevance threshold; the sum of the per-query counts of labels >= 2 is 1, which -m"
        + " 'NumRel(rel=2)' prints");
    // and NumRel(rel=2) is the sum, under its own name, with nothing to say
    RunResult named = eval.apply(Policy.trecEval(), "NumRel(rel=2)");
    assertThat(TrecEvalText.render(named, false)).endsWith("NumRel(rel=2)         \tall\t1\n");
    assertThat(TrecEvalView.numRelNote(named)).isNull();
    // nothing where the two agree (threshold 1) or the rules are not trec_eval's
    assertThat(TrecEvalView.numRelNote(eval.apply(Policy.trecEval(), "NumRel"))).isNull();
    assertThat(TrecEvalView.numRelNote(eval.apply(POOLED.withRelevanceThreshold(2), "NumRel"))).isNull();
  }

  @Test
  void should_refuse_an_id_that_would_split_a_line_or_forge_another() {
    // GIVEN IDs a JSON input can hold: a query whose ID would print a forged summary line, a run name with a line end
    dev.caliber.protocol.Qrels qrels = dev.caliber.protocol.Qrels.of(java.util.Map.of("q1", java.util.Map.of("d1", 1),
        "x\tall\t0.9999\nmap", java.util.Map.of("d1", 1)));
    EvalProtocol protocol = new EvalProtocol(qrels, List.of("q1", "x\tall\t0.9999\nmap"), "both", null, POOLED,
        SmallResults.measures(List.of("AP")));
    RunResult forged = Evaluation.evaluate(protocol, dev.caliber.protocol.ScoredRun.of(dev.caliber.protocol.Run.of("r",
        java.util.Map.of("q1", List.of("d2"), "x\tall\t0.9999\nmap", List.of("d2")))));
    EvalProtocol one = new EvalProtocol(qrels, List.of("q1"), "q1", null, POOLED, SmallResults.measures(List.of("AP")));
    RunResult named = Evaluation.evaluate(one, dev.caliber.protocol.ScoredRun.of(
        dev.caliber.protocol.Run.of("my\nrun", java.util.Map.of("q1", List.of("d2")))));
    // THEN refused before a line is written, naming the ID
    org.assertj.core.api.Assertions.assertThatIllegalArgumentException().isThrownBy(() -> TrecEvalText.render(forged, true))
        .withMessage("query ID \"x\\tall\\t0.9999\\nmap\" has a blank: trec_eval's text cannot hold it; write JSON or TSV instead");
    org.assertj.core.api.Assertions.assertThatIllegalArgumentException().isThrownBy(() -> TrecEvalText.requireWritable(named))
        .withMessage("run name \"my\\nrun\" has a blank: trec_eval's text cannot hold it; write JSON or TSV instead");
    StringBuilder nothing = new StringBuilder();
    org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
        .isThrownBy(() -> TrecEvalText.render(named, false, true, nothing::append));
    assertThat(nothing).isEmpty();
  }

  @Test
  void should_print_every_query_s_block_in_query_set_order_before_all_with_q() {
    RunResult result = SmallResults.twoQueries(Policy.trecEval());
    assertThat(TrecEvalText.render(result, true)).isEqualTo(""
        + "P_2                   \tq1\t0.5000\n"
        + "num_ret               \tq1\t3\n"
        + "ndcg                  \tq1\t0.9502\n"
        + "RR@10                 \tq1\t1.0000\n"
        + "P_2                   \tq2\t0.0000\n"
        + "num_ret               \tq2\t1\n"
        + "ndcg                  \tq2\t0.0000\n"
        + "RR@10                 \tq2\t0.0000\n"
        + "runid                 \tall\tmyrun\n"
        + "num_q                 \tall\t2\n"
        + "P_2                   \tall\t0.2500\n"
        + "num_ret               \tall\t4\n"
        + "ndcg                  \tall\t0.4751\n"
        + "RR@10                 \tall\t0.5000\n");
  }

  @Test
  void should_print_no_line_for_a_query_the_policy_excludes_and_average_over_the_rest() {
    // GIVEN q3 without relevant documents, excluded under the strict no-relevant rule
    RunResult result = SmallResults.threeQueries(POOLED);
    String text = TrecEvalText.render(result, true);
    // THEN q3 has only its count line; the means of the other measures are over q1 and q2
    assertThat(text).contains("num_ret               \tq3\t1\n")
        .doesNotContain("P_2                   \tq3")
        .doesNotContain("ndcg                  \tq3")
        .contains("num_q                 \tall\t3\n")
        .contains("P_2                   \tall\t0.2500\n")
        .contains("num_ret               \tall\t5\n");
  }

  @Test
  void should_print_zero_for_a_query_without_relevant_documents_under_trec_eval_s_rule() {
    String text = TrecEvalText.render(SmallResults.threeQueries(Policy.trecEval()), true);
    assertThat(text).contains("P_2                   \tq3\t0.0000\n")
        .contains("P_2                   \tall\t0.1667\n");
  }

  @Test
  void should_leave_out_the_all_line_of_a_measure_without_any_value() {
    // GIVEN only q3, excluded from every measure that needs relevant documents
    RunResult result = Evaluation.evaluate(new EvalProtocol(SmallResults.qrels(),
        List.of("q3"), "q3", null, LISTED, SmallResults.measures(SmallResults.MEASURES)),
        SmallResults.run("only3"));
    assertThat(TrecEvalText.render(result, false)).isEqualTo(""
        + "runid                 \tall\tonly3\n"
        + "num_q                 \tall\t1\n"
        + "num_ret               \tall\t1\n");
  }

  @Test
  void should_pad_nothing_when_a_name_is_22_characters_or_longer() {
    RunResult result = Evaluation.evaluate(new EvalProtocol(SmallResults.qrels(),
        List.of("q1"), "q1", null, LISTED, SmallResults.measures(List.of("NumRelRet(rel=2)",
            "Success(rel=2)@1000000"))), SmallResults.run("r"));
    assertThat(TrecEvalText.render(result, false)).contains("NumRelRet(rel=2)      \tall\t1\n")
        .contains("Success(rel=2)@1000000\tall\t1.0000\n");
  }

  @Test
  void should_print_trec_eval_minus_c_num_rel_summary_under_its_rules_and_the_sum_elsewhere() {
    // GIVEN q1 (labels 1, 0, 2), q2 (0, 1), q3 (0): three judgments above 0, one of them at level 2
    EvalProtocol trecEval = new EvalProtocol(SmallResults.qrels(), List.of("q1", "q2", "q3"), "every query judged",
        null, Policy.trecEval().withRelevanceThreshold(2), SmallResults.measures(List.of("num_rel")));
    EvalProtocol pooled = new EvalProtocol(SmallResults.qrels(), List.of("q1", "q2", "q3"), "every query judged",
        null, LISTED.withRelevanceThreshold(2), SmallResults.measures(List.of("num_rel")));
    RunResult underTrecEval = Evaluation.evaluate(trecEval, SmallResults.run("myrun"));
    RunResult underPooled = Evaluation.evaluate(pooled, SmallResults.run("myrun"));
    // WHEN / THEN each query counts its labels of at least 2 (1, 0, 0); trec_eval -c -l2's summary
    // counts every judgment above 0 (m_num_rel.c); caliber's own summaries keep the sum
    assertThat(TrecEvalText.render(underTrecEval, true)).isEqualTo(""
        + "num_rel               \tq1\t1\n"
        + "num_rel               \tq2\t0\n"
        + "num_rel               \tq3\t0\n"
        + "runid                 \tall\tmyrun\n"
        + "num_q                 \tall\t3\n"
        + "num_rel               \tall\t3\n");
    assertThat(TrecEvalText.render(underPooled, false)).endsWith("num_rel               \tall\t1\n");
    StringBuilder withoutC = new StringBuilder();
    TrecEvalText.render(underTrecEval, false, false, withoutC::append); // trec_eval without -c prints the sum
    assertThat(withoutC.toString()).endsWith("num_rel               \tall\t1\n");
    assertThat(underTrecEval.summaries().get(0).decimalSum()).isEqualTo(1.0);
    assertThat(underTrecEval.protocolSha256()).isNotEqualTo(underPooled.protocolSha256());
  }

  @Test
  void should_count_judgments_above_zero_only_over_the_query_set() {
    EvalProtocol two = new EvalProtocol(SmallResults.qrels(), List.of("q2", "q9"), "two queries", null,
        Policy.trecEval(), SmallResults.measures(List.of("num_rel")));
    assertThat(two.judgmentsAboveZero()).isEqualTo(1);
    assertThat(two.judgmentsAboveZero()).as("counted once, the same the second time").isEqualTo(1);
  }

  @ParameterizedTest(name = "{0} prints as {1}")
  @CsvSource(delimiter = '|', value = {
      // expected values from python3 on this machine: '%.4f' % x, which rounds the exact binary
      // value half to even as glibc's printf does
      "0.00005                  | 0.0001",
      "0.12345                  | 0.1235",
      "2.5e-5                   | 0.0000",
      "0.00015                  | 0.0001",
      "0.00025                  | 0.0003",
      "0.03125                  | 0.0312",
      "0.09375                  | 0.0938",
      "0.15625                  | 0.1562",
      "0.21875                  | 0.2188",
      "0.58335                  | 0.5834",
      "0.12355                  | 0.1235",
      "0.99995                  | 1.0000",
      "1.00005                  | 1.0001",
      "123.45675                | 123.4567",
      "4.9999999999999996e-05   | 0.0000",
      "5e-324                   | 0.0000",
      "0.0                      | 0.0000",
      "1.0                      | 1.0000",
      "0.6666666666666666       | 0.6667",
      "0.15000000000000002      | 0.1500"})
  void should_round_four_decimals_as_c_printf_does_on_the_binary_value(double value, String expected) {
    assertThat(TrecEvalText.fixed4(value)).isEqualTo(expected);
  }
}
