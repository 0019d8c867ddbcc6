package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.compare.gate.BaselineFile;
import dev.caliber.result.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * {@code caliber gate} on CACM: BM25 passes against itself and QL within a declared tolerance; a
 * deliberately broken run fails with exit 5, JUnit XML and a Markdown summary listing the queries
 * that got worse.
 */
class GateCommandTest {
  private static final Path CACM = Cli.data().resolve("cacm");
  private static final Path QRELS = CACM.resolve("qrels.cacm.txt");
  private static final Path BM25 = CACM.resolve("runs-anserini-0.13.3/run.cacm.bm25.txt.gz");
  private static final Path QL = CACM.resolve("runs-anserini-0.13.3/run.cacm.ql.txt.gz");

  @TempDir static Path dir;
  private static Path broken;

  /**
   * BM25 broken on purpose: in every other query its first ten documents are sent to the end of
   * the ranking (scores below every other), as a retriever that lost its best matches would.
   */
  @BeforeAll
  static void breakBm25() throws IOException {
    Map<String, List<String[]>> byQuery = new LinkedHashMap<>();
    for (String line : new String(Cli.gunzipped(BM25), StandardCharsets.UTF_8).split("\n")) {
      String[] f = line.trim().split("\\s+");
      byQuery.computeIfAbsent(f[0], q -> new ArrayList<>()).add(f);
    }
    StringBuilder out = new StringBuilder();
    int n = 0;
    for (Map.Entry<String, List<String[]>> e : byQuery.entrySet()) {
      List<String[]> rows = e.getValue();
      List<String[]> order = new ArrayList<>(rows);
      if (n++ % 2 == 0 && rows.size() > 10) {
        order = new ArrayList<>(rows.subList(10, rows.size()));
        order.addAll(rows.subList(0, 10));
      }
      for (int i = 0; i < order.size(); i++) {
        String[] f = order.get(i);
        out.append(f[0]).append(" Q0 ").append(f[2]).append(' ').append(i + 1).append(' ').append(1000 - i).append(" broken\n");
      }
    }
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
      z.write(out.toString().getBytes(StandardCharsets.UTF_8));
    }
    broken = Files.write(dir.resolve("broken.txt.gz"), gz.toByteArray());
  }

  private static List<Object> gate(Object... more) {
    List<Object> args = new ArrayList<>(List.of("gate", "--qrels", QRELS, "--run", "bm25=" + BM25));
    args.addAll(List.of(more));
    return args;
  }

  @Test
  void should_pass_bm25_against_itself_and_ql_within_a_declared_tolerance() {
    CliResult self = Cli.run(gate("--run", "again=" + BM25, "--no-significant-loss", "nDCG@10", "--tolerance",
        "nDCG@10=0", "--max-query-loss", "nDCG@10=0").toArray());
    assertThat(self.exitCode()).as(self.toString()).isZero();
    assertThat(self.stdout()).startsWith("pass  again  [no significant loss] nDCG@10: no loss: mean 0.0000 (from 0.4543 to"
        + " 0.4543), Holm-adjusted randomization test p = 1.0000; 0 queries better, 0 worse, 52 tied\n")
        .contains("caliber gate: passed (3 checks, 0 failed) against baseline \"bm25\"");
    CliResult ql = Cli.run(gate("--run", "ql=" + QL, "--no-significant-loss", "nDCG@10", "--no-significant-loss", "AP",
        "--tolerance", "nDCG@10=2%", "--tolerance", "AP=0.01").toArray());
    assertThat(ql.exitCode()).as(ql.toString()).isZero();
    assertThat(ql.stdout()).contains("pass  ql  [mean within tolerance] nDCG@10: mean 0.4609 against the baseline's 0.4543"
        + " over 52 queries, no fall\n");
  }

  @Test
  void should_fail_a_broken_run_with_exit_5_junit_xml_and_a_markdown_summary() throws Exception {
    Path junit = dir.resolve("TEST-caliber-gate.xml");
    Path md = dir.resolve("gate.md");
    Path json = dir.resolve("gate.json");
    CliResult r = Cli.run(gate("--run", "broken=" + broken, "--no-significant-loss", "nDCG@10", "--tolerance",
        "nDCG@10=0.05", "--max-query-loss", "nDCG@10=0.5", "--junit", junit, "--markdown", md, "--json", json).toArray());
    // THEN exit 5, one line per check on stdout, every report written
    assertThat(r.exitCode()).as(r.toString()).isEqualTo(ExitCodes.GATE_FAILED);
    assertThat(r.stdout().lines().filter(l -> l.startsWith("FAIL  broken  "))).hasSize(3);
    assertThat(r.stdout()).contains("FAIL  broken  [no significant loss] nDCG@10: a significant loss: mean -");
    assertThat(r.stdout().lines().reduce((a, b) -> b).orElseThrow()).startsWith("caliber gate: failed (3 checks, 3 failed)");
    // JUnit XML: valid under the JUnit schema CI servers read, one test case per check, each
    // failure naming the mean, the bound and p
    validate(junit);
    Document x = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(junit.toFile());
    Element suite = (Element) x.getElementsByTagName("testsuite").item(0);
    assertThat(suite.getAttribute("tests")).isEqualTo("3");
    assertThat(suite.getAttribute("failures")).isEqualTo("3");
    NodeList cases = x.getElementsByTagName("testcase");
    assertThat(cases.getLength()).isEqualTo(3);
    Element first = (Element) cases.item(0);
    assertThat(first.getAttribute("classname")).isEqualTo("caliber.gate.broken");
    assertThat(first.getAttribute("name")).isEqualTo("no significant loss: nDCG@10");
    Element failure = (Element) first.getElementsByTagName("failure").item(0);
    assertThat(failure.getAttribute("message")).startsWith("nDCG@10: a significant loss: mean -").contains("(from 0.4543 to ")
        .contains("Holm-adjusted randomization test p ").contains("below the level 0.05");
    assertThat(failure.getTextContent()).contains("queries that got worse (baseline -> candidate):\n");
    // Markdown: the table, and the queries that got worse in a collapsed section
    String summary = Files.readString(md);
    assertThat(summary).startsWith("### caliber gate: **failed** (3 of 3 checks failed)\n\nBaseline `bm25`, 52 queries")
        .contains("| **FAIL** | broken | no significant loss   | nDCG@10 |   0.4543 |")
        .contains("<details><summary>broken, no significant loss: nDCG@10: a significant loss: mean -")
        .contains("| query | baseline | candidate |   delta |");
    // JSON: the rules and each check
    String data = Files.readString(json);
    assertThat(data).contains("\"caliber_gate\": 1").contains("\"passed\": false").contains("\"tolerance\": {\n"
        + "      \"nDCG@10\": \"0.05\"");
  }

  @Test
  void should_refuse_a_gate_without_a_rule_or_with_a_rule_on_a_measure_not_evaluated() {
    assertThatRun(Cli.run(gate("--run", "ql=" + QL).toArray())).failedWithUsage("caliber gate", "gate needs at least one rule:"
        + " --no-significant-loss MEASURE, --tolerance MEASURE=AMOUNT, --max-query-loss MEASURE=AMOUNT or --min-judged K=SHARE");
    assertThatRun(Cli.run(gate("--run", "ql=" + QL, "-m", "AP", "--tolerance", "nDCG@10=0.1").toArray()))
        .failedWithUsage("caliber gate", "a gate rule names nDCG@10, which is not evaluated; the measures are AP (add -m"
            + " nDCG@10)");
    assertThatRun(Cli.run(gate("--run", "ql=" + QL, "--tolerance", "nDCG@10=abc").toArray()))
        .failedWithUsage("caliber gate", "--tolerance nDCG@10=abc: \"abc\" is not a decimal number; expected such as 0.05");
    assertThatRun(Cli.run(gate("--run", "ql=" + QL, "--tolerance", "nDCG@10=0.1", "--alpha", "0.01").toArray()))
        .failedWithUsage("caliber gate", "--alpha is the level of --no-significant-loss, which is not given");
    assertThatRun(Cli.run(gate("--run", "ql=" + QL, "--no-significant-loss", "nDCG@10", "--alpha", "1").toArray()))
        .failedWithUsage("caliber gate", "--alpha 1.0 is out of range; expected a level in (0, 1), such as 0.05");
    assertThatRun(Cli.run(gate("--tolerance", "nDCG@10=0.1").toArray()))
        .failedWithUsage("caliber gate", "gate needs a baseline and at least one candidate: two or more --run options, got 1 (or --baseline-entry ID with --history FILE, or --baseline-file FILE, and one or more)");
    assertThatRun(Cli.run(gate("--run", "ql=" + QL, "--min-judged", "7=0.5", "-m", "P@10").toArray()))
        .failedWithUsage("caliber gate", "--min-judged 7=0.5: no evaluated measure has cutoff 7, so its judged share is not counted;"
            + " the cutoffs are [10] (add -m Judged@7)");
  }

  @Test
  void should_refuse_a_report_that_would_overwrite_an_input_or_another_report(@TempDir Path tmp) throws IOException {
    Path qrels = Files.copy(QRELS, tmp.resolve("q.txt"));
    Path same = tmp.resolve("r.xml");
    assertThatRun(Cli.run("gate", "--qrels", qrels, "--run", "bm25=" + BM25, "--run", "ql=" + QL, "--tolerance",
        "nDCG@10=0.1", "--junit", qrels)).failedWithUsage("caliber gate", "--junit " + qrels + " is the input " + qrels
            + "; the result would overwrite it: give another path");
    assertThatRun(Cli.run("gate", "--qrels", qrels, "--run", "bm25=" + BM25, "--run", "ql=" + QL, "--tolerance",
        "nDCG@10=0.1", "--junit", same, "--markdown", same)).failedWithUsage("caliber gate", "--markdown " + same
            + " is also the output of --junit " + same + "; one would overwrite the other: give another path");
    assertThat(Files.readString(qrels)).isEqualTo(Cli.text(QRELS));
  }

  @Test
  void should_record_the_rules_and_the_verdict_with_each_entry_of_the_history(@TempDir Path tmp) throws Exception {
    Path h = tmp.resolve("h.sqlite");
    CliResult r = Cli.run(gate("--run", "ql=" + QL, "--tolerance", "nDCG@10=0.1", "--history", h).toArray());
    assertThat(r.exitCode()).as(r.toString()).isZero();
    try (dev.caliber.history.History history = dev.caliber.history.History.read(h)) {
      assertThat(history.list(dev.caliber.history.Filter.ALL)).hasSize(2).allSatisfy(e -> assertThat(e.meta())
          .containsEntry("gate.rules", "{\"tolerance\":{\"nDCG@10\":\"0.1\"}}").containsEntry("gate.passed", "true"));
    }
    assertThatRun(Cli.run(gate("--run", "ql=" + QL, "--tolerance", "nDCG@10=0.1", "--history", h, "--meta",
        "gate.passed=yes").toArray())).failedWithUsage("caliber gate", "--meta gate.passed=...: the key gate.passed is the"
            + " command's own; expected another key");
  }

  @Test
  void should_hold_a_run_against_a_history_entry_recorded_under_the_same_protocol(@TempDir Path tmp) {
    // GIVEN BM25's evaluation recorded as entry 1
    Path h = tmp.resolve("h.sqlite");
    assertThat(Cli.run("evaluate", "--qrels", QRELS, "--run", "bm25=" + BM25, "-m", "nDCG@10", "--history", h, "-o",
        tmp.resolve("r.json")).exitCode()).isZero();
    // WHEN the broken run is gated against it, and QL
    CliResult fails = Cli.run("gate", "--qrels", QRELS, "--run", "broken=" + broken, "--baseline-entry", "1", "--history", h,
        "--tolerance", "nDCG@10=0.05");
    CliResult holds = Cli.run("gate", "--qrels", QRELS, "--run", "ql=" + QL, "--baseline-entry", "1", "--history", h,
        "--tolerance", "nDCG@10=0.05");
    // THEN the numbers are those of the runs gated side by side, and only the candidates are recorded
    assertThat(fails.exitCode()).as(fails.toString()).isEqualTo(ExitCodes.GATE_FAILED);
    assertThat(fails.stdout()).startsWith("FAIL  broken  [mean within tolerance] nDCG@10: mean 0.3295 against the baseline's"
        + " 0.4543 over 52 queries, a fall of 0.1248");
    assertThat(holds.exitCode()).as(holds.toString()).isZero();
    assertThatRun(Cli.run("gate", "--qrels", QRELS, "--run", "ql=" + QL, "--baseline-entry", "9", "--history", h,
        "--tolerance", "nDCG@10=0.05")).failedWithUsage("caliber gate", "history " + h + " has no entry 9 (caliber history"
            + " list --history " + h + " lists them)");
    assertThatRun(Cli.run("gate", "--qrels", QRELS, "--run", "ql=" + QL, "--baseline-entry", "1", "--history", h,
        "--tolerance", "AP=0.05")).failedWithLineStartingWith(ExitCodes.USAGE, "usage: --baseline-entry: the baseline was"
            + " recorded under protocol ");
    assertThatRun(Cli.run("gate", "--qrels", QRELS, "--run", "ql=" + QL, "--baseline-entry", "1", "--tolerance",
        "nDCG@10=0.05")).failedWithUsage("caliber gate", "--baseline-entry 1 needs --history FILE, the history that holds"
            + " the entry");
  }

  @Test
  void should_hold_a_run_against_a_baseline_file_as_caliber_assertj_writes_it(@TempDir Path tmp) throws Exception {
    // GIVEN BM25's values kept in a baseline file, written as caliber-assertj's Baseline writes it
    Path h = tmp.resolve("h.sqlite");
    assertThat(Cli.run("evaluate", "--qrels", QRELS, "--run", "bm25=" + BM25, "-m", "nDCG@10", "--history", h, "-o",
        tmp.resolve("r.json")).exitCode()).isZero();
    RunResult bm25;
    try (dev.caliber.history.History history = dev.caliber.history.History.read(h)) {
      bm25 = history.result(1);
    }
    Path file = tmp.resolve("bm25.baseline.json");
    Files.writeString(file, BaselineFile.of(bm25).toJson());
    // WHEN the broken run and QL are gated against it
    Path junit = tmp.resolve("TEST-gate.xml");
    CliResult fails = Cli.run("gate", "--qrels", QRELS, "--run", "broken=" + broken, "--baseline-file", file,
        "--tolerance", "nDCG@10=0.05", "--junit", junit);
    CliResult holds = Cli.run("gate", "--qrels", QRELS, "--run", "ql=" + QL, "--baseline-file", file,
        "--tolerance", "nDCG@10=0.05", "--no-significant-loss", "nDCG@10");
    // THEN the numbers are those of the runs gated side by side (the history-entry test's), under the file's run name
    assertThat(fails.exitCode()).as(fails.toString()).isEqualTo(ExitCodes.GATE_FAILED);
    assertThat(fails.stdout()).startsWith("FAIL  broken  [mean within tolerance] nDCG@10: mean 0.3295 against the baseline's"
        + " 0.4543 over 52 queries, a fall of 0.1248").contains("against baseline \"" + bm25.runName() + "\"");
    assertThat(Files.readString(junit)).contains("<failure");
    validate(junit);
    assertThat(holds.exitCode()).as(holds.toString()).isZero();
    // a report may not overwrite the baseline file; two baselines are refused
    assertThatRun(Cli.run("gate", "--qrels", QRELS, "--run", "ql=" + QL, "--baseline-file", file, "--tolerance", "nDCG@10=0.05",
        "--json", file)).failedWithLineStartingWith(ExitCodes.USAGE, "usage: ");
    assertThat(Files.readString(file)).isEqualTo(BaselineFile.of(bm25).toJson());
    assertThatRun(Cli.run("gate", "--qrels", QRELS, "--run", "ql=" + QL, "--baseline-file", file, "--baseline", "ql",
        "--tolerance", "nDCG@10=0.05")).failedWithUsage("caliber gate", "--baseline and --baseline-file exclude each other: the"
            + " baseline is a --run, a history entry or a baseline file");
    // a baseline under another protocol (AP not evaluated when it was kept) is invalid input, naming the file and the path
    assertThatRun(Cli.run("gate", "--qrels", QRELS, "--run", "ql=" + QL, "--baseline-file", file, "--tolerance", "AP=0.05"))
        .failedWithLineStartingWith(ExitCodes.INVALID_INPUT, "invalid input: " + file + ": $.protocol_sha256: a baseline holds runs under the protocol it"
            + " was recorded under (recorded under " + bm25.protocolSha256().substring(0, 12));
    // a damaged file is refused before any run is read, naming the JSON path
    Files.writeString(file, BaselineFile.of(bm25).toJson().replace("\"format\": \"caliber-baseline 1\"", "\"format\": 1"));
    assertThatRun(Cli.run("gate", "--qrels", QRELS, "--run", "ql=" + QL, "--baseline-file", file, "--tolerance", "nDCG@10=0.05"))
        .failedWithLineStartingWith(ExitCodes.INVALID_INPUT, "invalid input: " + file + ":2:13: $.format: not a caliber baseline (got the integer 1;"
            + " expected a string)");
  }

  /** Validates against the Jenkins xUnit plugin's JUnit schema (test resources, MIT). */
  static void validate(Path xml) throws Exception {
    javax.xml.validation.Schema schema = javax.xml.validation.SchemaFactory.newInstance(javax.xml.XMLConstants.W3C_XML_SCHEMA_NS_URI)
        .newSchema(GateCommandTest.class.getResource("/junit-xml/junit-10.xsd"));
    schema.newValidator().validate(new javax.xml.transform.stream.StreamSource(xml.toFile()));
  }
}
