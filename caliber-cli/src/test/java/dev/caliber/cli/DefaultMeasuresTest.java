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
import org.junit.jupiter.api.Test;

/**
 * {@code caliber evaluate --qrels Q --run R}, the first thing a trec_eval user types: TREC qrels
 * and a TREC run, no measure, no policy. It is answered as {@code trec_eval -c} answers it, under
 * a policy printed with the result; the seed's JSON inputs keep the seed's report.
 */
class DefaultMeasuresTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path QRELS = CACM.resolve("qrels.cacm.txt");
  private static final Path BM25 = CACM.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz");
  private static final Path REFERENCE = CACM.resolve("reference/trec_eval-10.0-q-all_trec/run.cacm.bm25.txt.gz");
  private static final String NOTE = "caliber: note: no --measure or --preset: TREC qrels are evaluated with trec_eval's "
      + "default measures under --preset trec_eval (trec_eval -c: pooled judgments, score order (ties by document ID "
      + "descending), no-relevant queries score 0, unknown queries listed)\n";

  @Test
  void should_answer_bare_trec_inputs_with_trec_eval_s_default_measures_and_numbers() {
    // WHEN the user gives qrels and a run, nothing else, and asks for trec_eval's text
    CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--format", "trec");
    // THEN trec_eval's default measures that caliber has, each line as trec_eval printed it, and one note saying so
    assertThat(result.exitCode()).as("%s", result).isZero();
    assertThat(result.stderr()).isEqualTo(NOTE);
    List<String> lines = Arrays.asList(result.stdout().split("\n"));
    assertThat(lines.stream().map(l -> l.split("\t")[0].strip()).toList()).containsExactly("runid", "num_q", "num_ret",
        "num_rel", "num_rel_ret", "map", "gm_map", "Rprec", "bpref", "recip_rank", "iprec_at_recall_0.00", "iprec_at_recall_0.10", "iprec_at_recall_0.20", "iprec_at_recall_0.30", "iprec_at_recall_0.40", "iprec_at_recall_0.50", "iprec_at_recall_0.60", "iprec_at_recall_0.70", "iprec_at_recall_0.80", "iprec_at_recall_0.90", "iprec_at_recall_1.00",
        "P_5", "P_10", "P_15", "P_20", "P_30", "P_100", "P_200", "P_500", "P_1000");
    // every value line as trec_eval printed it (the run's name is another matter: how runs are named)
    assertThat(Arrays.asList(Cli.text(REFERENCE).split("\n"))).containsAll(lines.stream().filter(l -> !l.startsWith("runid")).toList());
  }

  @Test
  void should_print_trec_eval_minus_c_num_rel_under_compat_trec_eval_and_keep_the_sum_in_json() throws IOException {
    // GIVEN robust03's qrels (labels 0, 1 and 2) and one of its runs, relevance from label 2 (trec_eval -l2)
    Path robust = Cli.data().resolve("trec2003-robust");
    Path qrels = robust.resolve("qrels/robust03_qrels.txt.gz");
    Path run = robust.resolve("runs/input.MU03rob01.gz");
    long aboveZero = Cli.text(qrels).lines()
        .filter(l -> Integer.parseInt(l.strip().split("\\s+")[3]) > 0).count();
    // WHEN the same evaluation is asked of evaluate --compat trec_eval and of the trec_eval command
    CliResult evaluate = Cli.run("evaluate", "--qrels", qrels, "--run", run, "--compat", "trec_eval",
        "--relevance-threshold", "2", "-m", "num_rel", "-m", "P@10", "--format", "trec", "-q");
    CliResult trecEval = Cli.run("trec_eval", "-c", "-q", "-l2", "-m", "num_rel", "-m", "P.10", qrels, run);
    CliResult json = Cli.run("evaluate", "--qrels", qrels, "--run", run, "--compat", "trec_eval",
        "--relevance-threshold", "2", "-m", "num_rel");
    // THEN the summary num_rel is trec_eval's (every judgment above 0, m_num_rel.c), not the sum of the
    // per-query lines (labels of at least 2), in both commands; the JSON result keeps the sum
    assertThat(evaluate.exitCode()).as("%s", evaluate).isZero();
    List<String> lines = Arrays.asList(evaluate.stdout().split("\n"));
    long perQuerySum = lines.stream().filter(l -> l.startsWith("num_rel ") && !l.contains("\tall\t"))
        .mapToLong(l -> Long.parseLong(l.split("\t")[2])).sum();
    assertThat(lines).contains("num_rel               \tall\t" + aboveZero);
    assertThat(perQuerySum).isLessThan(aboveZero);
    assertThat(trecEval.stdout().lines().filter(l -> l.startsWith("num_rel") || l.startsWith("P_10")).toList())
        .isEqualTo(lines.stream().filter(l -> l.startsWith("num_rel") || l.startsWith("P_10")).toList());
    JsonValue report = JsonReader.parse("stdout", new ByteArrayInputStream(json.stdoutBytes()));
    assertThat(json.exitCode()).as("%s", json).isZero();
    assertThat(report.at("summary").at("NumRel").at("mean").text())
        .isEqualTo(dev.caliber.math.Fraction.of(perQuerySum, report.at("protocol").at("total_queries").integer().longValueExact()).toString());
  }

  @Test
  void should_print_the_policy_in_force_with_the_json_result() throws IOException {
    // WHEN
    CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25);
    // THEN the report declares trec_eval's policy and the default measures
    assertThat(result.exitCode()).as("%s", result).isZero();
    assertThat(result.stderr()).isEqualTo(NOTE);
    JsonValue report = JsonReader.parse("stdout", new ByteArrayInputStream(result.stdoutBytes()));
    JsonValue policy = report.at("protocol").at("policy");
    assertThat(policy.at("judgments").text()).isEqualTo("pooled");
    assertThat(policy.at("ordering").text()).isEqualTo("score");
    assertThat(policy.at("no_relevant").text()).isEqualTo("zero");
    assertThat(policy.at("unknown_queries").text()).isEqualTo("list");
    assertThat(report.at("protocol").at("measures").items().stream().map(JsonValue::text).toList())
        .containsExactly("NumRet", "NumRel", "NumRelRet", "AP", "GMAP", "Rprec", "Bpref", "RR", "IPrec@0", "IPrec@0.1",
            "IPrec@0.2", "IPrec@0.3", "IPrec@0.4", "IPrec@0.5", "IPrec@0.6", "IPrec@0.7", "IPrec@0.8", "IPrec@0.9", "IPrec@1",
            "P@5", "P@10", "P@15", "P@20", "P@30", "P@100", "P@200", "P@500", "P@1000");
  }

  @Test
  void should_give_the_same_result_as_the_preset_spelt_out_without_a_note() {
    // GIVEN what the default stands for, written out
    CliResult spelt = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--preset", "trec_eval", "-m", "num_ret",
        "-m", "num_rel", "-m", "num_rel_ret", "-m", "map", "-m", "gm_map", "-m", "Rprec", "-m", "bpref", "-m", "recip_rank",
        "-m", "iprec_at_recall", "-m", "P.5,10,15,20,30,100,200,500,1000");
    // WHEN
    CliResult defaulted = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25);
    // THEN the same report, byte for byte; only the defaulted one says what it chose
    assertThatRun(spelt).succeeded();
    assertThat(defaulted.stdout()).isEqualTo(spelt.stdout());
  }

  @Test
  void should_keep_trec_eval_s_rules_when_a_measure_is_given() {
    // WHEN a measure is named on TREC qrels (CACM's run ranks unjudged documents and unjudged queries)
    CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "-m", "P@10");
    // THEN the rules are still trec_eval's, as without the measure: the same report as the preset
    // named, and the note says which rules were taken
    assertThatRun(result).succeededSaying(Cli.trecEvalNote(JudgmentKind.TREC));
    assertThat(result.stdout()).isEqualTo(Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "-m", "P@10", "--preset",
        "trec_eval").stdout());
  }

  @Test
  void should_keep_the_strict_rules_under_the_strict_preset() {
    // WHEN the seed's strict rules are asked for by name: CACM's run ranks unjudged documents
    CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "-m", "P@10", "--preset", "strict");
    // THEN
    assertThat(result.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(result.stderr()).startsWith("caliber: invalid input: several policies of the protocol are broken")
        .contains("is not in the query set", "has no judgment", "use --unknown-queries list --judgments pooled");
  }

  @Test
  void should_override_the_default_preset_with_a_single_option() throws IOException {
    // WHEN only the ordering is declared
    CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", BM25, "--ordering", "given");
    // THEN the rest of the default preset stays, and the note still says what was chosen
    assertThat(result.exitCode()).as("%s", result).isZero();
    assertThat(result.stderr()).isEqualTo(NOTE);
    JsonValue policy = JsonReader.parse("stdout", new ByteArrayInputStream(result.stdoutBytes())).at("protocol").at("policy");
    assertThat(policy.at("ordering").text()).isEqualTo("given");
    assertThat(policy.at("judgments").text()).isEqualTo("pooled");
  }

  @Test
  void should_fail_in_one_line_without_the_note(@org.junit.jupiter.api.io.TempDir Path dir) {
    // GIVEN a malformed run under the defaults
    Path run = Cli.write(dir, "run.txt", "1 Q0 CACM-0001 1 high Anserini\n");
    // WHEN
    CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", run);
    // THEN only the error: nothing was chosen that produced a result
    assertThat(result.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(result.stderr()).startsWith("caliber: invalid input: " + run + ":1").doesNotContain("note:");
    assertThat(result.stderr().lines()).hasSize(1);
  }

  @Test
  void should_keep_the_seed_s_report_for_the_seed_s_json_inputs() {
    CliResult result = Cli.run("evaluate", "--protocol", Cli.example("protocol.json"), "--run", Cli.example("runs/fixture_A.json"));
    assertThatRun(result).succeeded().printed(Cli.expected("report.fixture_A.json"));
  }
}
