package dev.caliber.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.eval.Evaluation;
import dev.caliber.measure.Value;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * caliber's JSON report: the protocol first, then the means, then every row. Exact values are
 * fraction strings, nDCG a JSON number, excluded values null.
 */
class ResultJsonTest {
  private static final Policy POOLED = Policy.strict().withJudgments(Judgments.POOLED);

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    assertThat(o).isInstanceOf(Map.class);
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Object o) {
    assertThat(o).isInstanceOf(List.class);
    return (List<Object>) o;
  }

  @Test
  void should_put_the_protocol_first_then_the_means_then_the_rows() {
    // GIVEN
    RunResult result = SmallResults.threeQueries(POOLED);
    // WHEN
    Map<String, Object> data = ResultJson.toData(result);
    // THEN
    assertThat(data).containsOnlyKeys("run", "tag", "protocol_sha256", "protocol", "summary", "missing_queries",
        "ignored_queries", "no_relevant_queries", "order_disagreement", "coverage", "rows");
    assertThat(data.keySet()).containsExactly("run", "tag", "protocol_sha256", "protocol", "summary", "missing_queries",
        "ignored_queries", "no_relevant_queries", "order_disagreement", "coverage", "rows");
    assertThat(data.get("run")).isEqualTo("myrun");
    assertThat(data.get("tag")).isNull();
    assertThat(data.get("protocol_sha256")).isEqualTo(result.protocol().sha256());
    Map<String, Object> protocol = map(data.get("protocol"));
    assertThat(protocol.keySet()).containsExactly("query_set", "total_queries", "policy", "measures");
    assertThat(protocol.get("query_set")).isEqualTo("every query judged in qrels.txt (3)");
    assertThat(protocol.get("total_queries")).isEqualTo(3);
    assertThat(protocol.get("policy")).isEqualTo(POOLED.toData());
    assertThat(protocol.get("measures")).isEqualTo(List.of("P@2", "NumRet", "nDCG", "RR@10"));
    assertThat(data.get("missing_queries")).isEqualTo(List.of());
    assertThat(data.get("ignored_queries")).isEqualTo(List.of());
    assertThat(data.get("no_relevant_queries")).isEqualTo(List.of("q3"));
  }

  @Test
  void should_give_exact_means_as_fraction_strings_and_ndcg_s_as_a_number() {
    Map<String, Object> summary = map(ResultJson.toData(SmallResults.threeQueries(POOLED)).get("summary"));
    assertThat(summary.keySet()).containsExactly("P@2", "NumRet", "nDCG", "RR@10");
    assertThat(map(summary.get("P@2"))).containsExactly(
        entry("mean", "1/4"), entry("decimal", 0.25), entry("exact", true), entry("queries", 2));
    assertThat(map(summary.get("NumRet"))).containsExactly(
        entry("mean", "5/3"), entry("decimal", 5.0 / 3.0), entry("exact", true), entry("queries", 3));
    Map<String, Object> ndcg = map(summary.get("nDCG"));
    assertThat(ndcg.keySet()).containsExactly("mean", "decimal", "exact", "queries");
    assertThat(ndcg.get("mean")).isInstanceOf(Double.class).isEqualTo(ndcg.get("decimal"));
    assertThat((Double) ndcg.get("mean")).isCloseTo(0.4751172083949178, within(1e-15));
    assertThat(ndcg.get("exact")).isEqualTo(false);
    assertThat(ndcg.get("queries")).isEqualTo(2);
  }

  @Test
  void should_give_null_means_for_a_measure_without_any_value() {
    RunResult onlyQ3 = Evaluation.evaluate(new EvalProtocol(SmallResults.qrels(), List.of("q3"), "q3", null, POOLED,
        SmallResults.measures(List.of("RR@10", "nDCG"))), ScoredRun.of("r", Map.of("q3", RankedList.ofOrder(List.of("d1"))),
        Origin.NONE));
    Map<String, Object> summary = map(ResultJson.toData(onlyQ3).get("summary"));
    Map<String, Object> rr = map(summary.get("RR@10"));
    assertThat(rr).containsEntry("mean", null).containsEntry("decimal", null).containsEntry("queries", 0)
        .containsEntry("exact", true);
    assertThat(map(summary.get("nDCG"))).containsEntry("mean", null).containsEntry("decimal", null)
        .containsEntry("exact", false);
  }

  @Test
  void should_give_each_row_its_counts_and_typed_values() {
    List<Object> rows = list(ResultJson.toData(SmallResults.threeQueries(POOLED)).get("rows"));
    assertThat(rows).hasSize(3);
    Map<String, Object> q1 = map(rows.get(0));
    assertThat(q1.keySet()).containsExactly("query", "missing", "returned", "relevant", "unjudged",
        "first_relevant_rank", "values", "ties_at_cutoff");
    assertThat(q1).contains(entry("query", "q1"), entry("missing", false), entry("returned", 3), entry("relevant", 2),
        entry("unjudged", 0), entry("ties_at_cutoff", Map.of()));
    Map<String, Object> values = map(q1.get("values"));
    assertThat(values.keySet()).containsExactly("P@2", "NumRet", "nDCG", "RR@10");
    assertThat(values.get("P@2")).isEqualTo("1/2");
    assertThat(values.get("NumRet")).isEqualTo("3");
    assertThat(values.get("RR@10")).isEqualTo("1");
    assertThat(values.get("nDCG")).isInstanceOf(Double.class);
    assertThat((Double) values.get("nDCG")).isCloseTo(0.9502344167898356, within(1e-15));
    // q3 has no relevant document: null where the measure needs one, its count still there
    Map<String, Object> q3 = map(map(rows.get(2)).get("values"));
    assertThat(q3).containsExactly(entry("P@2", null), entry("NumRet", "1"), entry("nDCG", null), entry("RR@10", null));
  }

  @Test
  void should_write_ties_at_cutoff_with_string_keys() {
    RunResult tied = Evaluation.evaluate(new EvalProtocol(SmallResults.qrels(), List.of("q1"), "q1", null,
        Policy.trecEval(), SmallResults.measures(List.of("P@1"))),
        ScoredRun.of("r", Map.of("q1", RankedList.of(new String[] {"d1", "d2", "d3"}, new double[] {1, 1, 0},
            new long[] {1, 2, 3})), Origin.NONE));
    Map<String, Object> row = map(list(ResultJson.toData(tied).get("rows")).get(0));
    assertThat(row.get("ties_at_cutoff")).isEqualTo(Map.of("1", 2));
  }

  @Test
  void should_write_coverage_at_each_cutoff_of_the_measures_exactly() {
    RunResult result = SmallResults.threeQueries(POOLED);
    Map<String, Object> coverage = map(ResultJson.toData(result).get("coverage"));
    assertThat(coverage.keySet()).containsExactlyElementsOf(
        result.coverage().cutoffs().stream().map(c -> "Judged@" + c.k()).toList());
    for (dev.caliber.result.Coverage.Cutoff c : result.coverage().cutoffs()) {
      assertThat(map(coverage.get("Judged@" + c.k()))).containsExactly(entry("judged", ResultJson.value(c.judged())),
          entry("low", c.low()));
    }
    assertThat(coverage).isNotEmpty();
  }

  @Test
  void should_write_a_value_by_its_kind() {
    assertThat(ResultJson.value(null)).isNull();
    assertThat(ResultJson.value(Value.of(5, 6))).isEqualTo("5/6");
    assertThat(ResultJson.value(Value.ofDouble(0.5))).isEqualTo(0.5);
  }

  @Test
  void should_nest_several_runs_under_results_by_name_in_order() {
    RunResult a = SmallResults.threeQueries(POOLED);
    RunResult b = Evaluation.evaluate(a.protocol(), SmallResults.run("other"));
    Map<String, Object> data = ResultJson.toData(List.of(b, a));
    assertThat(data.keySet()).containsExactly("results");
    Map<String, Object> results = map(data.get("results"));
    assertThat(results.keySet()).containsExactly("other", "myrun");
    assertThat(results.get("myrun")).isEqualTo(ResultJson.toData(a));
  }

  @Test
  void should_render_as_python_s_json_dumps_with_indent_2() {
    // a report without nDCG, so that every number is exact: the full text
    RunResult result = Evaluation.evaluate(new EvalProtocol(SmallResults.qrels(), List.of("q2"), "q2", null, POOLED,
        SmallResults.measures(List.of("RR"))), ScoredRun.of("r", Map.of("q2", RankedList.ofOrder(List.of("d1", "d2"))),
        Origin.NONE));
    assertThat(ReportJson.render(ResultJson.toData(result))).isEqualTo("{\n"
        + "  \"run\": \"r\",\n"
        + "  \"tag\": null,\n"
        + "  \"protocol_sha256\": \"" + result.protocolSha256() + "\",\n"
        + "  \"protocol\": {\n"
        + "    \"query_set\": \"q2\",\n"
        + "    \"total_queries\": 1,\n"
        + "    \"policy\": {\n"
        + "      \"judgments\": \"pooled\",\n"
        + "      \"relevance_threshold\": 1,\n"
        + "      \"gain\": \"linear\",\n"
        + "      \"ordering\": \"given\",\n"
        + "      \"no_relevant\": \"exclude\",\n"
        + "      \"unknown_queries\": \"error\",\n"
        + "      \"depth\": 0\n"
        + "    },\n"
        + "    \"measures\": [\n"
        + "      \"RR\"\n"
        + "    ]\n"
        + "  },\n"
        + "  \"summary\": {\n"
        + "    \"RR\": {\n"
        + "      \"mean\": \"1/2\",\n"
        + "      \"decimal\": 0.5,\n"
        + "      \"exact\": true,\n"
        + "      \"queries\": 1\n"
        + "    }\n"
        + "  },\n"
        + "  \"missing_queries\": [],\n"
        + "  \"ignored_queries\": [],\n"
        + "  \"no_relevant_queries\": [],\n"
        + "  \"order_disagreement\": {\n"
        + "    \"queries\": 0,\n"
        + "    \"lines\": 0,\n"
        + "    \"score_lines\": 0,\n"
        + "    \"rank_lines\": 0\n"
        + "  },\n"
        + "  \"coverage\": {},\n"
        + "  \"rows\": [\n"
        + "    {\n"
        + "      \"query\": \"q2\",\n"
        + "      \"missing\": false,\n"
        + "      \"returned\": 2,\n"
        + "      \"relevant\": 1,\n"
        + "      \"unjudged\": 0,\n"
        + "      \"first_relevant_rank\": 2,\n"
        + "      \"values\": {\n"
        + "        \"RR\": \"1/2\"\n"
        + "      },\n"
        + "      \"ties_at_cutoff\": {}\n"
        + "    }\n"
        + "  ]\n"
        + "}\n");
  }

  @Test
  void should_report_the_tag_and_the_entries_out_of_score_or_rank_order() {
    // GIVEN q2 given as d1 (score 1, rank 1), d2 (score 3: higher than the line before), d3 (rank 2: not after 2)
    RunResult result = Evaluation.evaluate(new EvalProtocol(SmallResults.qrels(), List.of("q2"), "q2", null, POOLED,
        SmallResults.measures(List.of("RR"))), ScoredRun.of("r", "Anserini", Map.of("q2", RankedList.of(
            new String[] {"d1", "d2", "d3"}, new double[] {1, 3, 2}, new long[] {1, 2, 2})), Origin.NONE));
    // WHEN
    Map<String, Object> data = ResultJson.toData(result);
    // THEN
    assertThat(data.get("tag")).isEqualTo("Anserini");
    assertThat(data.get("order_disagreement")).isEqualTo(Map.of("queries", 1, "lines", 2L, "score_lines", 1L, "rank_lines", 1L));
  }

  @Test
  void should_print_each_means_bounds_under_holes_only_when_asked() {
    // GIVEN q1 judges a=1, b=0; the run ranks a then x, a hole
    EvalProtocol p = new EvalProtocol(dev.caliber.protocol.Qrels.of(Map.of("q1", Map.of("a", 1, "b", 0))),
        List.of("q1"), "q", null, POOLED, dev.caliber.eval.Protocols.measures("P@2", "nDCG@2", "Judged@2"));
    ScoredRun run = dev.caliber.eval.Protocols.run("q1", List.of("a", "x"));
    // WHEN
    Map<String, Object> summary = map(ResultJson.toData(Evaluation.evaluate(p, run, null, true)).get("summary"));
    Map<String, Object> plain = map(ResultJson.toData(Evaluation.evaluate(p, run)).get("summary"));
    // THEN P@2 is 1/2, in [1/2, 1] had x been judged; nDCG@2 a number; Judged@2 has none
    assertThat(map(summary.get("P@2")).keySet()).containsExactly("mean", "decimal", "exact", "queries", "bounds");
    assertThat(map(map(summary.get("P@2")).get("bounds"))).containsExactly(entry("low", "1/2"), entry("low_decimal", 0.5),
        entry("high", "1"), entry("high_decimal", 1.0));
    Map<String, Object> ndcg = map(map(summary.get("nDCG@2")).get("bounds"));
    assertThat(ndcg.get("low")).isEqualTo(1.0);
    assertThat(ndcg.get("low_decimal")).isEqualTo(1.0);
    assertThat((double) ndcg.get("high")).isCloseTo(1.0, within(1e-12));
    assertThat(map(summary.get("Judged@2"))).containsEntry("bounds", null);
    assertThat(map(plain.get("P@2")).keySet()).containsExactly("mean", "decimal", "exact", "queries");
  }
}
