package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.cli.CompareCommandTest.Result;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** caliber evaluate --format md|html: a single run's report from the compare writers. */
class EvaluateFormatTest {
  private static final Path EXAMPLES = Path.of(System.getProperty("caliber.root", "..")).resolve("examples/helpcentre");
  private static final String PROTOCOL = EXAMPLES.resolve("protocol.json").toString();
  private static final String A = EXAMPLES.resolve("runs/fixture_A.json").toString();

  @Test
  void should_write_a_markdown_report_of_one_run() {
    Result r = CompareCommandTest.run("evaluate", "--protocol", PROTOCOL, "--run", A, "--format", "md");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("## caliber evaluate: fixture\\_A\n").contains("| R@2     | 0.5000 | Judged@2 0.5000 |       3 |");
  }

  @Test
  void should_write_an_html_report_of_one_run() {
    Result r = CompareCommandTest.run("evaluate", "--protocol", PROTOCOL, "--run", A, "--format", "html");
    assertThat(r.code()).isZero();
    assertThat(r.out()).startsWith("<!DOCTYPE html>").contains("<svg class=\"chart\"", "Content-Security-Policy");
  }

  @Test
  void should_keep_the_seed_json_by_default() {
    assertThat(CompareCommandTest.run("evaluate", "--protocol", PROTOCOL, "--run", A).out()).contains("\"mrr_at_k\": \"1/2\"");
  }

  @Test
  void should_refuse_md_or_html_for_several_runs_and_point_to_compare() {
    Result r = CompareCommandTest.run("evaluate", "--protocol", PROTOCOL, "--run", A, "--run", "b=" + A, "--format", "md");
    assertThat(r.code()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.err()).startsWith("caliber: usage: --format md reports one run; to put several side by side use caliber compare");
    assertThat(CompareCommandTest.run("evaluate", "--protocol", PROTOCOL, "--run", A, "--format", "pdf").err())
        .startsWith("caliber: usage: Invalid value for option '--format': expected one of [json, trec, tsv, md, html] (case-insensitive) but was 'pdf'");
  }

  @Test
  void should_refuse_trec_text_for_ids_it_cannot_hold_before_writing_anything(@org.junit.jupiter.api.io.TempDir Path dir) {
    // GIVEN JSON judgments and a run whose second query's ID would forge a summary line in trec_eval's text
    String forged = "x\\tall\\t0.9999\\nmap";
    Path qrels = Cli.write(dir, "qrels.json", "{\"q1\": {\"d1\": 1}, \"" + forged + "\": {\"d1\": 1}}");
    Path run = Cli.write(dir, "run.json", "{\"q1\": [\"d2\"], \"" + forged + "\": [\"d2\"]}");
    // WHEN
    CliResult r = Cli.run("evaluate", "--qrels", qrels, "--judgments", "pooled", "-m", "AP", "--run", run, "--format", "trec", "-q");
    // THEN a usage error naming the ID, and nothing on standard output
    assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(r.stderr()).isEqualTo("caliber: usage: --format trec: query ID \"" + forged + "\" has a blank: trec_eval's text"
        + " cannot hold it; write JSON or TSV instead (see 'caliber evaluate --help')\n");
    assertThat(r.stdout()).isEmpty();
    // and the same inputs in JSON and TSV, which escape it
    assertThat(Cli.run("evaluate", "--qrels", qrels, "--judgments", "pooled", "-m", "AP", "--run", run, "--format", "tsv")
        .exitCode()).isZero();
  }
}
