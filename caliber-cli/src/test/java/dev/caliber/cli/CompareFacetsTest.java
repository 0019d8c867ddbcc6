package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code caliber compare --facets}: every measure and pair per facet value on CACM
 * (examples/cacm-facets), in every format; without it the report is as before; bad facet files and
 * formats that cannot hold two tables are refused.
 */
class CompareFacetsTest {
  private static final Path ROOT = Path.of(System.getProperty("caliber.root", ".."));
  private static final String QRELS = ROOT.resolve("data/cacm/qrels.cacm.txt").toString();
  private static final Path RUNS = ROOT.resolve("data/cacm/runs-anserini-0.13.3");
  private static final String FACETS = ROOT.resolve("examples/cacm-facets/facets.tsv").toString();

  @TempDir Path dir;

  private static CliResult compare(String... more) {
    List<String> all = new ArrayList<>(List.of("compare", "--qrels", QRELS, "--compat", "trec_eval", "-m", "AP", "-m", "P@10",
        "--run", "bm25=" + RUNS.resolve("run.cacm.bm25.txt.gz"), "--run", "rm3=" + RUNS.resolve("run.cacm.bm25+rm3.txt.gz"),
        "--resamples", "1000", "--permutations", "1000"));
    all.addAll(List.of(more));
    return Cli.run(all.toArray());
  }

  @Test
  void should_compare_each_facet_value_in_every_format_after_the_unchanged_report() {
    // WHEN bm25 and bm25+rm3 are compared with and without CACM's two facets
    CliResult md = compare("--facets", FACETS, "--format", "md");
    CliResult plainMd = compare("--format", "md");
    // THEN the report without facets is the start of the report with them, byte for byte
    assertThatRun(md).succeeded();
    assertThat(md.stdout()).startsWith(plainMd.stdout());
    // AND each value of each facet has its own comparison; rm3's gain is on the topics with many judgments
    assertThat(md.stdout().substring(plainMd.stdout().length())).startsWith("### By facet: length\n\n")
        .contains("Holm's correction over the 8 comparisons of every facet value",
            "| few   |      21 | AP      | bm25 → rm3 |",
            "| many  |      31 | AP      | bm25 → rm3 | +0.0867 [+0.0495, +0.1252] ▲ |")
        .contains("### By facet: judged");
    for (String format : List.of("json", "latex", "html")) {
      CliResult with = compare("--facets", FACETS, "--format", format);
      CliResult without = compare("--format", format);
      assertThatRun(with).succeeded();
      assertThat(without.stdout()).doesNotContain("facet");
      assertThat(with.stdout()).contains(format.equals("json") ? "\"facet_comparisons\": {" : format.equals("latex")
          ? "Paired comparison per facet value" : "<h2>By facet: judged</h2>");
    }
    CliResult json = compare("--facets", FACETS, "--format", "json");
    assertThat(json.stdout()).contains("\"m\": 8", "\"outside_query_set\": 0", "\"facets\": {\n      \"length\": [\n"
        + "        {\n          \"value\": \"long\",\n          \"queries\": 27,\n          \"comparisons\": [");
    CliResult html = compare("--facets", FACETS, "--format", "html");
    assertThat(html.stdout()).contains("<h3>AP per value of judged</h3>\n<svg class=\"chart\"")
        .endsWith("</body>\n</html>\n");
    assertThat(html.stdout().indexOf("<h2>By facet: length</h2>")).as("the section comes before the page's closing words")
        .isLessThan(html.stdout().indexOf("<p class=\"muted\">Written by caliber."));
  }

  @Test
  void should_make_tsv_and_csv_the_facet_table_exact_with_exact() {
    CliResult tsv = compare("--facets", FACETS, "--format", "tsv", "--exact");
    assertThatRun(tsv).succeeded();
    List<String> lines = tsv.stdout().lines().toList();
    assertThat(lines.get(0)).isEqualTo("facet\tvalue\tqueries\tmeasure\tbaseline\tsystem\tbaseline_mean\tsystem_mean\tdelta\t"
        + "ci_lower\tci_upper\tp\tp_holm\tsignificant\twins\tties\tlosses");
    assertThat(lines).hasSize(1 + 2 * 2 * 2);
    // P@10 of the short topics: 82 relevant in 250 places for bm25 (as evaluate --facets says), 94 for rm3
    assertThat(lines.get(4)).startsWith("length\tshort\t25\tP@10\tbm25\trm3\t41/125\t47/125\t+6/125\t");
    CliResult csv = compare("--facets", FACETS, "--format", "csv");
    assertThat(csv.stdout()).startsWith("facet,value,queries,measure,").contains("\r\njudged,many,31,AP,bm25,rm3,0.2614,0.3481,+0.0867,");
  }

  @Test
  void should_refuse_two_tables_in_one_and_a_query_without_a_value() {
    assertThatRun(compare("--facets", FACETS, "--tukey", "--format", "csv")).failedWithUsage("caliber compare",
        "--facets and --tukey each make --format csv their own table; give one of them, or use --format json, md, latex or html for both");
    assertThatRun(compare("--facets", FACETS, "--tukey", "--format", "md")).succeeded();
    Path partial = Cli.write(dir, "facets.tsv", "1\tlength\tshort\n");
    assertThatRun(compare("--facets", partial.toString())).rejectedInput(partial + ": query without a facet value (query"
        + " \"10\" of the query set has no value of facet \"length\" (nor have 50 more); expected one value of every facet for"
        + " every query of the query set)");
    assertThatRun(compare("--facets", FACETS, "--format", "tsv", "-o", FACETS)).failedWithLineStartingWith(ExitCodes.USAGE,
        "usage: -o ");
  }

  @Test
  void should_compare_recorded_entries_per_facet_value_as_fresh_runs() {
    // GIVEN both runs recorded in a history by compare
    String h = dir.resolve("history.sqlite").toString();
    CliResult fresh = compare("--facets", FACETS, "--format", "tsv", "--history", h);
    assertThatRun(fresh).succeeded();
    // WHEN the entries are compared per facet value
    CliResult recorded = Cli.run("history", "compare", "1", "2", "--history", h, "--facets", FACETS, "--format", "tsv",
        "--resamples", "1000", "--permutations", "1000");
    // THEN the same table, under the entries' names
    assertThatRun(recorded).succeeded();
    assertThat(recorded.stdout().replace("#1 bm25", "bm25").replace("#2 rm3", "rm3")).isEqualTo(fresh.stdout());
  }

  /**
   * The README's CACM example of {@code --facets}: its command, run as written, prints the table
   * the README shows beneath it, line for line.
   */
  @Test
  void should_print_what_the_readme_shows_per_facet_value() throws IOException {
    ReadmeExample example = ReadmeExample.find((readme, k) -> readme.get(k).startsWith("C=data/cacm")
        && readme.get(k + 1).contains("compare") && readme.get(k + 2).contains("--facets"));
    List<String> args = new ArrayList<>();
    for (String word : example.words()) {
      String w = word.replace("$C", "data/cacm/runs-anserini-0.13.3");
      String path = w.substring(w.indexOf('=') + 1);
      args.add(path.startsWith("data/") || path.startsWith("examples/") ? w.substring(0, w.indexOf('=') + 1) + ROOT.resolve(path) : w);
    }
    assertThat(args.subList(0, 2)).containsExactly("./caliber", "compare");
    CliResult r = Cli.run(args.subList(1, args.size()).toArray());
    assertThatRun(r).succeeded();
    for (String line : example.shown()) {
      assertThat(r.stdout()).contains(line);
    }
  }
}
