package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.history.Entry;
import dev.caliber.history.Filter;
import dev.caliber.history.History;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The "done means", step by step, as the README shows it: freeze CACM's BEIR protocol,
 * evaluate two runs under the lock (its history beside it), change k and see it refused, list and
 * compare the entries, look at the test split six times and see the warning, and check a protocol
 * where a paraphrase group crosses splits.
 */
class ProtocolSequenceTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path RUNS = CACM.resolve("runs-anserini-0.13.3");

  @TempDir Path dir;

  @Test
  void should_freeze_evaluate_refuse_list_compare_warn_and_check_in_sequence() throws Exception {
    // GIVEN a frozen protocol
    Path lock = dir.resolve("cacm.lock.json");
    Path history = dir.resolve("cacm.lock.history.sqlite");
    assertThatRun(Cli.run("protocol", "freeze", "--beir", CACM.resolve("beir-format"), "--preset", "pooled", "--unknown-queries",
        "list", "-m", "nDCG@10", "-m", "AP", "-o", lock)).succeeded();
    assertThat(dev.caliber.api.lock.Lock.read(lock).source().split()).isEqualTo("test");
    // WHEN two runs are evaluated under it
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--run", RUNS.resolve("run.cacm.bm25.txt.gz"), "--meta", "model=bm25",
        "-o", dir.resolve("bm25.json"))).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    CliResult ql = Cli.run("evaluate", "--lock", lock, "--run", RUNS.resolve("run.cacm.ql.txt.gz"), "--format", "md");
    // THEN both are in the lock's history, and the report says the looks
    assertThatRun(ql).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    assertThat(ql.stdout()).contains("- test split: looked at 2 times under this protocol (limit 5)\n");
    // WHEN k changes: refused before any run is read, nothing recorded
    assertThatRun(Cli.run("evaluate", "--lock", lock, "-m", "nDCG@20", "-m", "AP", "--run", RUNS.resolve("run.cacm.bm25.txt.gz")))
        .rejectedInput(lock + ": the protocol differs from the lock (measures: locked [nDCG@10, AP, Judged@10], "
            + "given [nDCG@20, AP, Judged@20])");
    // THEN the history lists two entries and compares them per query
    CliResult list = Cli.run("history", "list", "--history", history);
    assertThatRun(list).succeeded();
    assertThat(list.stdout().lines()).hasSize(3);
    CliResult compared = Cli.run("history", "compare", "1", "2", "--history", history, "--format", "md");
    assertThatRun(compared).succeeded();
    assertThat(compared.stdout()).contains("#2 run.cacm.ql.txt");
    // WHEN the test split is looked at four more times
    CliResult third = Cli.run("evaluate", "--lock", lock, "--run", RUNS.resolve("run.cacm.bm25+rm3.txt.gz"), "--format", "tsv");
    assertThat(third.stderr()).isEqualTo(Cli.CACM_BEIR_WARNING + "caliber: note: test split looked at 3 times under this protocol (limit 5)\n");
    assertThat(Cli.run("evaluate", "--lock", lock, "--run", RUNS.resolve("run.cacm.ql+rm3.txt.gz"), "--format", "trec").exitCode())
        .isZero();
    CliResult pair = Cli.run("compare", "--lock", lock, "--run", RUNS.resolve("run.cacm.bm25+ax.txt.gz"), "--run",
        RUNS.resolve("run.cacm.ql+ax.txt.gz"), "--format", "md");
    // THEN the sixth gets the warning, and every look is in the history under the lock's fingerprint
    assertThat(pair.exitCode()).isZero();
    assertThat(pair.stderr()).startsWith(Cli.CACM_BEIR_WARNING);
    assertThat(pair.stderr().substring(Cli.CACM_BEIR_WARNING.length())).matches("caliber: warning: the test split has been looked at 6 times under protocol [0-9a-f]{12} "
        + "\\(more than --max-test-looks 5\\); tune on another split\n");
    assertThat(pair.stdout()).contains("- test split: looked at 6 times under this protocol (limit 5); more than the limit");
    try (History h = History.open(history)) {
      List<Entry> all = h.list(Filter.ALL);
      assertThat(all).hasSize(6).allSatisfy(e -> assertThat(e.lockFile()).isEqualTo(lock.toString()));
      assertThat(h.testLooks(all.get(0).protocolSha256())).isEqualTo(6);
    }
    // AND the split check finds the paraphrase group across splits
    CliResult check = Cli.run("protocol", "check", "--beir", Cli.root().resolve("examples/paraphrase"), "--groups",
        Cli.root().resolve("examples/paraphrase/groups.tsv"));
    assertThat(check.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(check.stdout()).contains("error group-across-splits: group \"password\" spans splits dev, test");
  }
}
