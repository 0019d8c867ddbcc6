package dev.caliber.cli;

import static dev.caliber.cli.Cli.example;
import static dev.caliber.cli.Cli.expected;
import static dev.caliber.cli.Cli.expectedText;
import static dev.caliber.cli.CliResultAssert.assertThatRun;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code caliber evaluate} reproduces the seed's reports byte for byte. */
class EvaluateCommandTest {

  @ParameterizedTest(name = "{0} under protocol.json")
  @ValueSource(strings = {"fixture_A", "fixture_B", "all_empty"})
  void should_print_the_seed_report_for_each_run(String run) {
    // WHEN
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", example("runs/" + run + ".json"));
    // THEN
    assertThatRun(result).succeeded().printed(expected("report." + run + ".json"));
  }

  @ParameterizedTest(name = "{0} from corpus, queries and qrels files")
  @ValueSource(strings = {"fixture_A", "fixture_B", "all_empty"})
  void should_print_the_same_report_from_the_protocol_s_parts(String run) {
    // WHEN
    CliResult result = Cli.run("evaluate",
        "--corpus", example("corpus.json"), "--queries", example("queries.json"), "--qrels", example("qrels.json"),
        "--split", "test", "--k", "2", "--run", example("runs/" + run + ".json"));
    // THEN
    assertThatRun(result).succeeded().printed(expected("report." + run + ".json"));
  }

  @Test
  void should_accept_split_and_k_that_agree_with_the_protocol_file() {
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--split", "test", "--k", "2",
        "--run", example("runs/fixture_A.json"));
    assertThatRun(result).succeeded().printed(expected("report.fixture_A.json"));
  }

  @Test
  void should_print_several_runs_under_results_in_command_line_order() {
    // WHEN B is given before A
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"),
        "--run", example("runs/fixture_B.json"), "--run", example("runs/fixture_A.json"), "--run", example("runs/all_empty.json"));
    // THEN each report is the seed's, nested two levels deep, as json.dumps(indent=2) nests it
    assertThatRun(result).succeeded().printed("{\n  \"results\": {\n"
        + "    \"fixture_B\": " + nested(expectedText("report.fixture_B.json")) + ",\n"
        + "    \"fixture_A\": " + nested(expectedText("report.fixture_A.json")) + ",\n"
        + "    \"all_empty\": " + nested(expectedText("report.all_empty.json")) + "\n"
        + "  }\n}\n");
  }

  @Test
  void should_name_runs_given_as_name_equals_file() {
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"),
        "--run", "baseline=" + example("runs/fixture_A.json"), "--run", "candidate=" + example("runs/fixture_B.json"));
    assertThatRun(result).succeeded().printed("{\n  \"results\": {\n"
        + "    \"baseline\": " + nested(expectedText("report.fixture_A.json")) + ",\n"
        + "    \"candidate\": " + nested(expectedText("report.fixture_B.json")) + "\n"
        + "  }\n}\n");
  }

  @Test
  void should_allow_the_same_file_twice_under_different_names() {
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"),
        "--run", "a=" + example("runs/fixture_A.json"), "--run", "b=" + example("runs/fixture_A.json"));
    assertThatRun(result).succeeded().printed("{\n  \"results\": {\n"
        + "    \"a\": " + nested(expectedText("report.fixture_A.json")) + ",\n"
        + "    \"b\": " + nested(expectedText("report.fixture_A.json")) + "\n"
        + "  }\n}\n");
  }

  @Test
  void should_print_a_single_named_run_as_a_bare_report() {
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", "mine=" + example("runs/fixture_B.json"));
    assertThatRun(result).succeeded().printed(expected("report.fixture_B.json"));
  }

  @Test
  void should_reject_two_runs_with_the_same_file_name(@TempDir Path dir) {
    // GIVEN a copy of fixture_A in another directory: both default to the name fixture_A
    Path copy = Cli.write(dir, "fixture_A.json", Cli.text(example("runs/fixture_A.json")));
    // WHEN
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"),
        "--run", example("runs/fixture_A.json"), "--run", copy);
    // THEN
    assertThatRun(result).failedWithUsage("caliber evaluate", "two runs are named \"fixture_A\" ("
        + example("runs/fixture_A.json") + " and " + copy + "): name them with --run NAME=FILE, e.g. --run fixture_A-2=" + copy);
  }

  @Test
  void should_reject_two_runs_given_the_same_name() {
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"),
        "--run", "x=" + example("runs/fixture_A.json"), "--run", "x=" + example("runs/fixture_B.json"));
    assertThatRun(result).failedWithUsage("caliber evaluate", "two runs are named \"x\" (" + example("runs/fixture_A.json")
        + " and " + example("runs/fixture_B.json") + "): name them with --run NAME=FILE, e.g. --run x-2=" + example("runs/fixture_B.json"));
  }

  @Test
  void should_reject_an_explicit_name_that_clashes_with_a_file_name() {
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"),
        "--run", example("runs/fixture_A.json"), "--run", "fixture_A=" + example("runs/fixture_B.json"));
    assertThatRun(result).failedWithUsage("caliber evaluate", "two runs are named \"fixture_A\" (" + example("runs/fixture_A.json")
        + " and " + example("runs/fixture_B.json") + "): name them with --run NAME=FILE, e.g. --run fixture_A-2="
        + example("runs/fixture_B.json"));
  }

  /** A report's text as it appears nested at depth 2: every line after the first indented 4. */
  private static String nested(String report) {
    String body = report.endsWith("\n") ? report.substring(0, report.length() - 1) : report;
    return body.replace("\n", "\n    ");
  }
}
