package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.source.JudgmentKind;
import dev.caliber.io.read.JsonReader;
import dev.caliber.io.read.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code caliber evaluate} with measures and policies on real TREC and BEIR inputs (the CACM
 * collection in data/ with Anserini's BM25 run), as a user runs it, and its usage and
 * input errors.
 */
class EvaluateGeneralTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path QRELS = CACM.resolve("qrels.cacm.txt");
  private static final Path BM25 = CACM.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz");
  private static final Path REFERENCE = CACM.resolve("reference/trec_eval-10.0-q-all_trec/run.cacm.bm25.txt.gz");

  /** The lines of trec_eval's reference output (trec_eval -q -m all_trec) for the BM25 run. */
  private static List<String> reference() {
    return Arrays.asList(Cli.text(REFERENCE).split("\n"));
  }

  /** The reference line for a measure and query, as trec_eval printed it. */
  private static String referenceLine(String measure, String query) {
    String prefix = String.format("%-22s\t%s\t", measure, query);
    return reference().stream().filter(l -> l.startsWith(prefix)).findFirst()
        .orElseThrow(() -> new AssertionError("no reference line for " + measure + " " + query));
  }

  private static List<String> lines(CliResult result) {
    return Arrays.asList(result.stdout().split("\n"));
  }

  @Nested
  class Trec_eval_format {
    @Test
    void should_print_trec_eval_s_lines_for_trec_inputs_under_compat_trec_eval() {
      // WHEN
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval",
          "--format", "trec", "-q", "-m", "map", "-m", "P_10", "-m", "recip_rank", "-m", "ndcg_cut_10", "-m", "bpref",
          "-m", "num_rel_ret");
      // THEN per-query and overall lines are trec_eval's, character for character
      assertThatRun(result).succeeded();
      for (String query : List.of("1", "10", "all")) {
        for (String measure : List.of("map", "P_10", "recip_rank", "ndcg_cut_10", "bpref", "num_rel_ret")) {
          assertThat(lines(result)).as("%s %s", measure, query).contains(referenceLine(measure, query));
        }
      }
      assertThat(lines(result)).contains(referenceLine("runid", "all"), referenceLine("num_q", "all"));
    }

    @Test
    void should_read_ranx_s_and_ir_measures_spellings_in_any_unambiguous_case_as_caliber_s_measures() {
      // WHEN the same measures are named as ranx, ir_measures in another case, and caliber write them
      CliResult theirs = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval", "--format", "tsv",
          "-m", "map@10", "-m", "Ndcg@10", "-m", "mrr@10", "-m", "recall@100", "-m", "hit_rate@10");
      CliResult ours = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval", "--format", "tsv",
          "-m", "AP@10", "-m", "nDCG@10", "-m", "RR@10", "-m", "R@100", "-m", "Success@10");
      // THEN the reports are one, under caliber's names
      assertThatRun(theirs).succeeded();
      assertThat(theirs.stdout()).isEqualTo(ours.stdout()).contains("AP@10\tnDCG@10\tRR@10\tR@100\tSuccess@10");
    }

    @Test
    void should_note_on_stderr_that_ir_measures_defines_judged_otherwise() {
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval", "--format", "tsv",
          "-m", "P@10", "-m", "judged@10");
      assertThat(result.exitCode()).isEqualTo(ExitCodes.OK);
      assertThat(result.stdout()).contains("P@10\tJudged@10");
      assertThat(result.stderr()).isEqualTo("caliber: note: judged@10: ir_measures divides by min(k, documents ranked) and counts"
          + " negative labels as judged; caliber divides by k and does not: they agree when k or more documents are ranked and no"
          + " label is negative\n");
    }

    @Test
    void should_print_each_query_s_block_in_code_point_order_before_all() {
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval",
          "--format", "trec", "-q", "-m", "P_10");
      assertThatRun(result).succeeded();
      List<String> queries = lines(result).stream().map(l -> l.split("\t")[1]).toList();
      assertThat(queries).hasSize(52 + 3);
      assertThat(queries.subList(0, 4)).containsExactly("1", "10", "11", "12");
      assertThat(queries.subList(52, 55)).containsExactly("all", "all", "all");
    }

    @Test
    void should_print_trec_eval_s_default_measures_when_none_is_given() {
      // WHEN
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval", "--format", "trec");
      // THEN the measures trec_eval prints by default that caliber implements, in trec_eval's order
      assertThatRun(result).succeeded();
      List<String> names = lines(result).stream().map(l -> l.split("\t")[0].strip()).toList();
      assertThat(names).containsExactly("runid", "num_q", "num_ret", "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref",
          "recip_rank", "iprec_at_recall_0.00", "iprec_at_recall_0.10", "iprec_at_recall_0.20", "iprec_at_recall_0.30", "iprec_at_recall_0.40", "iprec_at_recall_0.50", "iprec_at_recall_0.60", "iprec_at_recall_0.70", "iprec_at_recall_0.80", "iprec_at_recall_0.90", "iprec_at_recall_1.00", "P_5", "P_10", "P_15", "P_20", "P_30", "P_100", "P_200", "P_500", "P_1000");
      assertThat(reference()).containsAll(lines(result));
    }

    @Test
    void should_refuse_trec_format_for_the_seed_s_inputs_without_a_measure_or_preset() {
      CliResult result = Cli.run("evaluate", "--protocol", Cli.example("protocol.json"),
          "--run", Cli.example("runs/fixture_A.json"), "--format", "trec");
      assertThatRun(result).failedWithUsage("caliber evaluate", "--format trec needs --measure or --preset: the seed's report is JSON only");
    }
  }

  @Nested
  class Other_formats {
    @Test
    void should_print_one_tab_separated_row_per_query() {
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval",
          "--format", "tsv", "-m", "P@10", "-m", "NumRet");
      assertThatRun(result).succeeded();
      List<String> lines = lines(result);
      assertThat(lines).hasSize(1 + 52);
      assertThat(lines.get(0)).isEqualTo("run\tquery\tmissing\treturned\trelevant\tP@10\tNumRet");
      // query 1: P_10 0.2000 in the reference, 5 relevant, 1000 returned
      assertThat(lines.get(1)).as("named by its file, not its tag").isEqualTo("run.cacm.bm25.txt\t1\tfalse\t1000\t5\t0.2000\t1000");
    }

    @Test
    void should_print_the_general_json_report() throws IOException {
      // WHEN
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval",
          "-m", "RR@10", "-m", "nDCG@10");
      // THEN
      assertThatRun(result).succeeded();
      JsonValue report = JsonReader.parse("stdout", new ByteArrayInputStream(result.stdoutBytes()));
      assertThat(report.members().keySet()).containsExactly("run", "tag", "protocol_sha256", "protocol", "summary",
          "missing_queries", "ignored_queries", "no_relevant_queries", "order_disagreement", "coverage", "rows");
      assertThat(report.at("coverage").members().keySet()).containsExactly("Judged@10");
      assertThat(report.at("run").text()).isEqualTo("run.cacm.bm25.txt");
      assertThat(report.at("tag").text()).isEqualTo("Anserini");
      assertThat(report.at("protocol_sha256").text()).matches("[0-9a-f]{64}");
      assertThat(report.at("protocol", "query_set").text()).isEqualTo("every query judged in qrels.cacm.txt (52)");
      assertThat(report.at("protocol", "policy", "judgments").text()).isEqualTo("pooled");
      assertThat(report.at("protocol", "policy", "ordering").text()).isEqualTo("score");
      assertThat(report.at("summary", "RR@10", "exact").kind()).isEqualTo(JsonValue.Kind.BOOLEAN);
      assertThat(report.at("summary", "RR@10", "mean").isString()).isTrue();
      assertThat(report.at("summary", "nDCG@10", "mean").kind()).isEqualTo(JsonValue.Kind.FLOAT);
      assertThat(report.at("summary", "nDCG@10", "queries").integer()).isEqualTo(52);
      // the 12 run queries without judgments are listed, not scored
      assertThat(report.at("ignored_queries").items()).hasSize(12);
      assertThat(report.at("rows").items()).hasSize(52);
      assertThat(report.at("rows", 0, "query").text()).isEqualTo("1");
      assertThat(report.at("rows", 0, "values", "RR@10").text()).isEqualTo("1/3");
    }
  }

  @Nested
  class Query_sets {
    @Test
    void should_score_exactly_the_listed_queries_in_the_list_s_order(@TempDir Path dir) {
      // GIVEN
      Path set = Cli.write(dir, "two.txt", "10\n1\n");
      // WHEN
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--query-set", set, "--run", BM25,
          "--compat", "trec_eval", "--format", "trec", "-q", "-m", "map");
      // THEN
      assertThatRun(result).succeeded();
      assertThat(lines(result).subList(0, 4)).containsExactly(referenceLine("map", "10"), referenceLine("map", "1"),
          referenceLine("runid", "all"), "num_q                 \tall\t2");
    }

    @Test
    void should_read_the_query_set_s_name_into_the_report(@TempDir Path dir) throws IOException {
      Path set = Cli.write(dir, "two.txt", "10\n1\n");
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--query-set", set, "--run", BM25,
          "--compat", "trec_eval", "-m", "map");
      assertThatRun(result).succeeded();
      JsonValue report = JsonReader.parse("stdout", new ByteArrayInputStream(result.stdoutBytes()));
      assertThat(report.at("protocol", "query_set").text()).isEqualTo("the 2 queries listed in two.txt");
      assertThat(report.at("protocol", "total_queries").integer()).isEqualTo(2);
    }

    @Test
    void should_reject_split_with_bare_qrels() {
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--split", "test", "--run", BM25, "--compat", "trec_eval");
      assertThatRun(result).failedWithUsage("caliber evaluate",
          "--split needs queries with splits (--queries, --protocol or --beir); use --query-set FILE for a list");
    }
  }

  @Nested
  class Beir_folders {
    @Test
    void should_warn_once_written_of_judgments_no_run_can_rank_and_not_when_it_fails(@TempDir Path dir) {
      Path beir = dir.resolve("tiny");
      Cli.write(beir, "corpus.jsonl", "{\"_id\": \"d1\", \"text\": \"a\"}\n{\"_id\": \"d2\", \"text\": \"b\"}\n");
      Cli.write(beir, "queries.jsonl", "{\"_id\": \"q1\", \"text\": \"x\"}\n");
      Path qrels = Cli.write(beir, "qrels/test.tsv", "query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td9\t1\nq1\td8\t0\n");
      Path run = Cli.write(dir, "run.txt", "q1 Q0 d2 1 2 t\nq1 Q0 d1 2 1 t\n");
      CliResult result = Cli.run("evaluate", "--beir", beir, "--preset", "trec_eval", "-m", "AP", "--run", run, "--format", "tsv");
      assertThat(result.exitCode()).isZero();
      assertThat(result.stdout()).isNotEmpty();
      assertThat(result.stderr()).isEqualTo("caliber: warning: 2 judgments of the query set name documents outside the corpus,"
          + " which no run can rank (the first: query \"q1\", document \"d9\", " + qrels + ":3); caliber protocol check lists"
          + " them\n");
      // a command that fails says only why
      CliResult failed = Cli.run("evaluate", "--beir", beir, "--preset", "trec_eval", "-m", "AP", "--run", run, "-o",
          dir.resolve("no/such/dir/out.json"));
      assertThat(failed.exitCode()).isEqualTo(ExitCodes.IO);
      assertThat(failed.stderr().lines()).hasSize(1);
    }

    @Test
    void should_give_trec_eval_s_numbers_from_the_beir_layout_with_declared_policies() {
      // GIVEN the same collection as a BEIR folder, the 52 queries judged in qrels/test.tsv, the
      // 12 others in the run listed; score ordering, as trec_eval ranks
      CliResult result = Cli.run("evaluate", "--beir", CACM.resolve("beir-format"), "--split", "test",
          "--judgments", "pooled", "--unknown-queries", "list", "--ordering", "score",
          "--run", BM25, "--format", "trec", "-m", "ndcg_cut_10", "-m", "P_10", "-m", "map");
      // THEN (the rules not given are trec_eval's, and the note says so)
      assertThatRun(result).succeededSaying(Cli.CACM_BEIR_WARNING + Cli.trecEvalNote(JudgmentKind.BEIR));
      assertThat(lines(result)).contains(referenceLine("num_q", "all"), referenceLine("ndcg_cut_10", "all"),
          referenceLine("P_10", "all"), referenceLine("map", "all"));
    }

    @Test
    void should_name_the_split_and_folder_in_the_report() throws IOException {
      CliResult result = Cli.run("evaluate", "--beir", CACM.resolve("beir-format"), "--split", "test",
          "--judgments", "pooled", "--unknown-queries", "list", "--run", BM25, "-m", "RR@10");
      assertThatRun(result).succeededSaying(Cli.CACM_BEIR_WARNING + Cli.trecEvalNote(JudgmentKind.BEIR));
      JsonValue report = JsonReader.parse("stdout", new ByteArrayInputStream(result.stdoutBytes()));
      assertThat(report.at("protocol", "query_set").text()).isEqualTo("split test of beir-format");
      assertThat(report.at("ignored_queries").items()).hasSize(12);
    }

    @Test
    void should_report_judged_coverage_at_each_cutoff_under_pooled_judgments() throws IOException {
      // GIVEN pooled judgments, where an unjudged document silently counts as non-relevant
      CliResult result = Cli.run("evaluate", "--beir", CACM.resolve("beir-format"), "--split", "test",
          "--preset", "pooled", "--unknown-queries", "list", "--run", BM25, "-m", "nDCG@10", "-m", "R@100", "-m", "AP");
      // THEN the protocol declares Judged@10 and Judged@100 beside the measures, and every row and
      // the summary carry them
      assertThatRun(result).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
      JsonValue report = JsonReader.parse("stdout", new ByteArrayInputStream(result.stdoutBytes()));
      assertThat(report.at("protocol", "measures").items()).extracting(JsonValue::text)
          .containsExactly("nDCG@10", "R@100", "AP", "Judged@10", "Judged@100");
      assertThat(report.at("summary", "Judged@10", "queries").integer()).isEqualTo(52);
      assertThat(report.at("rows", 0, "values", "Judged@100").text()).matches("[0-9]+/[0-9]+|[01]");
    }

    @Test
    void should_keep_trec_eval_s_own_measure_list_under_compat_trec_eval() {
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval",
          "--format", "trec", "-m", "P_10");
      assertThatRun(result).succeeded();
      assertThat(result.stdout()).doesNotContain("Judged");
    }

    @Test
    void should_reject_an_unknown_run_query_under_the_strict_preset_and_name_the_option() {
      CliResult result = Cli.run("evaluate", "--beir", CACM.resolve("beir-format"), "--split", "test",
          "--preset", "strict", "--judgments", "pooled", "--run", BM25, "-m", "RR@10");
      assertThatRun(result).failedWithLineStartingWith(ExitCodes.INVALID_INPUT, "invalid input: " + BM25 + ":");
      assertThat(result.stderr()).contains("unknown or wrong-split query")
          .contains("use --unknown-queries list)");
    }
  }

  @Nested
  class Errors {
    @Test
    void should_reject_an_unknown_measure_in_one_line() {
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--measure", "bogus");
      assertThatRun(result).failedWithUsage("caliber evaluate", "--measure: unknown measure \"bogus\" (caliber measures lists every name)");
    }

    @Test
    void should_suggest_the_closest_measure_for_a_typo() {
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval", "-m", "ndgc@10");
      assertThatRun(result).failedWithUsage("caliber evaluate",
          "--measure: unknown measure \"ndgc@10\"; did you mean nDCG@10? (caliber measures lists every name)");
    }

    @Test
    void should_refuse_ranx_s_hits_saying_what_to_write_instead() {
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval", "-m", "hits@10");
      assertThat(result.exitCode()).isEqualTo(ExitCodes.USAGE);
      assertThat(result.stderr()).startsWith("caliber: usage: --measure: measure hits@10: ranx's hits@k counts the relevant documents")
          .contains("P@k times k").doesNotContain("\n" + "caliber");
    }

    @Test
    void should_reject_a_measure_with_a_parameter_it_does_not_take() {
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval", "-m", "Rprec@10");
      assertThatRun(result).failedWithUsage("caliber evaluate", "--measure: measure Rprec@10: Rprec takes no cutoff");
    }

    @Test
    void should_reject_k_with_a_measure() {
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--measure", "RR", "--k", "10");
      assertThatRun(result).failedWithUsage("caliber evaluate",
          "--k sets the seed report's cutoff (a seed protocol without --measure or --preset); for caliber's report, put the cutoff in the measure name (R@10, nDCG@10)");
    }

    @Test
    void should_reject_an_unjudged_document_under_exhaustive_judgments_and_name_the_option(@TempDir Path dir) {
      // GIVEN qrels that judge d1 and a run that ranks d9 second
      Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\n");
      Path run = Cli.write(dir, "run.txt", "q1 Q0 d1 1 2.0 tag\nq1 Q0 d9 2 1.0 tag\n");
      // WHEN
      CliResult result = Cli.run("evaluate", "--qrels", qrels, "--run", run, "--measure", "RR", "--preset", "strict");
      // THEN
      assertThatRun(result).rejectedInput(run + ":2: unjudged or unknown documents: exhaustive qrels required"
          + " (query \"q1\": document \"d9\" has no judgment; to count unjudged documents as non-relevant, declare"
          + " pooled judgments (--judgments pooled))");
    }

    @Test
    void should_accept_the_same_run_under_pooled_judgments(@TempDir Path dir) {
      Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\n");
      Path run = Cli.write(dir, "run.txt", "q1 Q0 d9 1 2.0 tag\nq1 Q0 d1 2 1.0 tag\n");
      CliResult result = Cli.run("evaluate", "--qrels", qrels, "--run", run, "--measure", "RR", "--preset", "strict",
          "--judgments", "pooled", "--format", "tsv");
      assertThatRun(result).succeeded().printed("run\tquery\tmissing\treturned\trelevant\tRR\nrun.txt\tq1\tfalse\t2\t1\t0.5000\n");
    }

    @Test
    void should_reject_a_trec_run_with_a_non_numeric_score_naming_file_and_line(@TempDir Path dir) {
      Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\n");
      Path run = Cli.write(dir, "run.txt", "q1 Q0 d1 1 2.0 tag\nq1 Q0 d2 2 1,5 tag\n");
      CliResult result = Cli.run("evaluate", "--qrels", qrels, "--run", run, "--compat", "trec_eval", "-m", "RR");
      assertThatRun(result).failedWithLineStartingWith(ExitCodes.INVALID_INPUT, "invalid input: " + run + ":2:");
      assertThat(result.stderr()).contains("1,5");
    }

    @Test
    void should_reject_a_json_label_that_is_no_integer_without_the_seed_s_zero_or_one(@TempDir Path dir) {
      // Graded labels are judgments here: the seed's "integer 0 or 1" would send the user the wrong way.
      Path qrels = Cli.write(dir, "qrels.json", "{\"q1\": {\"d1\": 2.5, \"d2\": 3}}");
      Path run = Cli.write(dir, "run.txt", "q1 Q0 d1 1 2.0 tag\n");
      CliResult result = Cli.run("evaluate", "--qrels", qrels, "--run", run, "--measure", "nDCG@10");
      assertThatRun(result).rejectedInput(qrels + ":1:15: $.q1.d1: qrels labels must be integers (query \"q1\", document"
          + " \"d1\": got the number 2.5; expected an integer from -2147483648 to 2147483647, such as 1, 0 or -3)");
    }

    @Test
    void should_reject_a_score_shaped_json_run_with_an_unjudged_document_at_its_entry(@TempDir Path dir) {
      Path qrels = Cli.write(dir, "qrels.json", "{\"q1\": {\"d1\": 1}}");
      Path run = Cli.write(dir, "run.json", "{\"q1\": {\"d1\": 2.0,\n  \"d9\": 1.0}}");
      CliResult result = Cli.run("evaluate", "--qrels", qrels, "--run", run, "--measure", "RR");
      assertThatRun(result).rejectedInput(run + ":2:9: $.q1.d9: unjudged or unknown documents: exhaustive qrels"
          + " required (query \"q1\": document \"d9\" has no judgment; to count unjudged documents as non-relevant,"
          + " declare pooled judgments (--judgments pooled))");
    }
  }

  @Nested
  class Policy_values {
    @ParameterizedTest(name = "--judgments {0}")
    @ValueSource(strings = {"pooled", "POOLED", "Pooled"})
    void should_accept_policy_values_in_any_case(String value, @TempDir Path dir) {
      Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\n");
      Path run = Cli.write(dir, "run.txt", "q1 Q0 d9 1 2.0 tag\nq1 Q0 d1 2 1.0 tag\n");
      CliResult result = Cli.run("evaluate", "--qrels", qrels, "--run", run, "--measure", "RR", "--judgments", value,
          "--ordering", "SCORE", "--gain", "Exponential", "--no-relevant", "ZERO", "--unknown-queries", "List",
          "--compat", "TREC_EVAL", "--format", "TSV");
      assertThatRun(result).succeeded().printed("run\tquery\tmissing\treturned\trelevant\tRR\nrun.txt\tq1\tfalse\t2\t1\t0.5000\n");
    }

    @Test
    void should_refuse_a_label_whose_exponential_gain_leaves_a_double_naming_its_line(@TempDir Path dir) {
      Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1024\nq1 0 d2 0\n");
      Path run = Cli.write(dir, "run.txt", "q1 Q0 d2 1 3 t\nq1 Q0 d1 2 2 t\n");
      for (String m : new String[] {"nDCG@10", "G", "RBPScaled", "DCG", "nDCGRel"}) {
        assertThatRun(Cli.run("evaluate", "--qrels", qrels, "--run", run, "--compat", "trec_eval", "--gain", "exponential",
            "-m", m, "--format", "tsv")).rejectedInput(qrels + ":1: label too large for exponential gain (query \"q1\","
                + " document \"d1\": label 1024, whose gain 2^1024 - 1 no sum of gains can hold; expected labels of at most 992"
                + " under exponential gain (--gain exponential, or a measure's dcg='exp-log2'))");
      }
    }

    @Test
    void should_name_a_compression_it_does_not_read(@TempDir Path dir) throws IOException {
      Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\n");
      Path run = dir.resolve("run.txt.xz");
      java.nio.file.Files.write(run, new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0, 0, 4, (byte) 0xe6, (byte) 0xd6});
      assertThatRun(Cli.run("evaluate", "--qrels", qrels, "--run", run, "--compat", "trec_eval", "-m", "AP"))
          .rejectedInput(run + ": xz-compressed input (caliber reads plain text and gzip; decompress it first, or recompress it"
              + " with gzip)");
    }

    @Test
    void should_show_the_policy_in_force_when_single_options_override_the_preset() throws IOException {
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval",
          "--gain", "exponential", "--relevance-threshold", "2", "--depth", "100", "-m", "nDCG@10");
      assertThatRun(result).succeeded();
      JsonValue policy = JsonReader.parse("stdout", new ByteArrayInputStream(result.stdoutBytes())).at("protocol", "policy");
      String shown = policy.members().entrySet().stream()
          .map(e -> e.getKey() + "=" + (e.getValue().isString() ? e.getValue().text() : e.getValue().numberText()))
          .collect(Collectors.joining(" "));
      assertThat(shown).isEqualTo("judgments=pooled relevance_threshold=2 gain=exponential ordering=score"
          + " no_relevant=zero unknown_queries=list depth=100");
    }

    @Test
    void should_reject_a_depth_below_one() {
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval", "--depth", "0",
          "-m", "RR");
      assertThatRun(result).failedWithUsage("caliber evaluate", "--depth: 0 is out of range; expected a whole number from 1 to 2147483647");
    }

    @Test
    void should_reject_an_unknown_policy_value_listing_the_choices() {
      CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--judgments", "partial", "-m", "RR");
      assertThat(result.exitCode()).isEqualTo(ExitCodes.USAGE);
      assertThat(result.stderr()).startsWith("caliber: usage: Invalid value for option '--judgments': expected one of"
          + " [EXHAUSTIVE, POOLED] (case-insensitive) but was 'partial'");
    }
  }
}
