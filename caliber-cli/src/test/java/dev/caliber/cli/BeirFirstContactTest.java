package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.source.JudgmentKind;
import dev.caliber.io.read.JsonReader;
import dev.caliber.io.read.JsonValue;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The CACM BEIR folder, as a new user tries it: the folder's one split is used, and a run that
 * breaks two policies gets one error naming both, each at its first location, and the options (or
 * the preset) that accept them all; what the error says then works.
 */
class BeirFirstContactTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path BEIR = CACM.resolve("beir-format");
  private static final Path BM25 = CACM.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz");

  @Test
  void should_evaluate_the_first_try_under_trec_eval_s_rules_and_say_so() throws Exception {
    // WHEN the first try: the folder, a run, a measure
    CliResult result = Cli.run("evaluate", "--beir", BEIR, "--run", BM25, "-m", "nDCG@10");
    // THEN BEIR's pooled judgments are evaluated as trec_eval -c evaluates them, with the note that
    // says so, as without the measure and as with the preset spelt out
    assertThatRun(result).succeededSaying(Cli.CACM_BEIR_WARNING + Cli.trecEvalNote(JudgmentKind.BEIR));
    assertThat(result.stdout()).isEqualTo(Cli.run("evaluate", "--beir", BEIR, "--run", BM25, "-m", "nDCG@10", "--preset",
        "trec_eval").stdout());
    JsonValue policy = JsonReader.parse("stdout", new ByteArrayInputStream(result.stdoutBytes())).at("protocol", "policy");
    assertThat(policy.at("judgments").text()).isEqualTo("pooled");
    assertThat(policy.at("ordering").text()).isEqualTo("score");
    assertThat(policy.at("unknown_queries").text()).isEqualTo("list");
  }

  @Test
  void should_name_every_broken_policy_in_one_error_with_what_accepts_them_all_under_the_strict_preset() {
    // WHEN the first try under the seed's strict rules
    CliResult result = Cli.run("evaluate", "--beir", BEIR, "--run", BM25, "-m", "nDCG@10", "--preset", "strict");
    // THEN
    assertThatRun(result).rejectedInput("several policies of the protocol are broken ("
        + "1. " + BM25 + ":29947: unknown or wrong-split query (query \"34\" is not in the query set (split test of beir-format)); "
        + "2. " + BEIR.resolve("qrels/test.tsv") + ":2: unjudged or unknown documents: exhaustive qrels required "
        + "(query \"1\" is not judged against every corpus document (5 of 3204)); "
        + "to accept all of them, use --unknown-queries list --judgments pooled (or --preset trec_eval = trec_eval -c: pooled "
        + "judgments, score order (ties by document ID descending), no-relevant queries score 0, unknown queries listed))");
  }

  @Test
  void should_accept_the_run_with_the_options_the_error_names() throws Exception {
    // WHEN the second try under the strict preset, with what the error said
    CliResult result = Cli.run("evaluate", "--beir", BEIR, "--run", BM25, "-m", "nDCG@10", "--preset", "strict",
        "--unknown-queries", "list", "--judgments", "pooled");
    // THEN scored over the test split, the unknown queries listed
    assertThatRun(result).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
    JsonValue report = JsonReader.parse("stdout", new ByteArrayInputStream(result.stdoutBytes()));
    assertThat(report.at("protocol", "query_set").text()).isEqualTo("split test of beir-format");
    assertThat(report.at("ignored_queries").items()).isNotEmpty();
  }

  @Test
  void should_accept_the_run_with_the_preset_the_error_names() {
    CliResult result = Cli.run("evaluate", "--beir", BEIR, "--run", BM25, "-m", "nDCG@10", "--preset", "trec_eval");
    assertThatRun(result).succeededWarningOfCacmJudgmentsOutsideTheCorpus();
  }
}
