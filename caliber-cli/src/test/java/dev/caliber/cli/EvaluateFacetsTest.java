package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code caliber evaluate --facets}: means per facet value on CACM (examples/cacm-facets), in
 * JSON, TSV and Markdown; a query of the query set without a value is refused.
 */
class EvaluateFacetsTest {
  private static final Path ROOT = Path.of(System.getProperty("caliber.root", ".."));
  private static final String QRELS = ROOT.resolve("data/cacm/qrels.cacm.txt").toString();
  private static final String BM25 = ROOT.resolve("data/cacm/runs-anserini-0.13.3/run.cacm.bm25.txt.gz").toString();
  private static final String FACETS = ROOT.resolve("examples/cacm-facets/facets.tsv").toString();

  @TempDir Path dir;

  private CliResult evaluate(String... more) {
    String[] base = {"evaluate", "--qrels", QRELS, "--run", BM25, "--compat", "trec_eval", "-m", "AP", "-m", "P@10"};
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return Cli.run((Object[]) all);
  }

  @Test
  void should_give_each_facet_values_means_in_tsv_json_and_markdown() {
    // WHEN CACM's BM25 run is evaluated with two facets
    CliResult tsv = evaluate("--facets", FACETS, "--format", "tsv");
    CliResult json = evaluate("--facets", FACETS);
    CliResult md = evaluate("--facets", FACETS, "--format", "md");
    // THEN each value's mean, over its queries; 27 x 0.3494 + 25 x 0.2722 is 52 x 0.3123, the run's AP
    assertThatRun(tsv).succeeded().printed("run\tfacet\tvalue\tqueries\tAP\tP@10\n"
        + "run.cacm.bm25.txt\tlength\tlong\t27\t0.3494\t0.3037\n"
        + "run.cacm.bm25.txt\tlength\tshort\t25\t0.2722\t0.3280\n"
        + "run.cacm.bm25.txt\tjudged\tfew\t21\t0.3873\t0.1905\n"
        + "run.cacm.bm25.txt\tjudged\tmany\t31\t0.2614\t0.4000\n");
    assertThatRun(json).succeeded();
    assertThat(json.stdout()).contains("\"facets\": {\n    \"length\": [\n      {\n        \"value\": \"long\",\n"
        + "        \"queries\": 27,").contains("\"outside_query_set\": 0");
    assertThatRun(md).succeeded();
    assertThat(md.stdout()).contains("**By facet**\n\n| length | queries |     AP |   P@10 |\n");
    CliResult html = evaluate("--facets", FACETS, "--format", "html");
    assertThatRun(html).succeeded();
    assertThat(html.stdout()).contains("<h2>By facet</h2>\n<table class=\"summary\">\n<thead><tr><th class=\"id\">length</th>"
        + "<th>queries</th><th>AP</th><th>P@10</th></tr></thead>\n<tbody>\n<tr><td class=\"id\">long</td><td>27</td><td>0.3494</td>")
        .contains("<h3>Mean AP per value of length</h3>\n<svg class=\"chart\"", "<title>long (27): AP = 0.3494</title>");
    // AND exact fractions with --exact
    assertThat(evaluate("--facets", FACETS, "--format", "tsv", "--exact").stdout()).contains("\tlength\tshort\t25\t")
        .contains("\t41/125\n"); // P@10 of the short queries: 82 relevant in 250 places
  }

  @Test
  void should_escape_facet_names_and_values_in_html_and_markdown() throws java.io.IOException {
    String hostile = java.nio.file.Files.readString(Path.of(FACETS)).replace("\tlong\n", "\t<img src=x onerror=alert(1)>|\n");
    Path file = Cli.write(dir, "hostile.tsv", hostile);
    CliResult html = evaluate("--facets", file.toString(), "--format", "html");
    CliResult md = evaluate("--facets", file.toString(), "--format", "md");
    assertThatRun(html).succeeded();
    assertThat(html.stdout()).contains("&lt;img src=x onerror=alert(1)&gt;|").doesNotContain("<img src=x");
    assertThatRun(md).succeeded();
    // Markdown shows the characters, escaped with a backslash each, so that no tag and no cell boundary comes of them
    assertThat(md.stdout()).contains("| \\<img src=x onerror=alert(1)\\>\\| |").doesNotContain("| <img");
  }

  @Test
  void should_refuse_a_query_without_a_value_and_formats_that_do_not_show_facets() {
    Path partial = Cli.write(dir, "facets.tsv", "1\tlength\tshort\n");
    assertThatRun(evaluate("--facets", partial.toString())).rejectedInput(partial + ": query without a facet value (query"
        + " \"10\" of the query set has no value of facet \"length\" (nor have 50 more); expected one value of every facet for"
        + " every query of the query set)");
    assertThatRun(evaluate("--facets", FACETS, "--format", "trec")).failedWithUsage("caliber evaluate",
        "--facets applies to --format json, tsv, md or html, not --format trec (trec_eval's text has no place for them)");
    assertThatRun(evaluate("--facets", FACETS, "--format", "tsv", "-o", FACETS)).failedWithLineStartingWith(ExitCodes.USAGE,
        "usage: -o ");
  }
}
