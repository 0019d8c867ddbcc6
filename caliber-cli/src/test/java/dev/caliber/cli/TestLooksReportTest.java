package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every report made with a history says how often the test split has been looked at: Markdown and
 * HTML in the policy block, LaTeX in the caption, JSON as data; trec_eval's text and the TSV and
 * CSV tables keep their shape (byte for byte the output without a history) and say it on stderr.
 */
class TestLooksReportTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path BEIR = CACM.resolve("beir-format");
  private static final Path BM25 = CACM.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz");
  private static final Path QL = CACM.resolve("runs-anserini-0.13.3/run.cacm.ql.txt.gz");
  private static final Object[] PROTOCOL = {"--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list", "-m", "AP"};

  @TempDir Path dir;

  private CliResult run(String command, String format, boolean history, Object... runs) {
    java.util.List<Object> args = new java.util.ArrayList<>(java.util.List.of(command));
    args.addAll(java.util.List.of(PROTOCOL));
    args.addAll(java.util.List.of(runs));
    args.addAll(java.util.List.of("--format", format));
    if (history) {
      args.addAll(java.util.List.of("--history", dir.resolve("h.sqlite"), "--max-test-looks", "3"));
    }
    CliResult r = Cli.run(args.toArray());
    assertThat(r.exitCode()).as(r.stderr()).isZero();
    return r;
  }

  @Test
  void should_say_the_looks_in_the_policy_block_of_markdown_and_html_and_as_json() throws Exception {
    assertThat(run("evaluate", "md", true, "--run", BM25).stdout())
        .contains("- test split: looked at 1 time under this protocol (limit 3)\n");
    assertThat(run("evaluate", "html", true, "--run", QL).stdout())
        .contains("<dt>test split</dt><dd>looked at 2 times under this protocol (limit 3)</dd>");
    CliResult json = run("evaluate", "json", true, "--run", BM25);
    assertThat(json.stdout()).contains("\"test_looks\": 3,\n    \"max_test_looks\": 3,");
    assertThat(run("compare", "md", true, "--run", BM25, "--run", QL).stdout())
        .contains("- test split: looked at 5 times under this protocol (limit 3); more than the limit: tune on another split\n");
    assertThat(run("compare", "html", true, "--run", BM25, "--run", QL).stdout())
        .contains("<dt>test split</dt><dd>looked at 7 times under this protocol (limit 3); more than the limit");
    assertThat(run("compare", "latex", true, "--run", BM25, "--run", QL).stdout())
        .contains(" Test split looked at 9 times under this protocol (limit 3); more than the limit: tune on another split.}\n");
    assertThat(run("compare", "json", true, "--run", BM25, "--run", QL).stdout()).contains("\"test_looks\": 11,");
    // and none of it without a history
    assertThat(run("evaluate", "md", false, "--run", BM25).stdout()).doesNotContain("test split:");
    assertThat(run("compare", "latex", false, "--run", BM25, "--run", QL).stdout()).doesNotContain("Test split");
  }

  @Test
  void should_keep_trec_tsv_and_csv_byte_for_byte_and_say_the_looks_on_stderr() {
    for (String[] c : new String[][] {{"evaluate", "trec"}, {"evaluate", "tsv"}, {"compare", "tsv"}, {"compare", "csv"}}) {
      Object[] runs = c[0].equals("compare") ? new Object[] {"--run", BM25, "--run", QL} : new Object[] {"--run", BM25};
      CliResult plain = run(c[0], c[1], false, runs);
      CliResult recorded = run(c[0], c[1], true, runs);
      assertThat(recorded.stdout()).as("%s --format %s", c[0], c[1]).isEqualTo(plain.stdout());
      assertThat(recorded.stderr()).as("%s --format %s", c[0], c[1]).containsPattern("test split (has been )?looked at ");
    }
    CliResult first = Cli.run("evaluate", "--beir", BEIR, "--preset", "pooled", "--unknown-queries", "list", "-m", "AP", "--run", QL,
        "--format", "trec", "--history", dir.resolve("other.sqlite"));
    assertThat(first.stderr()).isEqualTo(Cli.CACM_BEIR_WARNING + "caliber: note: test split looked at 1 time under this protocol (limit 5)\n");
  }

  @Test
  void should_say_nothing_of_test_looks_for_judgments_without_splits() {
    Path qrels = Cli.write(dir, "q.txt", "q1 0 d1 1\n");
    Path run = Cli.write(dir, "r.txt", "q1 Q0 d1 1 1 t\n");
    CliResult r = Cli.run("evaluate", "--qrels", qrels, "--run", run, "--compat", "trec_eval", "-m", "AP", "--format", "tsv",
        "--history", dir.resolve("bare.sqlite"));
    assertThat(r.exitCode()).as(r.stderr()).isZero();
    assertThat(r.stderr()).isEmpty();
  }

  @Test
  void should_count_every_evaluation_under_a_lock_that_guards_a_test_set_whatever_its_query_set_is_called() throws Exception {
    // GIVEN the fusion recipe's test lock: a query list, not a split named test
    Path qrels = CACM.resolve("qrels.cacm.txt");
    Path test = Cli.root().resolve("examples/cacm-fusion/test-queries.txt");
    Path guarded = dir.resolve("test.lock.json");
    Path unsaid = dir.resolve("plain.lock.json");
    assertThat(Cli.run("protocol", "freeze", "--qrels", qrels, "--query-set", test, "--preset", "trec_eval", "-m", "AP",
        "--test-split", "-o", guarded).exitCode()).isZero();
    assertThat(Cli.run("protocol", "freeze", "--qrels", qrels, "--query-set", test, "--preset", "trec_eval", "-m", "AP",
        "-o", unsaid).exitCode()).isZero();
    assertThat(Cli.text(guarded)).contains("\"test_set\": true");
    // WHEN runs are evaluated under each (each lock keeps its history beside it)
    CliResult first = Cli.run("evaluate", "--lock", guarded, "--run", BM25);
    CliResult second = Cli.run("evaluate", "--lock", guarded, "--run", QL);
    CliResult notCounted = Cli.run("evaluate", "--lock", unsaid, "--run", BM25);
    // THEN every evaluation under the guarding lock is a look at test data
    assertThat(first.stdout()).as(first.stderr()).contains("\"test_looks\": 1,");
    assertThat(second.stdout()).as(second.stderr()).contains("\"test_looks\": 2,");
    assertThat(notCounted.stdout()).as(notCounted.stderr()).contains("\"test_looks\": 0,");
  }
}
