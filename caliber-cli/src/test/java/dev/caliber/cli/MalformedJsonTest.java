package dev.caliber.cli;

import static dev.caliber.cli.Cli.example;
import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file that is not one well-formed JSON value is rejected with exit 3 and one line that names
 * the file, the line and column (and the JSON path when there is one) and the offending text.
 */
class MalformedJsonTest {

  @TempDir Path dir;

  private CliResult evaluate(Path run) {
    return Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", run);
  }

  @Test
  void should_name_line_and_column_of_malformed_json() {
    // GIVEN a ranking whose ']' is missing: the parser stops at the ':' on line 3, column 7
    Path run = Cli.write(dir, "run.json", "{\n  \"q2\": [\"d3\",\n  \"q3\": []\n}\n");
    // WHEN
    CliResult result = evaluate(run);
    // THEN
    assertThatRun(result).failedWithLineStartingWith(ExitCodes.INVALID_INPUT,
        "invalid input: " + run + ":3:7: malformed JSON (Unexpected character (':' (code 58))");
  }

  @Test
  void should_reject_trailing_content_after_the_value() {
    Path run = Cli.write(dir, "run.json", "{\"q2\": []}\n{\"x\": 1}\n");
    assertThatRun(evaluate(run)).rejectedInput(
        run + ":2:1: $: trailing content after the JSON value (got {; expected end of input; JSON Lines (one object per"
            + " line, as BEIR writes them) are read from a BEIR folder)");
  }

  @Test
  void should_name_the_trailing_value() {
    Path run = Cli.write(dir, "run.json", "{\"q2\": []} 2\n");
    assertThatRun(evaluate(run)).rejectedInput(
        run + ":1:12: $: trailing content after the JSON value (got 2; expected end of input)");
  }

  @Test
  void should_reject_a_duplicate_key_in_an_object() {
    Path run = Cli.write(dir, "run.json", "{\"q2\": [],\n \"q2\": [\"d1\"]}\n");
    assertThatRun(evaluate(run)).rejectedInput(
        run + ":2:2: $.q2: duplicate key \"q2\" (first at line 1; a key may appear once per object)");
  }

  @Test
  void should_reject_a_duplicate_key_in_the_protocol_s_judgments() {
    // GIVEN q4's row judges d6 twice
    Path protocol = Cli.protocolWith(dir, "protocol.json", "\"d6\": 1\n", "\"d6\": 1,\n      \"d6\": 0\n");
    // WHEN
    CliResult result = Cli.run("evaluate", "--protocol", protocol, "--run", example("runs/fixture_A.json"));
    // THEN
    assertThatRun(result).rejectedInput(
        protocol + ":64:7: $.qrels.q4.d6: duplicate key \"d6\" (first at line 63; a key may appear once per object)");
  }

  @Test
  void should_reject_a_lone_surrogate_escape() {
    Path run = Cli.write(dir, "run.json", "{\"q2\": [\"\\ud800\"]}\n");
    assertThatRun(evaluate(run)).rejectedInput(run + ":1:9: $.q2[0]: invalid Unicode in string "
        + "(lone surrogate \\ud800 at character 0; expected a complete UTF-16 pair)");
  }

  @Test
  void should_reject_an_empty_file() {
    Path run = Cli.write(dir, "run.json", "");
    assertThatRun(evaluate(run)).rejectedInput(run + ": empty input (expected one JSON value)");
  }

  @Test
  void should_reject_bytes_that_are_not_utf8() throws IOException {
    // GIVEN 0xFF, which starts no UTF-8 sequence, inside a string on line 1
    Path run = dir.resolve("run.json");
    Files.write(run, new byte[] {'{', '"', 'q', '2', '"', ':', '[', '"', (byte) 0xFF, '"', ']', '}'});
    // WHEN
    CliResult result = evaluate(run);
    // THEN
    assertThatRun(result).failedWithLineStartingWith(ExitCodes.INVALID_INPUT, "invalid input: " + run + ":1:");
    assertThat(result.stderr()).endsWith(": malformed JSON (malformed UTF-8 (byte 0xff where a character's start byte belongs); expected UTF-8 text)\n");
  }

  @Test
  void should_report_the_protocol_file_when_it_is_the_malformed_one() {
    Path protocol = Cli.write(dir, "protocol.json", "{\"corpus\": {\"d1\": \"x\"},,}");
    CliResult result = Cli.run("evaluate", "--protocol", protocol, "--run", example("runs/fixture_A.json"));
    assertThatRun(result).failedWithLineStartingWith(ExitCodes.INVALID_INPUT,
        "invalid input: " + protocol + ":1:24: malformed JSON (");
  }
}
