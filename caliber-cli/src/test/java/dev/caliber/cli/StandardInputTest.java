package dev.caliber.cli;

import static dev.caliber.cli.Cli.example;
import static dev.caliber.cli.Cli.expected;
import static dev.caliber.cli.Cli.expectedText;
import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A file argument {@code -} reads the input stream given to {@link Caliber#execute}. */
class StandardInputTest {

  @Test
  void should_read_the_run_from_standard_input() {
    // WHEN
    CliResult result = Cli.runWithInput(Cli.bytes(example("runs/fixture_A.json")),
        "evaluate", "--protocol", example("protocol.json"), "--run", "-");
    // THEN
    assertThatRun(result).succeeded().printed(expected("report.fixture_A.json"));
  }

  @Test
  void should_name_a_run_from_standard_input_stdin_unless_named() {
    CliResult result = Cli.runWithInput(Cli.bytes(example("runs/fixture_A.json")),
        "evaluate", "--protocol", example("protocol.json"), "--run", "-", "--run", "B=" + example("runs/fixture_B.json"));
    assertThatRun(result).succeeded();
    assertThat(result.stdout()).startsWith("{\n  \"results\": {\n    \"stdin\": {\n").contains("\n    \"B\": {\n");
  }

  @Test
  void should_accept_a_name_for_standard_input() {
    CliResult result = Cli.runWithInput(Cli.bytes(example("runs/fixture_B.json")),
        "evaluate", "--protocol", example("protocol.json"), "--run", "stdin=-", "--run", example("runs/fixture_A.json"));
    assertThatRun(result).succeeded();
    String b = expectedText("report.fixture_B.json");
    assertThat(result.stdout()).startsWith("{\n  \"results\": {\n    \"stdin\": "
        + b.substring(0, b.length() - 1).replace("\n", "\n    ") + ",\n    \"fixture_A\": ");
  }

  @Test
  void should_read_the_protocol_from_standard_input() {
    CliResult result = Cli.runWithInput(Cli.bytes(example("protocol.json")), "fingerprint", "--protocol", "-");
    assertThatRun(result).succeeded().printed(FingerprintCommandTest.SEED_SHA256 + "\n");
  }

  @Test
  void should_read_the_chunk_run_from_standard_input() {
    CliResult result = Cli.runWithInput(Cli.bytes(example("chunks/chunk_run.json")),
        "adapt", "--protocol", example("protocol.json"), "--mapping", example("chunks/chunk_to_doc.json"), "--run", "-");
    assertThatRun(result).succeeded().printed(expected("adapt.chunk_run.json"));
  }

  @Test
  void should_read_a_trec_chunk_run_from_standard_input_when_told() {
    CliResult result = Cli.runWithInput("q2 Q0 d3a 1 3 t\nq2 Q0 d3b 2 2 t\n".getBytes(StandardCharsets.UTF_8),
        "adapt", "--protocol", example("protocol.json"), "--mapping", example("chunks/chunk_to_doc.json"), "--run", "-",
        "--run-format", "trec", "--emit", "run");
    assertThatRun(result).succeeded().printed("{\n  \"q2\": [\n    \"d3\"\n  ]\n}\n");
  }

  @Test
  void should_call_standard_input_dash_in_error_messages() {
    CliResult result = Cli.runWithInput("{\"q2\": [\"d3\", \"d9\"]}".getBytes(StandardCharsets.UTF_8),
        "evaluate", "--protocol", example("protocol.json"), "--run", "-");
    assertThatRun(result).rejectedInput("-:1:15: $.q2[1]: unknown document ID "
        + "(query \"q2\": document \"d9\" at rank 2 is not in the corpus)");
  }

  @Test
  void should_reject_empty_standard_input() {
    CliResult result = Cli.runWithInput(new byte[0], "evaluate", "--protocol", example("protocol.json"), "--run", "-");
    assertThatRun(result).rejectedInput("-: empty input (expected one JSON value)");
  }
}
