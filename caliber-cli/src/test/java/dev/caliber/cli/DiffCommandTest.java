package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** caliber diff as a user runs it: what changed between two runs, in every format, and its refusals. */
class DiffCommandTest {
  @TempDir Path dir;

  private Path a;
  private Path b;
  private Path qrels;

  /**
   * Two small TREC runs: q1 in both (A ranks d1 d2 d3 by score, B d2 d1 d9), q2 only in A, q3 only
   * in B; judgments that name d9 for q1 and nothing for q3.
   */
  @BeforeEach
  void runs() {
    a = Cli.write(dir, "a.txt", "q1 Q0 d1 1 3 a\nq1 Q0 d2 2 2 a\nq1 Q0 d3 3 1 a\nq2 Q0 d1 1 1 a\n");
    b = Cli.write(dir, "b.txt", "q1 Q0 d2 1 3 b\nq1 Q0 d1 2 2 b\nq1 Q0 d9 3 1 b\nq3 Q0 x 1 1 b\n");
    qrels = Cli.write(dir, "qrels.txt", "q1 0 d9 1\n");
  }

  private static final String HEADER = "row\tquery\tin_a\tin_b\tranked_a\tranked_b\trbo_min\trbo_res\trbo_ext\toverlap@2"
      + "\toverlap_fraction@2\tjaccard@2\tmoved@2\tnew@2\tdropped@2";

  @Test
  void should_print_a_row_per_query_of_the_union_and_a_row_of_means() {
    // q1: X_1 = 0, X_2 = X_3 = 2, so RBO_ext = (0.1/0.9)(2 * 0.81/2 + 2 * 0.729/3) + (2/3) 0.729 = 0.63;
    // q2 and q3: a ranking against an empty one
    assertThatRun(Cli.run("diff", a, b, "--k", "2")).succeeded().printed(HEADER + "\n"
        + "query\tq1\ttrue\ttrue\t3\t3\t0.3117\t0.5613\t0.6300\t2\t1.0000\t1.0000\t2\t0\t0\n"
        + "query\tq2\ttrue\tfalse\t1\t0\t0.0000\t1.0000\t0.0000\t0\t0.0000\t0.0000\t0\t0\t1\n"
        + "query\tq3\tfalse\ttrue\t0\t1\t0.0000\t1.0000\t0.0000\t0\t0.0000\t0.0000\t0\t1\t0\n"
        + "mean\t\t\t\t\t\t0.1039\t0.8538\t0.2100\t0.6667\t0.3333\t0.3333\t\t\t\n");
  }

  @Test
  void should_mark_the_new_documents_the_judgments_do_not_name() {
    // WHEN with judgments, at k = 3, where B's top 3 brings d9 (judged) into q1 and x (unjudged) into q3
    CliResult tsv = Cli.run("diff", a, b, "--k", "3", "--qrels", qrels);
    CliResult md = Cli.run("diff", a, b, "--k", "3", "--qrels", qrels, "--format", "md");
    // THEN the table counts the unjudged ones, and the report says which document is which
    assertThatRun(tsv).succeeded();
    assertThat(tsv.stdout().lines().toList().get(0)).endsWith("\tnew@3\tdropped@3\tunjudged_new@3");
    assertThat(tsv.stdout()).contains("query\tq1\ttrue\ttrue\t3\t3\t", "\t2\t1\t1\t0\n", "query\tq3\tfalse\ttrue\t0\t1\t",
        "\t0\t1\t0\t1\n");
    assertThatRun(md).succeeded();
    assertThat(md.stdout()).contains("- judgments: given: each document new to B's top k says whether they name it\n",
        "Query q1: 2 moved, 1 new (0 unjudged), 1 dropped\n",
        "| d9       |      – |      3 | new     | yes    |\n",
        "| d3       |      3 |      – | dropped |        |\n",
        "Query q3: 0 moved, 1 new (1 unjudged), 0 dropped\n",
        "| x        |      – |      1 | new    | no     |\n");
    CliResult json = Cli.run("diff", a, b, "--k", "3", "--qrels", qrels, "--format", "json");
    assertThat(json.stdout()).contains("\"doc\": \"x\",\n              \"rank_a\": null,\n              \"rank_b\": 1,\n"
        + "              \"judged\": false\n");
  }

  @Test
  void should_give_every_value_in_json_exact_where_rational() {
    CliResult r = Cli.run("diff", a, b, "--k", "2", "--format", "json");
    assertThatRun(r).succeeded();
    assertThat(r.stdout()).startsWith("{\n  \"caliber_diff\": 1,\n  \"runs\": {\n    \"a\": \"a.txt\",\n    \"b\": \"b.txt\"\n  },\n")
        .contains("\"rbo_p\": 0.9,", "\"depth\": null,", "\"ordering\": \"score\",",
            "\"source\": \"the union of both runs' queries (3)\"",
            "\"missing_from_a\": [\n      \"q3\"\n    ],\n    \"missing_from_b\": [\n      \"q2\"\n    ],",
            "\"overlap\": \"2/3\",\n        \"overlap_decimal\": 0.6666666666666666,",
            "\"overlap_fraction\": \"1/3\",", "\"jaccard\": \"1/3\",",
            "\"ext\": 0.63", "\"common\": [\n            {\n              \"doc\": \"d1\",\n              \"rank_a\": 1,\n"
                + "              \"rank_b\": 2\n            },")
        .doesNotContain("\"recall\"")
        .endsWith("}\n");
  }

  @Test
  void should_write_the_same_table_as_csv_for_a_spreadsheet() {
    CliResult tsv = Cli.run("diff", a, b, "--k", "2");
    CliResult csv = Cli.run("diff", a, b, "--k", "2", "--format", "csv");
    assertThatRun(csv).succeeded();
    assertThat(csv.stdout()).isEqualTo(tsv.stdout().replace('\t', ',').replace("\n", "\r\n"));
    // an ID a spreadsheet would run as a formula is shown, not run, unless asked for as it is
    Path x = Cli.write(dir, "x.txt", "=1+1 Q0 d1 1 1 x\n");
    Path y = Cli.write(dir, "y.txt", "=1+1 Q0 d2 1 1 y\n");
    assertThat(Cli.run("diff", x, y, "--format", "csv").stdout()).contains("\r\nquery,'=1+1,true,true,");
    assertThat(Cli.run("diff", x, y, "--format", "csv", "--raw-csv").stdout()).contains("\r\nquery,=1+1,true,true,");
  }

  @Test
  void should_escape_every_id_in_markdown_and_html() {
    Path x = Cli.write(dir, "x.txt", "<script>q Q0 a&b\"c 1 2 x\nq|*_1 Q0 d1 1 1 x\n");
    Path y = Cli.write(dir, "y.txt", "<script>q Q0 <img 1 2 y\nq|*_1 Q0 www.example.com 1 1 y\n");
    CliResult md = Cli.run("diff", x, y, "--format", "md");
    assertThatRun(md).succeeded();
    assertThat(md.stdout()).contains("| \\<script\\>q |", "| q\\|\\*\\_1    |", "| \\<img   ", "| a\\&b\"c ", "www\\.example.com")
        .doesNotContainPattern("(?<!\\\\)<(script|img)"); // every < escaped with a backslash
    CliResult html = Cli.run("diff", x, y, "--format", "html");
    assertThatRun(html).succeeded();
    assertThat(html.stdout()).startsWith("<!DOCTYPE html>\n").contains("Content-Security-Policy", "&lt;script&gt;q",
        "&lt;img", "a&amp;b&quot;c", "q|*_1").doesNotContain("<script>q", "<img").endsWith("</html>\n");
  }

  @Test
  void should_give_ann_recall_against_run_a_and_leave_out_a_query_without_true_neighbours() {
    // GIVEN the exact neighbours of q1 and q2 (A) and an approximate search (B) that also answers q3
    Path exact = Cli.write(dir, "exact.txt", "q1 Q0 n1 1 4 e\nq1 Q0 n2 2 3 e\nq1 Q0 n3 3 2 e\nq1 Q0 n4 4 1 e\n"
        + "q2 Q0 n1 1 2 e\nq2 Q0 n2 2 1 e\n");
    Path approx = Cli.write(dir, "approx.txt", "q1 Q0 n1 1 4 a\nq1 Q0 x 2 3 a\nq1 Q0 n3 3 2 a\nq1 Q0 n2 4 1 a\n"
        + "q2 Q0 n2 1 3 a\nq2 Q0 y 2 2 a\nq2 Q0 n1 3 1 a\nq3 Q0 z 1 1 a\n");
    // WHEN
    CliResult r = Cli.run("diff", exact, approx, "--ann", "--k", "3", "--exact");
    // THEN q1 finds 2 of its 3 nearest, q2 both of its 2 (min(k, |A|)), q3 has none to find: no recall, out of the mean
    assertThatRun(r).succeeded();
    assertThat(r.stdout().lines().toList()).containsExactly(
        "row\tquery\tin_a\tin_b\tranked_a\tranked_b\trbo_min\trbo_res\trbo_ext\toverlap@3\toverlap_fraction@3\tjaccard@3"
            + "\tmoved@3\tnew@3\tdropped@3\trecall@3",
        "query\tq1\ttrue\ttrue\t4\t4\t0.4505\t0.4592\t0.7458\t2\t2/3\t1/2\t0\t1\t1\t2/3",
        "query\tq2\ttrue\ttrue\t2\t3\t0.2667\t0.5883\t0.7200\t2\t2/3\t2/3\t2\t1\t0\t1",
        "query\tq3\tfalse\ttrue\t0\t1\t0.0000\t1.0000\t0.0000\t0\t0\t0\t0\t1\t0\t",
        "mean\t\t\t\t\t\t0.2391\t0.6825\t0.4886\t4/3\t4/9\t7/18\t\t\t\t5/6");
    assertThat(Cli.run("diff", exact, approx, "--ann", "--k", "3", "--format", "json").stdout())
        .contains("\"recall\": \"5/6\",\n        \"recall_decimal\": 0.8333333333333334,\n        \"recall_queries\": 2")
        .contains("\"recall\": null,\n          \"recall_decimal\": null,");
    assertThat(Cli.run("diff", exact, approx, "--ann", "--k", "3", "--format", "md").stdout())
        .contains("| 0.8333 (2 queries) |");
  }

  @Test
  void should_take_a_query_set_in_its_order_and_list_the_queries_outside_it() {
    Path set = Cli.write(dir, "set.txt", "q9\nq1\n");
    CliResult r = Cli.run("diff", a, b, "--query-set", set, "--format", "md");
    assertThatRun(r).succeeded();
    assertThat(r.stdout()).contains("- query set: the 2 queries listed in set.txt, 2 queries (every mean's denominator)",
        "- missing from A: 1 (q9)\n", "- missing from B: 1 (q9)\n", "- ignored: 2 (q2, q3) run queries outside the query set\n");
    assertThat(r.stdout().indexOf("| q9    |")).isLessThan(r.stdout().indexOf("| q1    |"));
  }

  @Test
  void should_read_one_run_from_standard_input_and_write_the_output_atomically() throws Exception {
    byte[] runA = Files.readAllBytes(a);
    CliResult fromStdin = Cli.runWithInput(runA, "diff", "-", b, "--format", "json");
    assertThatRun(fromStdin).succeeded();
    assertThat(fromStdin.stdout()).contains("\"a\": \"stdin\"");
    Path out = dir.resolve("diff.tsv");
    assertThatRun(Cli.run("diff", a, b, "-o", out)).succeeded().printedNothing();
    assertThat(Files.readString(out, StandardCharsets.UTF_8)).isEqualTo(Cli.run("diff", a, b).stdout());
  }

  @Test
  void should_rank_by_score_with_ties_by_document_id_unless_given_order_is_asked_for() {
    // GIVEN A lists d1 d2 d3 with d2 and d3 tied; B ranks d3 d2 d1
    Path tied = Cli.write(dir, "tied.txt", "q1 Q0 d1 1 5 t\nq1 Q0 d2 2 5 t\nq1 Q0 d3 3 5 t\n");
    Path reversed = Cli.write(dir, "reversed.txt", "q1 Q0 d3 1 3 r\nq1 Q0 d2 2 2 r\nq1 Q0 d1 3 1 r\n");
    // THEN by score the tie breaks by document ID descending, d3 d2 d1: nothing moved
    assertThat(Cli.run("diff", tied, reversed).stdout()).contains("query\tq1\ttrue\ttrue\t3\t3\t0.5225\t0.4775\t1.0000\t3\t0.3000\t1.0000\t0\t0\t0\n");
    // AND in file order two documents swapped
    assertThat(Cli.run("diff", tied, reversed, "--ordering", "given").stdout()).contains("\t3\t0.3000\t1.0000\t2\t0\t0\n");
  }

  @Test
  void should_refuse_bad_settings_as_usage_errors_before_reading_anything() {
    assertThatRun(Cli.run("diff", a, b, "--rbo-p", "1.5")).failedWith(ExitCodes.USAGE,
        "usage: --rbo-p: illegal persistence 1.5, must be strictly between 0 and 1 (see 'caliber diff --help')");
    assertThatRun(Cli.run("diff", a, b, "--rbo-p", "0")).failedWith(ExitCodes.USAGE,
        "usage: --rbo-p: illegal persistence 0.0, must be strictly between 0 and 1 (see 'caliber diff --help')");
    assertThatRun(Cli.run("diff", a, b, "--rbo-p", "NaN")).failedWith(ExitCodes.USAGE,
        "usage: --rbo-p: illegal persistence NaN, must be strictly between 0 and 1 (see 'caliber diff --help')");
    assertThatRun(Cli.run("diff", a, b, "--rbo-p", "abc")).failedWith(ExitCodes.USAGE,
        "usage: Invalid value for option '--rbo-p': 'abc' is not a double (see 'caliber diff --help')");
    assertThatRun(Cli.run("diff", a, b, "--k", "10", "--k", "0")).failedWith(ExitCodes.USAGE,
        "usage: --k: 0 is out of range; expected a whole number from 1 to 2147483647 (see 'caliber diff --help')");
    assertThatRun(Cli.run("diff", a, b, "--k", "5", "--k", "5")).failedWith(ExitCodes.USAGE,
        "usage: --k: illegal cutoffs [5, 5]: 5 is given twice (see 'caliber diff --help')");
    assertThatRun(Cli.run("diff", a, b, "--depth", "0")).failedWith(ExitCodes.USAGE,
        "usage: --depth: 0 is out of range; expected a whole number from 1 to 2147483647 (see 'caliber diff --help')");
    assertThatRun(Cli.run("diff", a, b, "--exact", "--format", "json")).failedWith(ExitCodes.USAGE,
        "usage: --exact applies to --format tsv, csv, md or html; JSON always holds exact fractions (see 'caliber diff --help')");
    assertThatRun(Cli.run("diff", a, b, "--raw-csv")).failedWith(ExitCodes.USAGE,
        "usage: --raw-csv applies to --format csv only, not --format tsv (see 'caliber diff --help')");
    assertThatRun(Cli.run("diff", a)).failedWith(ExitCodes.USAGE, "usage: Missing required parameter: 'B' (see 'caliber diff --help')");
    assertThatRun(Cli.run("diff", "-", "-")).failedWith(ExitCodes.USAGE,
        "usage: only one input can be standard input ('-'), got 2 (see 'caliber diff --help')");
    assertThatRun(Cli.run("diff", a, b, "-o", a)).failedWith(ExitCodes.USAGE,
        "usage: -o " + a + " is the input " + a + "; the result would overwrite it: give another path (see 'caliber diff --help')");
  }

  @Test
  void should_refuse_a_malformed_run_and_a_repeated_document_as_invalid_input() {
    Path bad = Cli.write(dir, "bad.txt", "q1 Q0 d1 1 abc t\n");
    assertThatRun(Cli.run("diff", bad, b)).failedWith(ExitCodes.INVALID_INPUT, "invalid input: " + bad + ":1: score must be a finite"
        + " decimal number (got \"abc\"; expected digits with an optional sign, decimal point and exponent, such as 12.5, -3 or 1.5e-05)");
    Path twice = Cli.write(dir, "twice.txt", "q1 Q0 d1 1 3 t\nq1 Q0 d1 2 2 t\n");
    assertThatRun(Cli.run("diff", a, twice)).failedWith(ExitCodes.INVALID_INPUT, "invalid input: " + twice
        + ":2: duplicate document ID; deduplicate upstream explicitly (query \"q1\": document \"d1\" on line 2 repeats line 1)");
    Path missing = dir.resolve("missing.txt");
    assertThatRun(Cli.run("diff", a, missing)).failedWith(ExitCodes.IO, "cannot read " + missing + ": no such file");
  }

  @Test
  void should_agree_with_the_readme_on_cacm() {
    Path runs = Cli.data().resolve("cacm/runs-anserini-0.13.3");
    CliResult r = Cli.run("diff", runs.resolve("run.cacm.bm25.txt.gz"), runs.resolve("run.cacm.ql.txt.gz"));
    assertThatRun(r).succeeded();
    // 64 queries, RBO (p = 0.9) 0.7297, overlap@10 477/64 = 7.4531 of 10
    assertThat(r.stdout().lines().count()).isEqualTo(1 + 64 + 1);
    assertThat(r.stdout()).endsWith("mean\t\t\t\t\t\t0.7297\t0.00000000000000017\t0.7297\t7.4531\t0.7453\t0.6146\t\t\t\n");
  }
}
