package dev.caliber.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.caliber.api.Preset;
import dev.caliber.api.RunFile;
import dev.caliber.api.source.ProtocolSource;
import dev.caliber.error.CaliberInputException;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.TrecEvalMeasures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.report.ReportJson;
import dev.caliber.report.ResultJson;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark job against the library (what {@code caliber evaluate} prints): every per-query value
 * and mean of the 17 TREC 2003 robust runs and the CACM runs, the JSON report byte for byte, the
 * same result for 1, 2 and 7 partitions, Parquet and CSV tables as TREC files, and caliber's
 * message for a repeated document.
 */
class SparkParityTest {
  /** Runs read whole, as the library reads them without streaming: what the Spark job must match. */
  private static final StreamingEvaluation.Options WHOLE = StreamingEvaluation.Options.defaults().withStreaming(false);

  private final SparkSession spark = SparkTestSession.get();

  @Test
  void theSeventeenRobustRunsUnderTrecEvalsDefaultsAreTheLibrarysByteForByte() throws IOException {
    Path qrels = SparkTestSession.data("trec2003-robust/qrels/robust03_qrels.txt.gz");
    List<Measure> measures = TrecEvalMeasures.official();
    Map<String, String> runs = runs(SparkTestSession.data("trec2003-robust/runs"), ".gz");
    assertThat(runs).hasSize(17);
    EvalProtocol protocol = SparkInputs.trecQrels(spark, qrels.toString(), Preset.TREC_EVAL.policy(), measures);
    SparkEvaluation spark = SparkEvaluation.evaluate(this.spark, protocol, SparkInputs.trecRuns(this.spark, runs),
        List.copyOf(runs.keySet()));
    List<RunResult> expected = library(qrels, runs, Preset.TREC_EVAL.policy(), measures);
    long values = assertSame(spark.results(), expected);
    assertThat(values).as("per-query values compared").isEqualTo(17L * protocol.querySet().size() * measures.size());
    System.err.println("robust 2003: " + values + " per-query values and " + 17 * measures.size() + " means equal");
  }

  @Test
  void theCacmRunsPooledWithTheirCoverageAreTheLibrarys() throws IOException {
    Path qrels = SparkTestSession.data("cacm/qrels.cacm.txt");
    List<Measure> measures = Measures.withJudgedCoverage(Stream.of("nDCG@10", "AP", "RR@10", "P(rel=1)@10", "R@1000", "Bpref")
        .map(Measures::parse).toList());
    Map<String, String> runs = runs(SparkTestSession.data("cacm/runs-anserini-0.13.3"), ".txt.gz");
    // CACM's runs answer queries without judgments: listed, as --preset pooled --unknown-queries list does.
    Policy pooled = Preset.POOLED.policy().withUnknownQueries(UnknownQueries.LIST);
    EvalProtocol protocol = SparkInputs.trecQrels(spark, qrels.toString(), pooled, measures);
    SparkEvaluation got = SparkEvaluation.evaluate(spark, protocol, SparkInputs.trecRuns(spark, runs), List.copyOf(runs.keySet()));
    long values = assertSame(got.results(), library(qrels, runs, pooled, measures));
    assertThat(values).isEqualTo(6L * 52 * measures.size());
    System.err.println("cacm: " + values + " per-query values equal");
  }

  @Test
  void oneTwoOrSevenPartitionsGiveTheSameReport() throws IOException {
    Path qrels = SparkTestSession.data("trec2003-robust/qrels/robust03_qrels.txt.gz");
    List<Measure> measures = Stream.of("AP", "nDCG@20", "P@10", "RR", "GMAP").map(Measures::parse).toList();
    Map<String, String> runs = new LinkedHashMap<>();
    runs(SparkTestSession.data("trec2003-robust/runs"), ".gz").entrySet().stream().limit(4)
        .forEach(e -> runs.put(e.getKey(), e.getValue()));
    EvalProtocol protocol = SparkInputs.trecQrels(spark, qrels.toString(), Preset.TREC_EVAL.policy(), measures);
    Dataset<Row> rows = SparkInputs.trecRuns(spark, runs).cache();
    List<String> reports = new ArrayList<>();
    for (int partitions : new int[] {1, 2, 7}) {
      reports.add(json(SparkEvaluation.evaluate(spark, protocol, rows.repartition(partitions), List.copyOf(runs.keySet()))));
    }
    rows.unpersist();
    assertThat(reports.get(1)).isEqualTo(reports.get(0));
    assertThat(reports.get(2)).isEqualTo(reports.get(0));
    assertThat(reports.get(0)).isEqualTo(ReportJson.render(ResultJson.toData(
        library(qrels, runs, Preset.TREC_EVAL.policy(), measures))));
  }

  @Test
  void parquetAndCsvTablesGiveTheTrecFilesNumbers(@TempDir Path dir) throws IOException {
    Path qrels = SparkTestSession.data("cacm/qrels.cacm.txt");
    List<Measure> measures = Stream.of("nDCG@10", "AP", "P@5").map(Measures::parse).toList();
    Map<String, String> runs = runs(SparkTestSession.data("cacm/runs-anserini-0.13.3"), ".txt.gz");
    EvalProtocol protocol = SparkInputs.trecQrels(spark, qrels.toString(), Preset.TREC_EVAL.policy(), measures);
    Dataset<Row> text = SparkInputs.trecRuns(spark, runs);
    text.select("run", "query", "doc", "score", "rank").write().parquet(dir.resolve("runs.parquet").toString());
    text.select("run", "query", "doc", "score").write().option("header", "true").csv(dir.resolve("runs.csv").toString());
    SparkInputs.trecQrels(spark, qrels.toString(), Preset.TREC_EVAL.policy(), measures);
    spark.read().format("text").load(qrels.toString()).selectExpr("split(value, ' ') as f")
        .selectExpr("f[0] as query", "f[2] as doc", "cast(f[3] as int) as label")
        .write().parquet(dir.resolve("qrels.parquet").toString());
    EvalProtocol fromTable = SparkInputs.qrelsTable(spark, "parquet", dir.resolve("qrels.parquet").toString(),
        Preset.TREC_EVAL.policy(), measures);
    String expected = json(SparkEvaluation.evaluate(spark, protocol, text, List.copyOf(runs.keySet())));
    // The tables name no TREC tag; the rest of the report is the same.
    String noTag = expected.replace("\"tag\": \"Anserini\"", "\"tag\": null");
    assertThat(json(SparkEvaluation.evaluate(spark, protocol,
        SparkInputs.runTable(spark, "parquet", dir.resolve("runs.parquet").toString(), null), List.copyOf(runs.keySet()))))
        .isEqualTo(noTag);
    assertThat(json(SparkEvaluation.evaluate(spark, protocol,
        SparkInputs.runTable(spark, "csv", dir.resolve("runs.csv").toString(), null), List.copyOf(runs.keySet()))))
        .isEqualTo(noTag);
    assertThat(fromTable.sha256()).isEqualTo(protocol.sha256());
  }

  @Test
  void aRepeatedDocumentIsRefusedWithCalibersMessage(@TempDir Path dir) throws IOException {
    Path run = dir.resolve("dup.txt");
    String message = refusedAsTheLibraryRefuses(run, "1 Q0 CACM-1410 1 9 t\n1 Q0 CACM-1572 2 8 t\n2 Q0 CACM-1 1 9 t\n"
        + "1 Q0 CACM-1410 3 7 t\n", Preset.TREC_EVAL.policy());
    assertThat(message).contains(run + ":4:").contains("\"CACM-1410\"").contains("repeats line 1");
  }

  @Test
  void anUnjudgedDocumentAndAnUnknownQueryUnderStrictRulesAreCalibersViolations(@TempDir Path dir) throws IOException {
    Path run = dir.resolve("strict.txt");
    String message = refusedAsTheLibraryRefuses(run, "1 Q0 CACM-1410 1 9 t\n1 Q0 CACM-0000 2 8 t\nnope Q0 CACM-1 1 9 t\n",
        Preset.STRICT.policy());
    assertThat(message).contains(run + ":3:").contains("\"nope\"").contains(run + ":2:").contains("CACM-0000");
  }

  /** Writes the run, evaluates it on CACM's qrels with the library and with Spark; both refuse it with one message. */
  private String refusedAsTheLibraryRefuses(Path run, String text, Policy policy) throws IOException {
    Files.writeString(run, text);
    Path qrels = SparkTestSession.data("cacm/qrels.cacm.txt");
    EvalProtocol protocol = SparkInputs.trecQrels(spark, qrels.toString(), policy, List.of(Measures.parse("AP")));
    String expected = RunFile.of(run).evaluate(protocol, null, WHOLE).violation().getMessage();
    CaliberInputException got = catchThrowableOfType(CaliberInputException.class, () -> SparkEvaluation.evaluate(spark,
        protocol, SparkInputs.trecRuns(spark, Map.of("r", run.toString())), List.of("r")));
    assertThat(got).hasMessage(expected);
    return expected;
  }

  @Test
  void aMalformedLineIsTheReadersErrorWithItsFileAndLine(@TempDir Path dir) throws IOException {
    Path qrels = SparkTestSession.data("cacm/qrels.cacm.txt");
    Path run = dir.resolve("bad.txt");
    Files.writeString(run, "1 Q0 CACM-1410 1 9 t\n1 Q0 CACM-1572 2 high t\n");
    EvalProtocol protocol = SparkInputs.trecQrels(spark, qrels.toString(), Preset.TREC_EVAL.policy(), List.of(Measures.parse("AP")));
    String expected = catchThrowableOfType(CaliberInputException.class, () -> RunFile.of(run).read(null)).getMessage();
    SparkInputException got = catchThrowableOfType(SparkInputException.class, () -> SparkEvaluation.evaluate(spark,
        protocol, SparkInputs.trecRuns(spark, Map.of("bad", run.toString())), List.of("bad")));
    assertThat(got).hasMessage(expected);
    assertThat(expected).contains(run + ":2:");
  }

  @Test
  void aTableRowWhoseScoreIsNotANumberAndAJudgmentGivenTwiceAreRefusedInOneLine(@TempDir Path dir) throws IOException {
    Path csv = dir.resolve("run.csv");
    Files.writeString(csv, "query,doc,score\n1,CACM-1410,9\n1,CACM-1572,high\n");
    Path qrels = SparkTestSession.data("cacm/qrels.cacm.txt");
    EvalProtocol protocol = SparkInputs.trecQrels(spark, qrels.toString(), Preset.TREC_EVAL.policy(), List.of(Measures.parse("AP")));
    SparkInputException bad = catchThrowableOfType(SparkInputException.class, () -> SparkEvaluation.evaluate(spark, protocol,
        SparkInputs.runTable(spark, "csv", csv.toString(), "r"), List.of("r")));
    assertThat(bad.getMessage()).startsWith(csv + ": query \"1\": an entry without a document, a score (a number)")
        .contains("CACM-1572").doesNotContain("\n");
    Path judgments = dir.resolve("qrels.csv");
    Files.writeString(judgments, "query,doc,label\n1,CACM-1410,1\n1,CACM-1410,0\n");
    SparkInputException twice = catchThrowableOfType(SparkInputException.class, () -> SparkInputs.qrelsTable(spark, "csv",
        judgments.toString(), Preset.TREC_EVAL.policy(), List.of(Measures.parse("AP"))));
    assertThat(twice).hasMessage("qrels.csv: row 2: query \"1\", document \"CACM-1410\" is judged again (label 0; row 1: label 1);"
        + " expected one judgment per pair");
  }

  /** The runs of a folder by the CLI's names, sorted. */
  static Map<String, String> runs(Path folder, String suffix) throws IOException {
    Map<String, String> runs = new LinkedHashMap<>();
    try (Stream<Path> files = Files.list(folder)) {
      files.filter(f -> f.getFileName().toString().endsWith(suffix)).sorted()
          .forEach(f -> runs.put(RunFile.of(f).runName(), f.toString()));
    }
    return runs;
  }

  /** What caliber evaluate computes: each run streamed through caliber-core under the protocol read by the CLI's source. */
  static List<RunResult> library(Path qrels, Map<String, String> runs, Policy policy, List<Measure> measures)
      throws IOException {
    EvalProtocol protocol = ProtocolSource.qrels(qrels).general().protocol(policy, measures);
    List<RunResult> out = new ArrayList<>();
    for (Map.Entry<String, String> r : runs.entrySet()) {
      out.add(RunFile.of(Path.of(r.getValue())).withName(r.getKey()).evaluate(protocol, null, WHOLE).get());
    }
    return out;
  }

  /** Asserts every per-query value, every mean and each run's JSON report equal; returns the per-query values compared. */
  static long assertSame(List<RunResult> got, List<RunResult> expected) {
    assertThat(got).hasSameSizeAs(expected);
    long values = 0;
    for (int i = 0; i < got.size(); i++) {
      RunResult g = got.get(i);
      RunResult e = expected.get(i);
      assertThat(g.protocolSha256()).isEqualTo(e.protocolSha256());
      assertThat(g.summaries()).isEqualTo(e.summaries());
      assertThat(g.rows()).hasSameSizeAs(e.rows());
      for (int q = 0; q < e.rows().size(); q++) {
        QueryResult gq = g.rows().get(q);
        QueryResult eq = e.rows().get(q);
        for (Measure m : e.measures()) {
          Value ev = eq.value(m);
          assertThat(gq.value(m)).as("%s %s %s", e.runName(), eq.query(), m.name()).isEqualTo(ev);
          values++;
        }
      }
      assertThat(ReportJson.render(ResultJson.toData(g))).isEqualTo(ReportJson.render(ResultJson.toData(e)));
    }
    return values;
  }

  static String json(SparkEvaluation e) {
    StringBuilder b = new StringBuilder();
    e.json(b::append);
    return b.toString();
  }
}
