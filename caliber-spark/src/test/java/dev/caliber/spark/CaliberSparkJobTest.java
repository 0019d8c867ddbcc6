package dev.caliber.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Preset;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.report.ReportJson;
import dev.caliber.report.ResultJson;
import dev.caliber.result.RunResult;
import dev.caliber.treceval.TrecEvalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spark-submit entry point prints caliber evaluate's report and says what is wrong in one line with caliber's codes. */
class CaliberSparkJobTest {
  private final StringWriter err = new StringWriter();
  private final StringBuilder out = new StringBuilder();

  @BeforeAll
  static void session() {
    SparkTestSession.get(); // the job's getOrCreate finds it: local[2], no web UI
  }

  private int run(String... args) {
    return CaliberSparkJob.execute(args, new PrintWriter(err, true), out::append);
  }

  @Test
  void twoCacmRunsPrintTheLibrarysJsonAndTrecText() throws IOException {
    Path qrels = SparkTestSession.data("cacm/qrels.cacm.txt");
    Path runs = SparkTestSession.data("cacm/runs-anserini-0.13.3");
    Map<String, String> named = new LinkedHashMap<>();
    named.put("bm25", runs.resolve("run.cacm.bm25.txt.gz").toString());
    named.put("ql", runs.resolve("run.cacm.ql.txt.gz").toString());
    List<Measure> measures = Stream.of("nDCG@10", "RR@10", "AP").map(Measures::parse).toList();
    List<RunResult> expected = SparkParityTest.library(qrels, named, Preset.TREC_EVAL.policy(), measures);
    String[] args = {"--qrels", qrels.toString(), "--run", "bm25=" + named.get("bm25"), "--run", "ql=" + named.get("ql"),
        "--compat", "trec_eval", "-m", "nDCG@10", "-m", "RR@10", "-m", "AP"};
    assertThat(run(args)).as(err.toString()).isZero();
    assertThat(out.toString()).isEqualTo(ReportJson.render(ResultJson.toData(expected)));
    out.setLength(0);
    String[] trec = Stream.concat(Stream.of(args), Stream.of("--format", "trec")).toArray(String[]::new);
    assertThat(run(trec)).isZero();
    StringBuilder text = new StringBuilder();
    TrecEvalText.render(expected, false, text::append);
    assertThat(out.toString()).isEqualTo(text.toString()).contains("runid                 \tall\tbm25\n",
        "runid                 \tall\tql\n"); // both tagged Anserini: their names tell them apart
  }

  @Test
  void aJsonRunIsReadAsCaliberEvaluateReadsItNotAsTrec(@TempDir Path dir) throws IOException {
    // GIVEN a score-shaped JSON run (pytrec_eval's), named .json as the CLI recognises it
    Path qrels = SparkTestSession.data("cacm/qrels.cacm.txt");
    Path run = dir.resolve("dense.json");
    Files.writeString(run, "{\"1\": {\"CACM-1410\": 2.5, \"CACM-1572\": 1.5, \"CACM-1605\": 0.5},"
        + " \"2\": {\"CACM-2434\": 1.0}}");
    List<Measure> measures = Stream.of("AP", "RR@10").map(Measures::parse).toList();
    List<RunResult> expected = SparkParityTest.library(qrels, Map.of("dense", run.toString()), Preset.TREC_EVAL.policy(),
        measures);
    // WHEN
    int code = run("--qrels", qrels.toString(), "--run", run.toString(), "--compat", "trec_eval", "-m", "AP", "-m", "RR@10");
    // THEN the library's report of the JSON run, named as the CLI names it
    assertThat(code).as(err.toString()).isZero();
    assertThat(out.toString()).isEqualTo(ReportJson.render(ResultJson.toData(expected.get(0)))).contains("\"run\": \"dense\"");
  }

  @Test
  void withoutMeasuresTrecQrelsGetTrecEvalsDefaultsAndTheCliNote(@TempDir Path dir) throws IOException {
    Path qrels = SparkTestSession.data("cacm/qrels.cacm.txt");
    Path run = SparkTestSession.data("cacm/runs-anserini-0.13.3/run.cacm.ql.txt.gz");
    Path report = dir.resolve("report.json");
    assertThat(run("--qrels", qrels.toString(), "--run", run.toString(), "-o", report.toString())).as(err.toString()).isZero();
    assertThat(out).isEmpty();
    assertThat(err.toString()).startsWith("note: no --measure or --preset: TREC qrels are evaluated with trec_eval's default measures");
    List<RunResult> expected = SparkParityTest.library(qrels, Map.of("run.cacm.ql.txt", run.toString()), Preset.TREC_EVAL.policy(),
        dev.caliber.measure.TrecEvalMeasures.official());
    assertThat(Files.readString(report)).isEqualTo(ReportJson.render(ResultJson.toData(expected.get(0))));
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactly(report); // no temporary file left behind
    }
  }

  @Test
  void aRepeatedDocumentIsOneLineOfCalibersWordsAndExitCode3(@TempDir Path dir) throws IOException {
    Path run = dir.resolve("dup.txt");
    Files.writeString(run, "1 Q0 CACM-1410 1 9 t\n1 Q0 CACM-1410 2 8 t\n");
    int code = run("--qrels", SparkTestSession.data("cacm/qrels.cacm.txt").toString(), "--run", run.toString(), "--compat",
        "trec_eval", "-m", "AP");
    assertThat(code).isEqualTo(3);
    assertThat(err.toString()).isEqualTo("caliber-spark: invalid input: " + run
        + ":2: duplicate document ID; deduplicate upstream explicitly (query \"1\": document \"CACM-1410\" on line 2 repeats line 1)"
        + System.lineSeparator());
  }

  @Test
  void singleRulesOverAPresetGiveTheLibrarysReportUnderThatPolicy() throws IOException {
    Path qrels = SparkTestSession.data("cacm/qrels.cacm.txt");
    String bm25 = SparkTestSession.data("cacm/runs-anserini-0.13.3/run.cacm.bm25.txt.gz").toString();
    List<Measure> measures = Stream.of("nDCG@10", "P@5").map(Measures::parse).toList();
    dev.caliber.policy.Policy policy = Preset.POOLED.policy().withUnknownQueries(dev.caliber.policy.UnknownQueries.LIST)
        .withNoRelevant(dev.caliber.policy.NoRelevant.ZERO).withRelevanceThreshold(2).withGain(dev.caliber.policy.Gain.EXPONENTIAL)
        .withDepth(100);
    List<RunResult> expected = SparkParityTest.library(qrels, Map.of("bm25", bm25), policy,
        Measures.withJudgedCoverage(policy, measures));
    assertThat(run("--qrels", qrels.toString(), "--run", "bm25=" + bm25, "--preset", "pooled", "--unknown-queries", "list",
        "--no-relevant", "zero", "--relevance-threshold", "2", "--gain", "exponential", "--depth", "100", "-m", "nDCG@10",
        "-m", "P@5")).as(err.toString()).isZero();
    assertThat(out.toString()).isEqualTo(ReportJson.render(ResultJson.toData(expected.get(0))));
  }

  @Test
  void aRuleWordOutsideItsListIsAUsageErrorNamingTheWords() {
    assertThat(run("--qrels", "q.txt", "--run", "r.txt", "--ordering", "best", "-m", "AP")).isEqualTo(2);
    assertThat(err.toString()).isEqualTo("caliber-spark: usage: --ordering: got 'best'; expected given or score"
        + " (see 'caliber-spark --help')" + System.lineSeparator());
    err.getBuffer().setLength(0);
    assertThat(run("--qrels", "q.txt", "--run", "r.txt", "--relevance-threshold", "0", "-m", "AP")).isEqualTo(2);
    assertThat(err.toString()).startsWith("caliber-spark: usage: --relevance-threshold: got 0; expected an integer >= 1");
  }

  @Test
  void minusONamingARunOrTheQrelsIsAUsageErrorAndLeavesItAsItWas(@TempDir Path dir) throws IOException {
    Path qrels = dir.resolve("qrels.txt");
    Path run = dir.resolve("run.txt");
    Files.writeString(qrels, "1 0 CACM-1410 1\n");
    Files.writeString(run, "1 Q0 CACM-1410 1 9 t\n");
    for (Path target : List.of(run, qrels)) {
      err.getBuffer().setLength(0);
      assertThat(run("--qrels", qrels.toString(), "--run", "r=" + run, "-m", "AP", "-o", target.toString())).isEqualTo(2);
      assertThat(err.toString()).isEqualTo("caliber-spark: usage: -o " + target + " is an input of this job; write the report"
          + " elsewhere (see 'caliber-spark --help')" + System.lineSeparator());
    }
    assertThat(Files.readString(run)).isEqualTo("1 Q0 CACM-1410 1 9 t\n");
    assertThat(Files.readString(qrels)).isEqualTo("1 0 CACM-1410 1\n");
  }

  @Test
  void usageErrorsExitWith2InOneLine() {
    assertThat(run("--qrels", "q.txt")).isEqualTo(2);
    assertThat(err.toString()).startsWith("caliber-spark: usage: Missing required option: '--run=[NAME=]PATH'")
        .endsWith("(see 'caliber-spark --help')" + System.lineSeparator());
  }

  @Test
  void aMissingFileIsAnIoErrorNamingIt() {
    assertThat(run("--qrels", "no-such-qrels.txt", "--run", "r.txt", "-m", "AP")).isEqualTo(4);
    assertThat(err.toString()).contains("no-such-qrels.txt").doesNotContain("Exception");
  }
}
