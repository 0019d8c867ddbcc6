package dev.caliber.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The evaluate goal run as Maven runs it, on CACM, calling caliber for real. */
class EvaluateMojoTest {
  @TempDir Path project;
  private final RecordingLog log = new RecordingLog();

  private EvaluateMojo evaluate(Run... runs) {
    EvaluateMojo evaluate = new EvaluateMojo();
    evaluate.setLog(log);
    evaluate.basedir = project.toFile();
    evaluate.outputDirectory = project.resolve("target/caliber").toFile();
    evaluate.qrels = Cacm.QRELS.toFile();
    evaluate.runs = List.of(runs);
    return evaluate;
  }

  @Test
  void should_write_the_json_markdown_and_html_reports_of_one_run() throws Exception {
    EvaluateMojo evaluate = evaluate(new Run("bm25", Cacm.BM25.toFile()));
    evaluate.measures = List.of("nDCG@10", "AP");
    evaluate.execute();
    Path out = project.resolve("target/caliber");
    assertThat(out.resolve("report.json")).content().contains("\"run\": \"bm25\"").contains("\"nDCG@10\"");
    assertThat(out.resolve("report.md")).content().contains("bm25").contains("nDCG@10");
    assertThat(out.resolve("report.html")).content().startsWith("<!DOCTYPE html>").contains("bm25");
    assertThat(log.at("error")).isEmpty();
  }

  @Test
  void should_log_caliber_s_note_once_for_all_its_calls() throws Exception {
    // GIVEN bare TREC qrels without measures: caliber notes that it evaluates them as trec_eval would, in each call
    EvaluateMojo evaluate = evaluate(new Run("bm25", Cacm.BM25.toFile()), new Run("ql", Cacm.QL.toFile()));
    evaluate.formats = List.of("json", "md");
    evaluate.execute();
    assertThat(project.resolve("target/caliber")).isDirectoryContaining("glob:**/report.json")
        .isDirectoryContaining("glob:**/report-bm25.md").isDirectoryContaining("glob:**/report-ql.md");
    assertThat(log.lines).doesNotHaveDuplicates();
  }

  @Test
  void should_stop_the_build_with_caliber_s_message_on_a_format_it_does_not_write() {
    EvaluateMojo evaluate = evaluate(new Run(null, new File("bm25.txt")));
    evaluate.formats = List.of("pdf");
    assertThatThrownBy(evaluate::execute).isExactlyInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("caliber: usage: ").hasMessageContaining("pdf");
  }
}
