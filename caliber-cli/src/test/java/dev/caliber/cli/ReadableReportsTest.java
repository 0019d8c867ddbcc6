package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The readable reports as a user reads them: decimals by default and fractions with --exact, the
 * policy and coverage in every Markdown and HTML report, a warning beside the means when coverage is
 * low, compare's summary first, and Markdown whose columns line up in a terminal.
 */
class ReadableReportsTest {
  private static final Path ROBUST = Cli.data().resolve("trec2003-robust");

  @TempDir Path tmp;

  private static CliResult robust(String... extra) {
    List<Object> args = new ArrayList<>(List.of("evaluate", "--qrels", ROBUST.resolve("qrels/robust03_qrels.txt.gz"), "--compat", "trec_eval",
        "--run", ROBUST.resolve("runs/input.MU03rob01.gz"), "-m", "AP", "-m", "P@10"));
    args.addAll(Arrays.asList(extra));
    return Cli.run(args.toArray());
  }

  @Test
  void should_print_decimals_in_tsv_and_markdown_by_default_and_fractions_with_exact() {
    // WHEN the robust03 run is printed as TSV and Markdown, as a user first does
    CliResult tsv = robust("--format", "tsv");
    CliResult md = robust("--format", "md");
    // THEN no per-query AP is hundreds of characters: four decimals, one format
    assertThatRun(tsv).succeeded();
    List<String> cells = tsv.stdout().lines().skip(1).flatMap(l -> Arrays.stream(l.split("\t")).skip(5)).toList();
    assertThat(cells).hasSize(200).allMatch(c -> c.matches("-?\\d+\\.\\d{4}|0\\.0000\\d+"), "a decimal");
    assertThatRun(md).succeeded();
    assertThat(md.stdout().lines().mapToInt(String::length).max().orElseThrow()).isLessThan(120);
    assertThat(md.stdout()).contains("| AP      | 0.1929 |").doesNotContain("e-0");
    // WHEN --exact
    CliResult exact = robust("--format", "tsv", "--exact");
    // THEN the exact fractions are back, for those who want them
    assertThatRun(exact).succeeded();
    assertThat(exact.stdout().lines().skip(1).map(l -> l.split("\t")[5])).anyMatch(c -> c.contains("/") && c.length() > 40);
  }

  @Test
  void should_refuse_exact_where_it_changes_nothing() {
    assertThatRun(robust("--exact")).failedWith(ExitCodes.USAGE,
        "usage: --exact applies to --format tsv, md or html, not --format json; JSON always holds exact fractions"
            + " (see 'caliber evaluate --help')");
  }

  @Test
  void should_show_the_policy_and_coverage_in_markdown_and_html_and_warn_beside_the_means_when_coverage_is_low() {
    // GIVEN pooled judgments that judged one document of each query's top 10
    Path qrels = Cli.write(tmp, "qrels.txt", "q1 0 d1 1\nq1 0 d2 0\nq2 0 d5 1\n");
    StringBuilder run = new StringBuilder();
    for (String q : List.of("q1", "q2")) {
      for (int i = 1; i <= 10; i++) {
        run.append(q).append(" Q0 ").append(i == 1 ? (q.equals("q1") ? "d1" : "d5") : "u" + i).append(' ').append(i).append(' ')
            .append(20 - i).append(" bm25\n");
      }
    }
    run.append("q7 Q0 d1 1 1 bm25\n"); // a query outside the judged set: ignored under trec_eval's policy
    Path r = Cli.write(tmp, "bm25.txt", run.toString());
    for (String format : List.of("md", "html")) {
      // WHEN
      CliResult res = Cli.run("evaluate", "--qrels", qrels, "--run", r, "--compat", "trec_eval", "-m", "P@10", "-m", "AP",
          "--format", format);
      // THEN
      assertThatRun(res).succeeded();
      String out = res.stdout();
      assertThat(out).contains("judgments", "pooled: an unjudged document counts as non-relevant", "relevance threshold",
          "a label of 1 or more is relevant", "gain", "ordering", "score: descending, ties by document ID descending",
          "no relevant document", "depth", "every ranked document", "measures", "sha256 ");
      assertThat(out).contains("Judged@10 0.1000 (low)",
          "Low coverage: under half of the top k is judged (Judged@10 = 0.1000)");
      // the warning comes where the means are: before the policy block
      assertThat(out.indexOf("Low coverage")).isLessThan(out.indexOf("judgments"));
      assertThat(out).containsPattern("ignored[^\\n]*1 \\(q7\\)");
    }
  }

  @Test
  void should_open_a_comparison_of_six_runs_with_one_summary_table_of_one_row_per_run() {
    // GIVEN six runs
    List<Object> args = new ArrayList<>(List.of("compare", "--protocol", Cli.example("protocol.json"), "--format", "md"));
    for (int i = 1; i <= 6; i++) {
      args.addAll(List.of("--run", "run" + i + "=" + Cli.example(i % 2 == 1 ? "runs/fixture_A.json" : "runs/fixture_B.json")));
    }
    // WHEN
    CliResult res = Cli.run(args.toArray());
    // THEN the first block after the heading is the summary: a header, a rule and one row per run
    assertThatRun(res).succeeded();
    String[] blocks = res.stdout().split("\n\n");
    assertThat(blocks[0]).isEqualTo("## caliber compare");
    List<String> summary = blocks[1].lines().toList();
    assertThat(summary).hasSize(2 + 6);
    assertThat(summary.get(0)).matches("\\| run +\\| +R@2 \\| +RR@2 \\|");
    assertThat(summary.get(2)).startsWith("| run1 (baseline) ").contains(" 0.5000 |");
    assertThat(summary.get(3)).startsWith("| run2 ").contains("0.8333 (1 worse)");
    assertThat(summary.subList(2, 8)).extracting(l -> l.substring(2, 6)).containsExactly("run1", "run2", "run3", "run4", "run5", "run6");
    assertThat(blocks[2]).startsWith("▲ / ▼: significantly better / worse than run1 after Holm's correction (p Holm < 0.05)");
    // and it fits on a screen: short lines, before any detail
    assertThat(summary).allMatch(l -> l.length() < 100);
  }

  @Test
  void should_line_up_every_markdown_tables_columns_for_a_terminal() {
    CliResult res = Cli.run("compare", "--protocol", Cli.example("protocol.json"), "--run", Cli.example("runs/fixture_A.json"),
        "--run", Cli.example("runs/fixture_B.json"), "--format", "md");
    assertThatRun(res).succeeded();
    for (String block : res.stdout().split("\n\n")) {
      List<String> lines = block.lines().toList();
      if (lines.get(0).startsWith("|")) {
        assertThat(lines).as(block).allMatch(l -> l.codePointCount(0, l.length()) == lines.get(0).codePointCount(0, lines.get(0).length()));
        // and the bars of every row fall at the same columns
        assertThat(lines).as(block).allMatch(l -> bars(l).equals(bars(lines.get(0))));
      }
    }
  }

  private static List<Integer> bars(String line) {
    List<Integer> at = new ArrayList<>();
    int col = 0;
    for (int i = 0; i < line.length(); i = line.offsetByCodePoints(i, 1), col++) {
      if (line.charAt(i) == '|' && (i == 0 || line.charAt(i - 1) != '\\')) {
        at.add(col);
      }
    }
    return at;
  }

  @Test
  void should_print_fractions_in_compare_with_exact_in_every_readable_format() {
    for (String format : List.of("md", "tsv", "csv", "latex", "html")) {
      CliResult res = Cli.run("compare", "--protocol", Cli.example("protocol.json"), "--run", Cli.example("runs/fixture_A.json"),
          "--run", Cli.example("runs/fixture_B.json"), "--format", format, "--exact");
      assertThatRun(res).succeeded();
      boolean table = format.equals("tsv") || format.equals("csv"); // per-query values only: q2's RR@2 is 1/2
      assertThat(res.stdout()).as(format).contains(table ? "1/2" : "5/6");
      CliResult decimals = Cli.run("compare", "--protocol", Cli.example("protocol.json"), "--run", Cli.example("runs/fixture_A.json"),
          "--run", Cli.example("runs/fixture_B.json"), "--format", format);
      assertThat(decimals.stdout()).as(format).doesNotContain(table ? "1/2" : "5/6").contains(table ? "0.5000" : "0.8333");
    }
  }
}
