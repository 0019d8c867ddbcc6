package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * caliber qrels compare as a user runs it: two judgment sets' agreement in every format, the
 * systems' orderings under each, and its refusals. The expected coefficients are those of
 * caliber-compare's {@code src/test/resources/agreement/agreement_check.py} (its functions applied
 * to these tables).
 */
class QrelsCompareCommandTest {
  @TempDir Path dir;

  private Path a;
  private Path b;

  /**
   * A and B both judge q1 (d1 0/0, d2 1/2, d3 2/2; d4 only A, d5 only B) and q2 (d1 and d2, 1 in
   * both); q3 only A, q4 only B.
   */
  @BeforeEach
  void qrels() {
    a = Cli.write(dir, "nist.txt", "q1 0 d1 0\nq1 0 d2 1\nq1 0 d3 2\nq1 0 d4 0\nq2 0 d1 1\nq2 0 d2 1\nq3 0 d1 1\n");
    b = Cli.write(dir, "llm.txt", "q1 0 d1 0\nq1 0 d2 2\nq1 0 d3 2\nq1 0 d5 1\nq2 0 d1 1\nq2 0 d2 1\nq4 0 d1 0\n");
  }

  private static final String HEADER = "row\tquery\tpairs\tpairs_only_a\tpairs_only_b\tagreement\tbinary_agreement\tkappa"
      + "\tkappa_linear\tkappa_quadratic\talpha_nominal\talpha_ordinal\talpha_interval\tundefined\n";

  @Test
  void should_print_a_row_per_common_query_and_a_row_of_all_pairs() {
    // q1: kappa 1, linear 2/3, quadratic 4/5, alpha 6/11, 7/9, 24/29; all: 1, 14/19, 4/5, 22/31, 139/175, 40/49
    String why = "both sets put every common pair in one category";
    assertThatRun(Cli.run("qrels", "compare", a, b, "--format", "tsv", "--exact")).succeeded().printed(HEADER
        + "query\tq1\t3\t1\t1\t2/3\t1\t1\t2/3\t4/5\t6/11\t7/9\t24/29\t\n"
        + "query\tq2\t2\t0\t0\t1\t1\t\t\t\t\t\t\tkappa: " + why + " (relevant: at least 1), so chance agreement is 1;"
        + " kappa_linear, kappa_quadratic, alpha_nominal, alpha_ordinal, alpha_interval: " + why + " (1), so chance agreement"
        + " is 1\n"
        + "all\t\t5\t2\t2\t4/5\t1\t1\t14/19\t4/5\t22/31\t139/175\t40/49\t\n");
    assertThat(Cli.run("qrels", "compare", a, b, "--format", "tsv").stdout()).contains("\t0.7368\t0.8000\t0.7097\t0.7943\t0.8163\t\n");
  }

  @Test
  void should_give_exact_values_and_reasons_in_json_never_nan() {
    CliResult r = Cli.run("qrels", "compare", a, b);
    assertThatRun(r).succeeded();
    assertThat(r.stdout()).startsWith("{\n  \"caliber_qrels_compare\": 1,\n  \"qrels\": {\n    \"a\": \"" + a + "\",\n")
        .contains("\"relevance_threshold\": 1,", "\"queries_only_a\": [\n      \"q3\"\n    ],",
            "\"queries_only_b\": [\n      \"q4\"\n    ],", "\"pairs_both\": 5,", "\"pairs_only_a\": 2,",
            "\"confusion\": [\n      [\n        1,\n        0,\n        0\n      ],",
            "\"kappa_linear\": {\n      \"value\": \"14/19\",\n      \"decimal\": 0.7368421052631579,\n      \"undefined\": null\n",
            "\"value\": null,\n        \"decimal\": null,\n        \"undefined\": \"both sets put every common pair in one category (1)",
            "\"orderings\": null")
        .doesNotContain("NaN");
  }

  @Test
  void should_escape_every_id_in_markdown_and_say_why_a_value_is_missing() {
    Path odd = Cli.write(dir, "odd.txt", "q\u202Ex 0 d1 1\nq|*y 0 d1 0\n");
    CliResult r = Cli.run("qrels", "compare", odd, odd, "--format", "md");
    assertThatRun(r).succeeded();
    assertThat(r.stdout()).doesNotContain("\u202E").contains("q\\[U+202E\\]x", "q\\|\\*y", "| Cohen's kappa (binary)",
        "Undefined for query q\\[U+202E\\]x: kappa: both sets put every common pair in one category (relevant: at least 1)");
    CliResult md = Cli.run("qrels", "compare", a, b, "--format", "md");
    assertThat(md.stdout()).contains("- queries judged in both: 2; only in A: 1 (q3); only in B: 1 (q4)\n",
        "| A \\\\ B |   0 |   1 |   2 |\n", "|      1 |   0 |   2 |   1 |\n", "| q2    |     2 |      0 |      0 |    1.0000 | undefined |");
  }

  @Test
  void should_order_the_runs_under_both_sets_and_name_the_swaps() {
    // GIVEN x ranks d3 first (2 under both), y d2 (1 under A, 2 under B), z d5 (only B judges it: 1)
    Path x = Cli.write(dir, "x.txt", "q1 Q0 d3 1 3 x\nq1 Q0 d2 2 2 x\nq2 Q0 d1 1 1 x\n");
    Path y = Cli.write(dir, "y.txt", "q1 Q0 d2 1 3 y\nq1 Q0 d3 2 2 y\nq2 Q0 d9 1 1 y\n");
    Path z = Cli.write(dir, "z.txt", "q1 Q0 d5 1 3 z\nq1 Q0 d4 2 2 z\nq2 Q0 d1 1 1 z\n");
    // WHEN
    CliResult r = Cli.run("qrels", "compare", a, b, "--run", x, "--run", y, "--run", z, "-m", "P@1", "--format", "md");
    // THEN P@1 under A: x (1 + 1) / 2, y (1 + 0) / 2, z (0 + 1) / 2; under B: x 1, y 1/2, z 1: no pair swaps
    assertThatRun(r).succeeded();
    assertThat(r.stdout()).contains("- P@1 over the 2 queries judged in both", "| x.txt |       1.0000 |     1 |       1.0000 |     1 |",
        "| z.txt |       0.5000 |     2 |       1.0000 |     1 |", "**Pairs ordered oppositely**: none",
        "tau_AP (A the reference): undefined");
    CliResult json = Cli.run("qrels", "compare", a, b, "--run", x, "--run", y, "--run", z, "-m", "P@1");
    assertThat(json.stdout()).contains("\"measure\": \"P@1\",", "\"comparisons\": 3,", "\"mean_a\": \"1\",",
        "\"tau_b\": {\n      \"value\": ");
  }

  @Test
  void should_refuse_bad_options_as_usage_errors_and_bad_files_as_invalid_input() {
    Path x = Cli.write(dir, "x.txt", "q1 Q0 d3 1 3 x\n");
    assertThatRun(Cli.run("qrels", "compare", a, b, "--run", x)).failedWith(ExitCodes.USAGE,
        "usage: --run: an ordering needs at least two runs, got one (" + x + ") (see 'caliber qrels compare --help')");
    assertThatRun(Cli.run("qrels", "compare", a, b, "--exact")).failedWith(ExitCodes.USAGE,
        "usage: --exact applies to --format md or tsv; JSON always holds exact fractions (see 'caliber qrels compare --help')");
    assertThatRun(Cli.run("qrels", "compare", a, b, "-m", "nDCG@x")).failedWith(ExitCodes.USAGE,
        "usage: --measure: " + measureError() + " (see 'caliber qrels compare --help')");
    assertThatRun(Cli.run("qrels", "compare", a)).failedWith(ExitCodes.USAGE,
        "usage: Missing required parameter: 'B' (see 'caliber qrels compare --help')");
    assertThatRun(Cli.run("qrels")).failedWith(ExitCodes.USAGE, "usage: qrels needs a command: compare (see 'caliber qrels --help')");
    assertThatRun(Cli.run("qrels", "compare", a, b, "-o", a)).failedWith(ExitCodes.USAGE,
        "usage: -o " + a + " is the input " + a + "; the result would overwrite it: give another path (see 'caliber qrels compare --help')");
    // judgment sets with no query in common cannot order runs: invalid input, one line
    Path other = Cli.write(dir, "other.txt", "q7 0 d1 1\n");
    Path y = Cli.write(dir, "y.txt", "q7 Q0 d1 1 3 y\n");
    CliResult disjoint = Cli.run("qrels", "compare", a, other, "--run", x, "--run", y);
    assertThat(disjoint.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(disjoint.stderr().strip()).doesNotContain("\n").contains("no query judged in both sets",
        "expected judgment sets with queries in common");
    Path bad = Cli.write(dir, "bad.txt", "q1 0 d1 1\nq1 0 d2 high\n");
    CliResult r = Cli.run("qrels", "compare", a, bad);
    assertThat(r.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(r.stderr()).startsWith("caliber: invalid input: " + bad + ":2: ").contains("high").doesNotContain("\tat ");
    assertThat(r.stderr().lines().count()).isEqualTo(1);
  }

  /** One file, two sources on q1's d2 and d4: NIST's whole labels, an LLM judge's decimals. */
  private Path sourced() {
    return Cli.write(dir, "labels.tsv", "query\tdoc\tlabel\tsource\n"
        + "q1\td1\t0\tnist\nq1\td2\t1\tnist\nq1\td3\t1\tnist\nq1\td4\t0\tnist\n"
        + "q1\td2\t0.7\tllm\nq1\td4\t0.25\tllm\nq1\td3\t1\tllm\nq1\td1\t0\tllm\n");
  }

  @Test
  void should_compare_two_sources_of_one_file_with_exact_labels() {
    Path f = sourced();
    // WHEN A is NIST's labels and B the LLM's, of the same file
    CliResult json = Cli.run("qrels", "compare", f, f, "--label-sources-a", "nist", "--label-sources-b", "llm");
    // THEN the categories are the exact labels, and each set's sources are counted
    assertThatRun(json).succeeded();
    assertThat(json.stdout()).contains("\"label_sources_a\": {\n    \"nist\": 4\n  },\n  \"label_sources_b\": {\n    \"llm\": 4\n  },",
        "\"labels\": [\n      0,\n      0.25,\n      0.7,\n      1\n    ],", "\"pairs_both\": 4,")
        .doesNotContain("\n      7,\n", "\n      25,\n");
    // A 0 1 1 0 against B 0 0.7 1 0.25: at threshold 1, 0.7 is not relevant (binary agreement 3/4)
    assertThat(json.stdout()).contains("\"binary_agreement\": \"3/4\"");
    CliResult md = Cli.run("qrels", "compare", f, f, "--label-sources-a", "nist", "--label-sources-b", "llm", "--format", "md");
    assertThat(md.stdout()).contains("- label sources of A: nist 4 labels\n- label sources of B: llm 4 labels\n",
        "| A \\\\ B |   0 | 0.25 | 0.7 |   1 |\n");
    // and plain qrels name no source: the report is unchanged
    assertThat(Cli.run("qrels", "compare", a, b).stdout()).doesNotContain("label_sources");
    assertThat(Cli.run("qrels", "compare", a, b, "--format", "md").stdout()).doesNotContain("label sources");
  }

  @Test
  void should_refuse_a_precedence_it_cannot_apply() {
    Path f = sourced();
    // a pair labelled by two sources, without a precedence: invalid input naming both lines
    CliResult both = Cli.run("qrels", "compare", f, b);
    assertThat(both.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(both.stderr()).startsWith("caliber: invalid input: " + f + ":6: ").contains("labelled by two sources",
        "--label-sources");
    assertThat(both.stderr().lines().count()).isEqualTo(1);
    // a precedence for judgments that name no source
    CliResult none = Cli.run("qrels", "compare", a, f, "--label-sources-a", "nist", "--label-sources-b", "llm");
    assertThat(none.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(none.stderr()).startsWith("caliber: invalid input: " + a + ": ").contains("no sources to choose from");
    assertThat(none.stderr().lines().count()).isEqualTo(1);
    // a source listed twice: a usage error, before anything is read
    assertThatRun(Cli.run("qrels", "compare", f, f, "--label-sources-a", "nist,nist")).failedWith(ExitCodes.USAGE,
        "usage: --label-sources-a: got nist,nist; expected distinct, non-empty source names, highest first (nist,llm:gpt-4o)"
            + " (see 'caliber qrels compare --help')");
  }

  @Test
  void should_refuse_a_whole_grade_measure_on_decimal_labels_in_one_line() {
    Path f = sourced();
    Path x = Cli.write(dir, "x.txt", "q1 Q0 d2 2 2 x\nq1 Q0 d3 1 1 x\n");
    Path y = Cli.write(dir, "y.txt", "q1 Q0 d3 2 2 y\nq1 Q0 d2 1 1 y\n");
    // a binary measure reads 0.7 exactly: under the LLM's labels only d3 is relevant
    CliResult ok = Cli.run("qrels", "compare", f, f, "--label-sources-a", "nist", "--label-sources-b", "llm",
        "--run", x, "--run", y, "-m", "P@1");
    assertThatRun(ok).succeeded();
    assertThat(ok.stdout()).contains("\"mean_a\": \"1\",\n        \"mean_a_decimal\": 1.0,\n        \"mean_b\": \"0\",");
    // ERR reads labels as whole grades: refused, naming the measure and the label's line
    CliResult err = Cli.run("qrels", "compare", f, f, "--label-sources-a", "nist", "--label-sources-b", "llm",
        "--run", x, "--run", y, "-m", "ERR@10");
    assertThat(err.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(err.stderr()).startsWith("caliber: invalid input: " + f + ":6: ").contains("fractional label", "0.7", "ERR@10")
        .doesNotContain("\tat ");
    assertThat(err.stderr().lines().count()).isEqualTo(1);
  }

  private static String measureError() {
    try {
      dev.caliber.measure.Measures.parse("nDCG@x");
      throw new AssertionError("nDCG@x parsed");
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  @Test
  void should_write_the_output_file_whole() {
    Path out = dir.resolve("agreement.json");
    assertThatRun(Cli.run("qrels", "compare", a, b, "-o", out)).succeeded().printedNothing();
    assertThat(Cli.text(out)).startsWith("{\n  \"caliber_qrels_compare\": 1,").endsWith("\"orderings\": null\n}\n");
  }

  @Test
  void should_agree_with_the_readme_on_trec_rag_2025() {
    // GIVEN NIST's and UMBRELA's judgments of the 22 TREC 2025 RAG test topics (data/trec2025-rag)
    Path q = Cli.data().resolve("trec2025-rag");
    Path nist = q.resolve("qrels.rag25.test.txt.gz");
    Path umbrela = q.resolve("qrels.rag25.test-umbrela2.txt.gz");
    // WHEN
    CliResult at1 = Cli.run("qrels", "compare", nist, umbrela, "--format", "tsv");
    CliResult at2 = Cli.run("qrels", "compare", nist, umbrela, "--format", "tsv", "--relevance-threshold", "2");
    // THEN the README's figures: agreement 0.4412, kappa 0.3672 (0.4310 at 2), weighted kappa 0.3729 and
    // 0.4918, alpha 0.2282, 0.4926, 0.4890; per query kappa from 0.0407 (225) to 0.6087 (477)
    assertThatRun(at1).succeeded();
    assertThat(at1.stdout().lines().count()).isEqualTo(1 + 22 + 1);
    assertThat(at1.stdout()).endsWith("all\t\t10284\t0\t0\t0.4412\t0.7313\t0.3672\t0.3729\t0.4918\t0.2282\t0.4926\t0.4890\t\n")
        .contains("query\t225\t332\t0\t0\t0.4337\t0.7620\t0.0407\t", "query\t477\t447\t0\t0\t0.4452\t0.9150\t0.6087\t",
            "query\t707\t551\t0\t0\t0.6152\t");
    assertThat(at2.stdout()).contains("\t10284\t0\t0\t0.4412\t0.7156\t0.4310\t");
    assertThat(Cli.run("qrels", "compare", nist, umbrela, "--format", "md").stdout())
        .contains("|      0 | 1690 | 1074 |  681 | 150 |  24 |\n");
    // and the same from one file of both sources, as pool merge writes it (the README's second example)
    Path merged = dir.resolve("rag25.labels.tsv");
    assertThat(Cli.run("pool", "merge", "--qrels", nist, "--qrels-source", "nist", "--labels", umbrela, "--labels-source",
        "umbrela", "--label-sources", "nist,umbrela", "-o", merged).exitCode()).isZero();
    CliResult sources = Cli.run("qrels", "compare", merged, merged, "--label-sources-a", "nist", "--label-sources-b", "umbrela",
        "--format", "tsv");
    assertThatRun(sources).succeeded().printed(at1.stdout());
  }
}
