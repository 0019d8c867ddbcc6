package dev.caliber.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate goal run as Maven runs it, on CACM, calling caliber for real: the exit code decides the
 * build (0 passes, 5 is a build failure with the gate's own lines, 2, 3 and 4 are execution errors
 * with caliber's message), the check lines go to the log, the reports to their default places.
 */
class GateMojoTest {
  @TempDir static Path shared;
  private static Path broken;

  @TempDir Path project;
  private final RecordingLog log = new RecordingLog();

  @BeforeAll
  static void breakBm25() throws Exception {
    broken = Cacm.brokenBm25(shared);
  }

  /** A gate in {@link #project} with Maven's defaults, over CACM's qrels, BM25 as baseline and the given candidate. */
  private GateMojo gate(Run candidate) {
    GateMojo gate = new GateMojo();
    gate.setLog(log);
    gate.basedir = project.toFile();
    gate.outputDirectory = project.resolve("target/caliber").toFile();
    gate.junitReport = project.resolve("target/surefire-reports/TEST-caliber-gate.xml").toFile();
    gate.qrels = Cacm.QRELS.toFile();
    gate.runs = List.of(new Run("bm25", Cacm.BM25.toFile()), candidate);
    return gate;
  }

  @Test
  void should_pass_bm25_against_itself_and_ql_within_a_declared_tolerance() throws Exception {
    // GIVEN BM25 against itself with no loss allowed
    GateMojo self = gate(new Run("again", Cacm.BM25.toFile()));
    self.noSignificantLoss = List.of("nDCG@10");
    self.tolerances = List.of("nDCG@10=0");
    self.maxQueryLoss = List.of("nDCG@10=0");
    // WHEN the goal runs, THEN the build goes on, each check's line in the log
    self.execute();
    assertThat(log.at("info")).contains("pass  again  [no significant loss] nDCG@10: no loss: mean 0.0000 (from 0.4543 to"
        + " 0.4543), Holm-adjusted randomization test p = 1.0000; 0 queries better, 0 worse, 52 tied");
    assertThat(log.at("info")).anySatisfy(l -> assertThat(l).startsWith("caliber gate: passed (3 checks, 0 failed)"));
    assertThat(project.resolve("target/surefire-reports/TEST-caliber-gate.xml")).content().contains("tests=\"3\"")
        .contains("failures=\"0\"");
    assertThat(project.resolve("target/caliber/gate.md")).content().startsWith("### caliber gate: passed (0 of 3 checks failed)");
    assertThat(project.resolve("target/caliber/gate.json")).content().contains("\"passed\": true");
    // GIVEN QL against BM25 within 2% of nDCG@10 and 0.01 of AP
    GateMojo ql = gate(new Run("ql", Cacm.QL.toFile()));
    ql.noSignificantLoss = List.of("nDCG@10", "AP");
    ql.tolerances = List.of("nDCG@10=2%", "AP=0.01");
    ql.execute();
    assertThat(log.at("info")).contains("pass  ql  [mean within tolerance] nDCG@10: mean 0.4609 against the baseline's 0.4543"
        + " over 52 queries, no fall");
    assertThat(log.at("error")).isEmpty();
  }

  @Test
  void should_fail_the_build_on_a_broken_run_with_the_gate_s_lines_and_every_report_written() throws Exception {
    // GIVEN the broken run, named by its file
    GateMojo gate = gate(new Run(null, broken.toFile()));
    gate.noSignificantLoss = List.of("nDCG@10");
    gate.tolerances = List.of("nDCG@10=0.05");
    gate.maxQueryLoss = List.of("nDCG@10=0.5");
    // WHEN the goal runs, THEN a build failure whose message is the failed checks and the verdict
    assertThatThrownBy(gate::execute).isInstanceOfSatisfying(MojoFailureException.class, e -> {
      List<String> lines = e.getMessage().lines().toList();
      assertThat(lines).hasSize(4);
      assertThat(lines.subList(0, 3)).allSatisfy(l -> assertThat(l).startsWith("FAIL  broken.txt  ["));
      assertThat(lines.get(0)).startsWith("FAIL  broken.txt  [no significant loss] nDCG@10: a significant loss: mean -");
      assertThat(lines.get(1)).startsWith("FAIL  broken.txt  [mean within tolerance] nDCG@10: mean 0.3295 against the"
          + " baseline's 0.4543 over 52 queries, a fall of 0.1248");
      assertThat(lines.get(3)).startsWith("caliber gate: failed (3 checks, 3 failed) against baseline \"bm25\"");
    });
    // THEN the same lines are in the log, and the reports name the failed rules and the queries that got worse
    assertThat(log.at("info")).filteredOn(l -> l.startsWith("FAIL  ")).hasSize(3);
    String junit = Files.readString(project.resolve("target/surefire-reports/TEST-caliber-gate.xml"));
    assertThat(junit).contains("failures=\"3\"").contains("classname=\"caliber.gate.broken.txt\" name=\"no query loses"
        + " more: nDCG@10\"").contains("queries that got worse (baseline -&gt; candidate):");
    assertThat(project.resolve("target/caliber/gate.md")).content().startsWith("### caliber gate: **failed** (3 of 3 checks"
        + " failed)").contains("| **FAIL** | broken.txt | mean within tolerance | nDCG@10 |").contains("<details>");
  }

  @Test
  void should_stop_the_build_with_caliber_s_message_on_a_usage_error_and_write_nothing() {
    // GIVEN a gate without a rule
    GateMojo gate = gate(new Run("ql", Cacm.QL.toFile()));
    // THEN an execution error (not a rule's failure) in caliber's words
    assertThatThrownBy(gate::execute).isExactlyInstanceOf(MojoExecutionException.class)
        .hasMessage("caliber: usage: gate needs at least one rule: --no-significant-loss MEASURE, --tolerance MEASURE=AMOUNT,"
            + " --max-query-loss MEASURE=AMOUNT or --min-judged K=SHARE (see 'caliber gate --help')");
    assertThat(project.resolve("target/caliber/gate.md")).doesNotExist();
    assertThat(project.resolve("target/surefire-reports/TEST-caliber-gate.xml")).doesNotExist();
    // and a bad rule is refused as caliber refuses it
    gate.tolerances = List.of("nDCG@10=abc");
    assertThatThrownBy(gate::execute).isExactlyInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("caliber: usage: --tolerance nDCG@10=abc: \"abc\" is not a decimal number; expected such as 0.05");
  }

  @Test
  void should_stop_the_build_with_caliber_s_message_on_invalid_input_or_a_missing_file() throws Exception {
    GateMojo gate = gate(new Run("ql", Cacm.QL.toFile()));
    gate.tolerances = List.of("nDCG@10=0.05");
    // a relative qrels file is the project's: absent there, an I/O error (exit 4)
    gate.qrels = new File("qrels.txt");
    assertThatThrownBy(gate::execute).isExactlyInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("caliber: cannot read " + project.resolve("qrels.txt") + ": no such file");
    // malformed qrels: invalid input (exit 3), located
    Files.writeString(project.resolve("qrels.txt"), "1 0 CACM-1 1\nnot a qrels line\n");
    assertThatThrownBy(gate::execute).isExactlyInstanceOf(MojoExecutionException.class)
        .hasMessageStartingWith("caliber: invalid input: " + project.resolve("qrels.txt") + ":2");
  }

  @Test
  void should_do_nothing_when_skipped() throws Exception {
    GateMojo gate = gate(new Run("ql", Cacm.QL.toFile()));
    gate.skip = true;
    gate.execute();
    assertThat(log.lines).containsExactly("info: caliber: skipped (caliber.skip)");
    assertThat(project.resolve("target")).doesNotExist();
  }
}
