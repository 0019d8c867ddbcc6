package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code caliber evaluate --bounds}: each mean's bounds under holes on TREC 2003 Robust's pooled
 * judgments, in JSON, Markdown and HTML, the same read whole as while read; nothing without the
 * option; refused where a format has no place for them.
 */
class EvaluateBoundsTest {
  private static final Path ROOT = Path.of(System.getProperty("caliber.root", ".."));
  private static final String QRELS = ROOT.resolve("data/trec2003-robust/qrels/robust03_qrels.txt.gz").toString();
  private static final String RUN = ROOT.resolve("data/trec2003-robust/runs/input.MU03rob01.gz").toString();

  @TempDir Path dir;

  /** What naming Judged@10 says on standard error, every call. */
  private static final String JUDGED_NOTE = "caliber: note: Judged@10: ir_measures divides by min(k, documents ranked) and"
      + " counts negative labels as judged; caliber divides by k and does not: they agree when k or more documents are"
      + " ranked and no label is negative\n";

  private static CliResult evaluate(String... more) {
    return Cli.run(java.util.stream.Stream.concat(java.util.stream.Stream.of("evaluate", "--qrels", QRELS, "--run", RUN,
        "-m", "nDCG@10", "-m", "P@10", "-m", "Judged@10", "--compat", "trec_eval", "--depth", "10"),
        java.util.stream.Stream.of(more)).toArray());
  }

  @Test
  void should_show_each_means_bounds_beside_its_coverage_in_markdown_and_html() {
    // WHEN MU03rob01's first ten documents, 1.5% of them unjudged, are evaluated with --bounds
    CliResult md = evaluate("--bounds", "--format", "md");
    // THEN each mean has its bounds beside the coverage, and Judged@10 none
    assertThatRun(md).succeededSaying(JUDGED_NOTE);
    assertThat(md.stdout()).contains("| measure   |   mean | coverage         | bounds           | queries |")
        .contains("| nDCG@10   | 0.3657 | Judged@10 0.9850 | [0.3657, 0.3754] |     100 |")
        .contains("| P@10      | 0.3580 | Judged@10 0.9850 | [0.3580, 0.3730] |     100 |")
        .contains("| Judged@10 | 0.9850 | Judged@10 0.9850 | –                |     100 |")
        .contains("\nbounds: each mean's lowest and highest if every unjudged document within the evaluated depth were"
            + " judged non-relevant, or relevant (as the most relevant judged document); – for a measure of the judging"
            + " itself.\n");
    // AND exact fractions with --exact
    assertThat(evaluate("--bounds", "--format", "md", "--exact").stdout()).contains("| [179/500, 373/1000] |");
    CliResult html = evaluate("--bounds", "--format", "html");
    assertThatRun(html).succeededSaying(JUDGED_NOTE);
    assertThat(html.stdout()).contains("<th>coverage</th><th>bounds</th><th>queries</th>")
        .contains("<td>Judged@10 0.9850</td><td>[0.3580, 0.3730]</td><td>100</td>")
        .contains("<td>Judged@10 0.9850</td><td>–</td><td>100</td>")
        .contains("<p>bounds: each mean&#39;s lowest and highest");
  }

  @Test
  void should_put_a_bounds_member_in_each_json_summary_the_same_read_whole_or_while_read() {
    CliResult json = evaluate("--bounds");
    assertThatRun(json).succeededSaying(JUDGED_NOTE);
    assertThat(json.stdout()).contains("\"queries\": 100,\n      \"bounds\": {\n        \"low\": \"179/500\",\n"
        + "        \"low_decimal\": 0.358,\n        \"high\": \"373/1000\",\n        \"high_decimal\": 0.373\n      }")
        .contains("\"bounds\": null");
    assertThat(evaluate("--bounds", "--no-streaming").stdout()).isEqualTo(json.stdout());
    assertThat(evaluate("--bounds", "--threads", "1").stdout()).isEqualTo(json.stdout());
  }

  @Test
  void should_change_no_byte_without_bounds_and_no_value_with_them() {
    CliResult plain = evaluate();
    CliResult md = evaluate("--format", "md");
    assertThatRun(plain).succeededSaying(JUDGED_NOTE);
    assertThat(plain.stdout()).doesNotContain("bounds");
    assertThat(md.stdout()).doesNotContain("bounds").contains("| measure   |   mean | coverage         | queries |");
    // the JSON with bounds is the JSON without them, plus the bounds members
    String withBounds = evaluate("--bounds").stdout().replaceAll(",\n      \"bounds\": (null|\\{[^}]*\\})", "");
    assertThat(withBounds).isEqualTo(plain.stdout());
  }

  @Test
  void should_refuse_bounds_where_the_format_or_the_report_has_no_place_for_them() {
    assertThatRun(evaluate("--bounds", "--format", "trec")).failedWithUsage("caliber evaluate",
        "--bounds applies to --format json, md or html, not --format trec (trec_eval's text has no place for them)");
    assertThatRun(evaluate("--bounds", "--format", "tsv")).failedWithUsage("caliber evaluate",
        "--bounds applies to --format json, md or html, not --format tsv (its lines are per query; the bounds are the means')");
    Path h = ROOT.resolve("examples/helpcentre");
    assertThatRun(Cli.run("evaluate", "--protocol", h.resolve("protocol.json").toString(), "--run",
        h.resolve("runs/fixture_A.json").toString(), "--bounds")).failedWithUsage("caliber evaluate",
        "--bounds needs --measure or --preset: the seed's report has no place for them");
  }

  @Test
  void should_give_bounds_equal_to_the_means_under_exhaustive_judgments() {
    Path qrels = Cli.write(dir, "qrels.txt", "q1 0 a 1\nq1 0 b 0\nq2 0 c 2\n");
    Path run = Cli.write(dir, "run.txt", "q1 Q0 b 1 2 t\nq1 Q0 a 2 1 t\nq2 Q0 c 1 1 t\n");
    CliResult md = Cli.run("evaluate", "--qrels", qrels.toString(), "--run", run.toString(), "--preset", "strict",
        "-m", "P@2", "-m", "AP", "--bounds", "--format", "md", "--exact");
    assertThatRun(md).succeeded();
    // P@2: b, a for q1 and c alone for q2, 1/2 each; AP: 1/2 and 1
    assertThat(md.stdout()).contains("| P@2     |  1/2 | Judged@2 0.7500 | [1/2, 1/2] |")
        .contains("| AP      |  3/4 |                 | [3/4, 3/4] |");
  }
}
