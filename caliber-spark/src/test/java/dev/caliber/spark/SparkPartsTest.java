package dev.caliber.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.caliber.api.Preset;
import dev.caliber.api.RunFile;
import dev.caliber.error.CaliberInputException;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.TrecEvalMeasures;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.protocol.EvalProtocol;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TREC run files read in parts by the tasks that score them ({@code SparkEvaluation.evaluate} with
 * files): cut small here, so that every file has many parts, they give caliber-core's evaluation of
 * each whole file, byte for byte, and its first error word for word; a file not grouped by query is
 * read whole, and a gzip file is one part.
 */
class SparkPartsTest {
  /** Runs read whole, as the library reads them without streaming: what the Spark job must match. */
  private static final StreamingEvaluation.Options WHOLE = StreamingEvaluation.Options.defaults().withStreaming(false);

  private final SparkSession spark = SparkTestSession.get();

  @BeforeEach
  void smallParts() {
    spark.conf().set("spark.sql.files.maxPartitionBytes", "20000");
    spark.conf().set("spark.sql.files.openCostInBytes", "1");
  }

  @AfterEach
  void usualParts() {
    spark.conf().unset("spark.sql.files.maxPartitionBytes");
    spark.conf().unset("spark.sql.files.openCostInBytes");
  }

  /** The CACM runs as plain text (cut), one left in gzip (one part), and one not grouped by query (read whole). */
  private static Map<String, String> cacmRuns(Path dir) throws IOException {
    Map<String, String> runs = new LinkedHashMap<>();
    List<Path> files;
    try (Stream<Path> s = Files.list(SparkTestSession.data("cacm/runs-anserini-0.13.3"))) {
      files = s.filter(f -> f.toString().endsWith(".txt.gz")).sorted().toList();
    }
    for (int i = 0; i < files.size(); i++) {
      Path f = files.get(i);
      String name = RunFile.of(f).runName();
      if (i == 0) {
        runs.put(name, f.toString());
        continue;
      }
      List<String> lines;
      try (InputStream in = new GZIPInputStream(Files.newInputStream(f))) {
        lines = new ArrayList<>(List.of(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")));
      }
      if (i == 1) {
        lines.add(lines.remove(0)); // its first query comes back at the end
      }
      Path plain = dir.resolve(name + ".txt");
      Files.writeString(plain, String.join("\n", lines) + "\n");
      runs.put(name, plain.toString());
    }
    return runs;
  }

  @Test
  void everyCacmRunInManyPartsIsTheLibrarysByteForByte(@TempDir Path dir) throws IOException {
    Path qrels = SparkTestSession.data("cacm/qrels.cacm.txt");
    List<Measure> measures = Measures.withJudgedCoverage(Stream.of("nDCG@10", "AP", "RR@10", "R@1000", "Bpref")
        .map(Measures::parse).toList());
    Policy pooled = Preset.POOLED.policy().withUnknownQueries(UnknownQueries.LIST);
    Map<String, String> runs = cacmRuns(dir);
    assertThat(Files.size(Path.of(runs.values().stream().skip(2).findFirst().orElseThrow()))).isGreaterThan(5 * 20000);
    EvalProtocol protocol = SparkInputs.trecQrels(spark, qrels.toString(), pooled, measures);
    SparkEvaluation got = SparkEvaluation.evaluate(spark, protocol, runs, null, List.copyOf(runs.keySet()));
    long values = SparkParityTest.assertSame(got.results(), SparkParityTest.library(qrels, runs, pooled, measures));
    assertThat(values).isEqualTo(6L * 52 * measures.size());
  }

  @Test
  void filesAndRowsTogetherKeepTheRunOrder(@TempDir Path dir) throws IOException {
    Path qrels = SparkTestSession.data("cacm/qrels.cacm.txt");
    List<Measure> measures = TrecEvalMeasures.official();
    Policy policy = Preset.TREC_EVAL.policy();
    Map<String, String> runs = cacmRuns(dir);
    List<String> names = List.copyOf(runs.keySet());
    Map<String, String> asFiles = new LinkedHashMap<>();
    Map<String, String> asRows = new LinkedHashMap<>();
    for (int i = 0; i < names.size(); i++) {
      (i % 2 == 0 ? asFiles : asRows).put(names.get(i), runs.get(names.get(i)));
    }
    EvalProtocol protocol = SparkInputs.trecQrels(spark, qrels.toString(), policy, measures);
    SparkEvaluation got = SparkEvaluation.evaluate(spark, protocol, asFiles, SparkInputs.trecRuns(spark, asRows), names);
    SparkParityTest.assertSame(got.results(), SparkParityTest.library(qrels, runs, policy, measures));
  }

  @Test
  void decimalLabelsTravelToThePartsInTheirUnit(@TempDir Path dir) throws IOException {
    // CACM's judgments as an LLM judge might give them: 0.7 for a relevant document, 0.25 for one more each query
    List<String> table = new ArrayList<>(List.of("query\tdoc\tlabel\tsource"));
    Files.readAllLines(SparkTestSession.data("cacm/qrels.cacm.txt")).forEach(l -> {
      String[] f = l.split("\\s+");
      table.add(f[0] + "\t" + f[2] + "\t" + ("1".equals(f[3]) ? "0.7" : f[3]) + "\tllm:example");
    });
    Path labels = dir.resolve("labels.tsv");
    Files.write(labels, table);
    Policy policy = Preset.POOLED.policy().withUnknownQueries(UnknownQueries.LIST);
    List<Measure> measures = Stream.of("AP", "nDCG@10", "P@10").map(Measures::parse).toList();
    Map<String, String> runs = cacmRuns(dir);
    EvalProtocol protocol = SparkInputs.trecQrels(spark, labels.toString(), policy, measures);
    assertThat(protocol.qrels().labelScale()).isEqualTo(10);
    Map<String, String> grouped = new LinkedHashMap<>(runs);
    grouped.remove(runs.keySet().stream().skip(1).findFirst().orElseThrow()); // the run not grouped is read as rows
    SparkEvaluation got = SparkEvaluation.evaluate(spark, protocol, grouped, null, List.copyOf(grouped.keySet()));
    SparkParityTest.assertSame(got.results(), SparkParityTest.library(labels, grouped, policy, measures));
    SparkInputException rows = catchThrowableOfType(SparkInputException.class,
        () -> SparkEvaluation.evaluate(spark, protocol, runs, null, List.copyOf(runs.keySet())));
    assertThat(rows).hasMessageContaining("decimal labels (a unit of 1/10) are read by caliber-spark only with TREC run files");
  }

  @Test
  void aRelativePathIsOpenedFromTheDriversFolderAndNamedAsGiven() throws IOException {
    Path file = Path.of("target", "relative-run.txt");
    Files.writeString(file, "1 Q0 CACM-1410 1 2.5 t\n1 Q0 CACM-1572 2 high t\n");
    try {
      EvalProtocol protocol = SparkInputs.trecQrels(spark, SparkTestSession.data("cacm/qrels.cacm.txt").toString(),
          Preset.TREC_EVAL.policy(), List.of(Measures.parse("AP")));
      String expected = catchThrowableOfType(CaliberInputException.class,
          () -> RunFile.of(file).withName("r").evaluate(protocol, null, WHOLE)).getMessage();
      assertThat(expected).startsWith("target/relative-run.txt:2: ");
      assertThat(catchThrowableOfType(CaliberInputException.class, () -> SparkEvaluation.evaluate(spark, protocol,
          Map.of("r", "target/relative-run.txt"), null, List.of("r")))).hasMessage(expected);
      assertThat(catchThrowableOfType(SparkInputException.class, () -> SparkEvaluation.evaluate(spark, protocol,
          SparkInputs.trecRuns(spark, Map.of("r", "target/relative-run.txt")), List.of("r")))).hasMessage(expected);
    } finally {
      Files.delete(file);
    }
  }

  @Test
  void theFirstMalformedLineOfAPartIsTheCallersWithItsLineInTheFile(@TempDir Path dir) throws IOException {
    Path qrels = SparkTestSession.data("cacm/qrels.cacm.txt");
    Map<String, String> runs = cacmRuns(dir);
    String name = runs.keySet().stream().skip(3).findFirst().orElseThrow();
    Path file = Path.of(runs.get(name));
    List<String> lines = new ArrayList<>(Files.readAllLines(file));
    int bad = lines.size() * 3 / 4;
    lines.set(bad, lines.get(bad).replaceFirst(" [^ ]+ ([^ ]+)$", " high $1"));
    Files.writeString(file, String.join("\n", lines) + "\n");
    EvalProtocol protocol = SparkInputs.trecQrels(spark, qrels.toString(), Preset.TREC_EVAL.policy(), List.of(Measures.parse("AP")));
    String expected = catchThrowableOfType(CaliberInputException.class,
        () -> RunFile.of(file).withName(name).evaluate(protocol, null, WHOLE)).getMessage();
    assertThat(expected).contains(":" + (bad + 1) + ": ");
    CaliberInputException got = catchThrowableOfType(CaliberInputException.class,
        () -> SparkEvaluation.evaluate(spark, protocol, runs, null, List.copyOf(runs.keySet())));
    assertThat(got).hasMessage(expected);
  }
}
