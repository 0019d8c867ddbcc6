package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --qrels-format subtopic}: subtopic qrels for the intent-aware measures, on
 * examples/diversity (ir_measures' pyndeval fixture, whose ERR_IA@20 is 0.4659 and 0.1803).
 */
class SubtopicQrelsTest {
  private static final String QRELS = Cli.root().resolve("examples/diversity/qrels.subtopics.txt").toString();
  private static final String RUN = Cli.root().resolve("examples/diversity/run.txt").toString();

  @TempDir Path dir;

  @Test
  void should_score_intent_aware_and_plain_measures_from_one_subtopic_file() {
    CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--qrels-format", "subtopic", "--run", RUN,
        "--compat", "trec_eval", "-m", "ERR_IA@20", "-m", "StRecall@5", "-m", "P@5", "--format", "tsv");
    // ERR_IA@20: ir_measures' test values 0.4659 and 0.1803; P@5 reads each document's largest label
    assertThatRun(result).succeeded().printed(""
        + "run\tquery\tmissing\treturned\trelevant\tERR_IA@20\tStRecall@5\tP@5\n"
        + "run.txt\t0\tfalse\t5\t3\t0.4659\t1.0000\t0.6000\n"
        + "run.txt\t1\tfalse\t4\t3\t0.1803\t0.5000\t0.2000\n");
    CliResult mean = Cli.run("evaluate", "--qrels", QRELS, "--qrels-format", "subtopic", "--run", RUN,
        "--compat", "trec_eval", "-m", "ERR_IA@20", "--format", "trec");
    assertThatRun(mean).succeeded();
    assertThat(mean.stdout()).contains("ERR_IA@20").contains("0.3231");
  }

  @Test
  void should_refuse_an_intent_aware_measure_without_subtopic_qrels_as_a_usage_error() {
    CliResult result = Cli.run("evaluate", "--qrels", QRELS, "--run", RUN, "--compat", "trec_eval", "-m", "alpha_nDCG@20");
    assertThatRun(result).failedWithUsage("caliber evaluate", "--measure alpha_nDCG@20 needs subtopic judgments: read --qrels"
        + " with --qrels-format subtopic (lines qid subtopic docid label)");
  }

  @Test
  void should_name_file_line_and_both_judgments_of_a_repeated_subtopic_judgment() {
    Path bad = Cli.write(dir, "bad.qrels", "1 a D1 1\n1 a D1 2\n");
    CliResult result = Cli.run("evaluate", "--qrels", bad, "--qrels-format", "subtopic", "--run", RUN, "-m", "StRecall@5",
        "--compat", "trec_eval");
    assertThatRun(result).failedWith(3, "invalid input: " + bad + ":2: conflicting qrels entry (query \"1\", subtopic"
        + " \"a\", document \"D1\": label 2 on line 2, label 1 on line 1; expected one judgment per subtopic and document)");
  }

  @Test
  void should_refuse_subtopic_qrels_with_a_beir_folder_and_in_a_lock() {
    CliResult beir = Cli.run("evaluate", "--beir", Cli.data().resolve("cacm/beir-format"), "--qrels-format", "subtopic",
        "--run", RUN, "-m", "P@5");
    assertThatRun(beir).failedWithUsage("caliber evaluate",
        "--qrels-format subtopic reads a --qrels file (qid subtopic docid label); not --protocol or --beir");
    CliResult lock = Cli.run("protocol", "freeze", "--qrels", QRELS, "--qrels-format", "subtopic", "--preset", "trec_eval",
        "-m", "StRecall@5", "-o", dir.resolve("x.lock"));
    assertThatRun(lock).failedWithUsage("caliber protocol freeze", "--qrels-format subtopic cannot be locked yet: a lock does"
        + " not record the qrels format; evaluate without --lock");
  }
}
