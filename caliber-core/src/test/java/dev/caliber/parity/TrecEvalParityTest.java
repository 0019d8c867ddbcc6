package dev.caliber.parity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.eval.Evaluation;
import dev.caliber.io.InputLimits;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.TestData;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import dev.caliber.testkit.SeedFiles;
import dev.caliber.treceval.TrecEvalText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Agreement with trec_eval: every value trec_eval printed in the reference files of
 * data/, for every measure caliber implements, is reproduced under {@code --compat
 * trec_eval} to the 4 decimals trec_eval prints, per query and overall. The counts of values
 * compared and of disagreements are written to target/parity-report.tsv.
 */
class TrecEvalParityTest {
  private static final Path DATA = SeedFiles.root().resolve("data");
  private static final Map<String, int[]> TALLY = new LinkedHashMap<>();

  /** One reference: trec_eval's output for a qrels file, a run and its flags. */
  record Case(String name, Path qrels, Path run, Path expected, int threshold, int depth, boolean extraColumns) {}

  static List<Case> cases() throws IOException {
    List<Case> cases = new ArrayList<>();
    Path te = DATA.resolve("trec_eval-test/test");
    cases.add(new Case("trec_eval-test out.test", te.resolve("qrels.test"), te.resolve("results.test"), te.resolve("out.test"), 1, 0, false));
    cases.add(new Case("trec_eval-test out.test (qrels with comments)", te.resolve("qrels.test.with-comments"), te.resolve("results.test"), te.resolve("out.test"), 1, 0, false));
    cases.add(new Case("trec_eval-test out.test.a", te.resolve("qrels.test"), te.resolve("results.test"), te.resolve("out.test.a"), 1, 0, false));
    cases.add(new Case("trec_eval-test out.test.aq", te.resolve("qrels.test"), te.resolve("results.test"), te.resolve("out.test.aq"), 1, 0, false));
    cases.add(new Case("trec_eval-test out.test.aqc (-c, 7-9 columns)", te.resolve("qrels.test"), te.resolve("results.trunc"), te.resolve("out.test.aqc"), 1, 0, true));
    cases.add(new Case("trec_eval-test out.test.aqcM (-c -M100)", te.resolve("qrels.test"), te.resolve("results.trunc"), te.resolve("out.test.aqcM"), 1, 100, true));
    cases.add(new Case("trec_eval-test out.test.aql (-l2, labels -1..4)", te.resolve("qrels.rel_level"), te.resolve("results.test"), te.resolve("out.test.aql"), 2, 0, false));
    cases.add(new Case("trec_eval-test out.test.meas_params", te.resolve("qrels.test"), te.resolve("results.test"), te.resolve("out.test.meas_params"), 1, 0, false));
    cases.add(new Case("trec_eval-test out.comment.test", te.resolve("qrels.comment.test"), te.resolve("results.comment.test"), te.resolve("out.comment.test"), 1, 0, false));
    Path robust = DATA.resolve("trec2003-robust");
    try (Stream<Path> refs = Files.list(robust.resolve("reference/trec_eval-10.0-rc3-q-all_trec"))) {
      for (Path ref : refs.sorted().toList()) {
        String run = ref.getFileName().toString().replaceFirst("\\.txt\\.gz$", ".gz");
        cases.add(new Case("robust03 " + ref.getFileName(), robust.resolve("qrels/robust03_qrels.txt.gz"),
            robust.resolve("runs").resolve(run), ref, 1, 0, false));
      }
    }
    Path cacm = DATA.resolve("cacm");
    try (Stream<Path> refs = Files.list(cacm.resolve("reference/trec_eval-10.0-q-all_trec"))) {
      for (Path ref : refs.sorted().toList()) {
        cases.add(new Case("cacm " + ref.getFileName(), cacm.resolve("qrels.cacm.txt"),
            cacm.resolve("runs-anserini-0.13.3").resolve(ref.getFileName()), ref, 1, 0, false));
      }
    }
    return cases;
  }

  @TestFactory
  Stream<DynamicTest> every_reference_value_of_a_measure_caliber_implements_is_reproduced() throws IOException {
    return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
  }

  private static void check(Case c) throws IOException {
    Map<String, String> expected = reference(c.expected());
    Set<String> trecNames = new LinkedHashSet<>();
    expected.keySet().forEach(k -> trecNames.add(k.substring(0, k.indexOf('\t'))));
    List<Measure> measures = new ArrayList<>();
    for (String n : trecNames) {
      try {
        measures.add(Measures.parse(n));
      } catch (IllegalArgumentException notAMeasureName) {
        // runid, num_q, relstring and names that carry trec_eval's raw parameters
        // (utility_2,-1,0,0): TrecEvalCommandTest compares those through the trec_eval command.
      }
    }
    Qrels qrels = TrecQrelsReader.read(c.qrels());
    ScoredRun run = TrecRunReader.read(c.run(), new TrecRunOptions(null, c.extraColumns(), InputLimits.DEFAULT));
    List<String> querySet = new ArrayList<>(qrels.asMap().keySet());
    querySet.sort(PyJson.CODE_POINT_ORDER);
    Policy policy = Policy.trecEval().withRelevanceThreshold(c.threshold()).withDepth(c.depth());
    boolean perQuery = expected.keySet().stream().anyMatch(k -> !k.endsWith("\tall"));
    if (!cMode(c)) {
      // Without -c, trec_eval averages over the judged queries the run answered; caliber's
      // equivalent is an explicit query set (--query-set), since it never shrinks one by itself.
      querySet.retainAll(run.asMap().keySet());
    }
    RunResult result = Evaluation.evaluate(new EvalProtocol(qrels, querySet, "parity", null, policy, measures), run);
    Map<String, String> actual = new LinkedHashMap<>();
    StringBuilder text = new StringBuilder();
    TrecEvalText.render(result, perQuery, cMode(c), text::append); // -c or not, as the reference was made
    for (String line : text.toString().split("\n")) {
      String[] f = line.split("\t");
      actual.put(f[0].strip() + "\t" + f[1], f[2]);
    }
    int compared = 0;
    List<String> disagreements = new ArrayList<>();
    for (Map.Entry<String, String> e : actual.entrySet()) {
      String want = expected.get(e.getKey());
      if (want == null) {
        continue;
      }
      compared++;
      if (!want.equals(e.getValue())) {
        disagreements.add(e.getKey().replace('\t', ' ') + ": caliber " + e.getValue() + ", trec_eval " + want);
      }
    }
    synchronized (TALLY) {
      TALLY.put(c.name(), new int[] {compared, disagreements.size()});
    }
    assertThat(compared).as("values compared for %s", c.name()).isGreaterThan(0);
    assertThat(disagreements).as("disagreements with trec_eval in %s", c.name()).isEmpty();
  }

  @TestFactory
  Stream<DynamicTest> every_headline_metric_including_rr_at_10_is_reproduced() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (String collection : List.of("trec2003-robust", "cacm")) {
      Path dir = DATA.resolve(collection);
      Path table = dir.resolve("reference/headline-metrics.trec_eval-10.0.tsv");
      List<String> lines = TestData.lines(table).stream().filter(l -> !l.startsWith("#")).toList();
      String[] header = lines.get(0).split("\t");
      Path qrelsFile = collection.equals("cacm") ? dir.resolve("qrels.cacm.txt") : dir.resolve("qrels/robust03_qrels.txt.gz");
      Path runs = collection.equals("cacm") ? dir.resolve("runs-anserini-0.13.3") : dir.resolve("runs");
      for (String line : lines.subList(1, lines.size())) {
        String[] row = line.split("\t");
        // the table names the runs as trec_eval read them; data/ carries CACM's runs gzipped
        Path run = runs.resolve(row[0].endsWith(".gz") ? row[0] : row[0] + ".gz");
        tests.add(DynamicTest.dynamicTest(collection + " headline " + row[0], () -> checkHeadline(collection + " headline " + row[0],
            qrelsFile, run, header, row)));
      }
    }
    return tests.stream();
  }

  private static void checkHeadline(String name, Path qrelsFile, Path runFile, String[] header, String[] row) throws IOException {
    Qrels qrels = TrecQrelsReader.read(qrelsFile);
    ScoredRun run = TrecRunReader.read(runFile);
    List<String> querySet = new ArrayList<>(qrels.asMap().keySet());
    querySet.sort(PyJson.CODE_POINT_ORDER);
    querySet.retainAll(run.asMap().keySet());
    List<Measure> measures = new ArrayList<>();
    for (int i = 2; i < header.length; i++) {
      measures.add(Measures.parse(header[i]));
    }
    RunResult result = Evaluation.evaluate(
        new EvalProtocol(qrels, querySet, "parity", null, Policy.trecEval(), measures), run);
    List<String> disagreements = new ArrayList<>();
    int compared = 1;
    if (!row[1].equals(Integer.toString(querySet.size()))) {
      disagreements.add("num_q: caliber " + querySet.size() + ", trec_eval " + row[1]);
    }
    for (int i = 2; i < header.length; i++) {
      var s = result.summaries().get(i - 2);
      String mine = header[i].equals("num_ret") ? Long.toString(Math.round(s.decimalSum())) : TrecEvalText.fixed4(s.decimalMean());
      compared++;
      if (!mine.equals(row[i])) {
        disagreements.add(header[i] + ": caliber " + mine + ", trec_eval " + row[i]);
      }
    }
    synchronized (TALLY) {
      TALLY.put(name, new int[] {compared, disagreements.size()});
    }
    assertThat(disagreements).as("disagreements with trec_eval in %s", name).isEmpty();
  }

  /** trec_eval -c runs: the fixtures named aqc/aqcM. Robust and CACM references are without -c. */
  private static boolean cMode(Case c) {
    return c.expected().getFileName().toString().contains("aqc");
  }

  /** "name\tquery" to value, from trec_eval's text output. */
  static Map<String, String> reference(Path file) throws IOException {
    Map<String, String> m = new LinkedHashMap<>();
    for (String line : TestData.lines(file)) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t");
      m.put(f[0].strip() + "\t" + f[1].strip(), f[2].strip());
    }
    return m;
  }

  @AfterAll
  static void writeReport() throws IOException {
    StringBuilder sb = new StringBuilder("case\tvalues_compared\tdisagreements\n");
    int total = 0;
    int bad = 0;
    for (Map.Entry<String, int[]> e : TALLY.entrySet()) {
      sb.append(e.getKey()).append('\t').append(e.getValue()[0]).append('\t').append(e.getValue()[1]).append('\n');
      total += e.getValue()[0];
      bad += e.getValue()[1];
    }
    sb.append("TOTAL\t").append(total).append('\t').append(bad).append('\n');
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target/parity-report.tsv"), sb.toString());
    System.out.println("trec_eval parity: " + total + " values compared, " + bad + " disagreements (target/parity-report.tsv)");
  }
}
