package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.io.read.JsonReader;
import dev.caliber.io.read.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which order a run is scored in, as a user meets it: a JSON score map is ranked by score, a list
 * keeps its order, and a TREC run whose file order disagrees with its scores or rank column is
 * scored in file order under --ordering given with one warning line saying so.
 */
class RunOrderTest {
  private static final Path ROBUST = Cli.data().resolve("trec2003-robust");
  private static final Path ROBUST_QRELS = ROBUST.resolve("qrels/robust03_qrels.txt.gz");
  private static final Path MU03ROB01 = ROBUST.resolve("runs/input.MU03rob01.gz");
  private static final Path CACM = Cli.data().resolve("cacm");

  private static JsonValue json(CliResult r) throws IOException {
    return JsonReader.parse("stdout", new ByteArrayInputStream(r.stdoutBytes()));
  }

  @Test
  void should_rank_a_score_map_by_score_as_the_python_tools_do(@TempDir Path dir) throws IOException {
    // GIVEN pytrec_eval's shape, the relevant d1 written last with the best score
    Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\nq1 0 d3 0\n");
    Path run = Cli.write(dir, "run.json", "{\"q1\": {\"d3\": 0.1, \"d2\": 0.2, \"d1\": 0.9}}");
    // WHEN under the strict preset's (given) ordering
    CliResult r = Cli.run("evaluate", "--qrels", qrels, "--preset", "strict", "--judgments", "pooled", "-m", "RR@10", "--run", run);
    // THEN RR@10 is 1, not 1/3, and nothing to warn about
    assertThatRun(r).succeeded();
    assertThat(json(r).at("summary", "RR@10", "mean").text()).isEqualTo("1");
    assertThat(json(r).at("order_disagreement", "lines").integer()).isZero();
  }

  @Test
  void should_keep_the_order_of_a_json_list(@TempDir Path dir) throws IOException {
    Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\nq1 0 d3 0\n");
    Path run = Cli.write(dir, "run.json", "{\"q1\": [\"d3\", \"d2\", \"d1\"]}");
    CliResult r = Cli.run("evaluate", "--qrels", qrels, "--preset", "strict", "--judgments", "pooled", "-m", "RR@10", "--run", run);
    assertThatRun(r).succeeded();
    assertThat(json(r).at("summary", "RR@10", "mean").text()).isEqualTo("1/3");
  }

  @Test
  void should_warn_once_when_the_robust_run_s_file_order_disagrees_with_its_rank_column() throws IOException {
    // WHEN MU03rob01 is scored as given (trec_eval's P@10 is 0.3580, by score)
    CliResult r = Cli.run("evaluate", "--qrels", ROBUST_QRELS, "--preset", "strict", "--judgments", "pooled", "--unknown-queries", "list",
        "-m", "P@10", "--run", MU03ROB01);
    // THEN the result, one warning line naming the counts and the option, and the counts in the report
    assertThat(r.exitCode()).isZero();
    assertThat(r.stderr()).isEqualTo("caliber: warning: run \"input.MU03rob01\" (" + MU03ROB01 + "): 63834 lines in"
        + " 100 queries out of order (0 with a score higher than the line before, 63834 with a rank no greater than the"
        + " line before); scored in file order (--ordering given); --ordering score ranks by score, as trec_eval does\n");
    JsonValue report = json(r);
    assertThat(report.at("summary", "P@10", "mean").text()).isEqualTo("351/1000");
    assertThat(report.at("order_disagreement", "queries").integer()).isEqualTo(100);
    assertThat(report.at("order_disagreement", "lines").integer()).isEqualTo(63834);
    assertThat(report.at("order_disagreement", "rank_lines").integer()).isEqualTo(63834);
    assertThat(report.at("order_disagreement", "score_lines").integer()).isZero();
    assertThat(report.at("tag").text()).isEqualTo("MU03rob01");
  }

  @Test
  void should_not_warn_under_score_ordering_and_give_trec_eval_s_number() throws IOException {
    CliResult r = Cli.run("evaluate", "--qrels", ROBUST_QRELS, "--preset", "strict", "--judgments", "pooled", "--unknown-queries", "list",
        "-m", "P@10", "--run", MU03ROB01, "--ordering", "score");
    assertThatRun(r).succeeded();
    assertThat(json(r).at("summary", "P@10", "mean").text()).isEqualTo("179/500");
  }

  @Test
  void should_warn_in_compare_for_each_run_out_of_order_only(@TempDir Path dir) {
    // GIVEN a run with a score that rises on its second line, and one written best first
    Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\nq2 0 d2 1\n");
    Path bad = Cli.write(dir, "bad.txt", "q1 Q0 d9 1 1.0 t\nq1 Q0 d1 2 2.0 t\nq2 Q0 d2 1 1 t\n");
    Path good = Cli.write(dir, "good.txt", "q1 Q0 d1 1 2.0 t\nq1 Q0 d9 2 1.0 t\nq2 Q0 d2 1 1 t\n");
    // WHEN
    CliResult r = Cli.run("compare", "--qrels", qrels, "--preset", "strict", "--judgments", "pooled", "-m", "RR", "--run", good, "--run", bad);
    // THEN
    assertThat(r.exitCode()).isZero();
    assertThat(r.stderr()).isEqualTo("caliber: warning: run \"bad.txt\" (" + bad + "): 1 line in 1 query out of order"
        + " (1 with a score higher than the line before, 0 with a rank no greater than the line before); scored in file"
        + " order (--ordering given); --ordering score ranks by score, as trec_eval does\n");
  }

  @Test
  void should_not_warn_for_runs_written_best_first() {
    CliResult r = Cli.run("evaluate", "--qrels", CACM.resolve("qrels.cacm.txt"), "--preset", "strict", "--judgments", "pooled",
        "--unknown-queries", "list", "-m", "P@10", "--run", CACM.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz"));
    assertThatRun(r).succeeded();
  }
}
