package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.source.JudgmentKind;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No silent 0.0000: a run that matches nothing of the judgments (query IDs spelt q101 against 101,
 * document IDs in another case) is scored, as the rules say, and one warning line says why every
 * value is 0, with an example of each side, in every format.
 */
class NothingMatchedTest {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"trec", "json", "tsv"})
  void should_warn_when_no_run_query_is_in_the_query_set(String format) {
    Path qrels = Cli.write(dir, "qrels.txt", "101 0 d1 1\n102 0 d2 1\n");
    Path run = Cli.write(dir, "run.txt", "q101 Q0 d1 1 2 t\nq102 Q0 d2 1 1 t\n");
    CliResult r = Cli.run("evaluate", "--qrels", qrels, "--run", run, "-m", "P@10", "--format", format);
    assertThatRun(r).succeededSaying("caliber: warning: run \"run.txt\" (" + run + "): none of its 2 queries is in the query set,"
        + " so every query scores as missing (the run's first: \"q101\"; the query set's first: \"101\"); check that the run and"
        + " the judgments spell query IDs alike\n" + Cli.trecEvalNote(JudgmentKind.TREC));
  }

  @ParameterizedTest
  @ValueSource(strings = {"trec", "json", "tsv"})
  void should_warn_when_no_ranked_document_is_judged(String format) {
    Path qrels = Cli.write(dir, "qrels.txt", "q1 0 D1 1\nq1 0 D2 0\nq2 0 D3 1\n");
    Path run = Cli.write(dir, "run.txt", "q1 Q0 d1 1 2 t\nq1 Q0 d2 2 1 t\nq2 Q0 d3 1 1 t\n");
    CliResult r = Cli.run("evaluate", "--qrels", qrels, "--run", run, "-m", "P@10", "--format", format);
    assertThatRun(r).succeededSaying("caliber: warning: run \"run.txt\" (" + run + "): none of the 3 documents it ranks within"
        + " the evaluated depth is judged, so every value rests on unjudged documents (query \"q1\" ranks 2, none judged; a"
        + " document it judges: \"D1\"); check that the run and the judgments spell document IDs alike\n"
        + Cli.trecEvalNote(JudgmentKind.TREC));
  }

  @Test
  void should_count_only_the_documents_within_the_depth() {
    // GIVEN a run whose only judged document is ranked third, evaluated to depth 2
    Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d3 1\n");
    Path run = Cli.write(dir, "run.txt", "q1 Q0 d1 1 3 t\nq1 Q0 d2 2 2 t\nq1 Q0 d3 3 1 t\n");
    CliResult deep = Cli.run("evaluate", "--qrels", qrels, "--run", run, "-m", "P@10", "--preset", "trec_eval");
    CliResult cut = Cli.run("evaluate", "--qrels", qrels, "--run", run, "-m", "P@10", "--preset", "trec_eval", "--depth", "2");
    // THEN
    assertThatRun(deep).succeeded();
    assertThat(cut.stderr()).contains("none of the 2 documents it ranks within the evaluated depth is judged",
        "query \"q1\" ranks 2, none judged; a document it judges: \"d3\"");
  }

  @Test
  void should_say_nothing_of_a_run_that_matches() {
    Path cacm = Cli.data().resolve("cacm");
    CliResult r = Cli.run("evaluate", "--qrels", cacm.resolve("qrels.cacm.txt"), "--run",
        cacm.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz"), "-m", "P@10", "--preset", "trec_eval", "--format", "trec");
    assertThatRun(r).succeeded();
  }
}
