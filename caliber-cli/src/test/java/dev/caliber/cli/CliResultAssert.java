package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a caliber run that say what a user sees: success with exact output, or a failure
 * with its exit code, one diagnostic line on standard error and nothing on standard output.
 */
final class CliResultAssert extends AbstractAssert<CliResultAssert, CliResult> {

  private CliResultAssert(CliResult actual) {
    super(actual, CliResultAssert.class);
  }

  static CliResultAssert assertThatRun(CliResult actual) {
    return new CliResultAssert(actual);
  }

  /** Exit code 0 and nothing on standard error. */
  CliResultAssert succeeded() {
    isNotNull();
    assertThat(actual.exitCode()).as("exit code of %s", actual).isEqualTo(ExitCodes.OK);
    assertThat(actual.stderr()).as("stderr").isEmpty();
    return this;
  }

  /**
   * Exit 0, and on standard error only the warning every evaluation of CACM's BEIR folder gets:
   * its qrels, like the official ones, judge 55 documents by IDs its corpus spells with a leading
   * zero ({@code CACM-756} for {@code CACM-0756}), which no run can rank ({@link Cli#CACM_BEIR_WARNING}).
   */
  CliResultAssert succeededWarningOfCacmJudgmentsOutsideTheCorpus() {
    isNotNull();
    assertThat(actual.exitCode()).as("exit code of %s", actual).isEqualTo(ExitCodes.OK);
    assertThat(actual.stderr()).as("stderr").isEqualTo(Cli.CACM_BEIR_WARNING);
    return this;
  }

  /** Exit 0, and standard error is exactly {@code stderr} (a note, a warning). */
  CliResultAssert succeededSaying(String stderr) {
    isNotNull();
    assertThat(actual.exitCode()).as("exit code of %s", actual).isEqualTo(ExitCodes.OK);
    assertThat(actual.stderr()).as("stderr").isEqualTo(stderr);
    return this;
  }

  /** Standard output is exactly these bytes. */
  CliResultAssert printed(byte[] expected) {
    isNotNull();
    assertThat(actual.stdout()).as("stdout as text").isEqualTo(new String(expected, StandardCharsets.UTF_8));
    assertThat(actual.stdoutBytes()).as("stdout bytes").isEqualTo(expected);
    return this;
  }

  /** Standard output is exactly this text, encoded as UTF-8. */
  CliResultAssert printed(String expected) {
    return printed(expected.getBytes(StandardCharsets.UTF_8));
  }

  /** Standard output is empty. */
  CliResultAssert printedNothing() {
    isNotNull();
    assertThat(actual.stdoutBytes()).as("stdout of %s", actual).isEmpty();
    return this;
  }

  /**
   * The run failed with {@code exitCode}, printed nothing on standard output and exactly one line
   * on standard error, {@code "caliber: " + message}.
   */
  CliResultAssert failedWith(int exitCode, String message) {
    isNotNull();
    assertThat(actual.exitCode()).as("exit code of %s", actual).isEqualTo(exitCode);
    printedNothing();
    assertThat(actual.stderr()).as("stderr").isEqualTo("caliber: " + message + "\n");
    return this;
  }

  /** Exit 3 with {@code "caliber: invalid input: " + message}. */
  CliResultAssert rejectedInput(String message) {
    return failedWith(ExitCodes.INVALID_INPUT, "invalid input: " + message);
  }

  /**
   * Exit 2, nothing on standard output, and exactly one line on standard error: {@code "caliber:
   * usage: " + message} and the hint to ask {@code command} for help.
   */
  CliResultAssert failedWithUsage(String command, String message) {
    isNotNull();
    assertThat(actual.exitCode()).as("exit code of %s", actual).isEqualTo(ExitCodes.USAGE);
    printedNothing();
    assertThat(actual.stderr()).as("stderr").isEqualTo(
        "caliber: usage: " + message + " (see '" + command + " --help')\n");
    return this;
  }
  /**
   * The run failed with {@code exitCode}, printed nothing on standard output and exactly one line
   * on standard error that starts with {@code "caliber: " + prefix} (for messages whose tail comes
   * from the JSON parser).
   */
  CliResultAssert failedWithLineStartingWith(int exitCode, String prefix) {
    isNotNull();
    assertThat(actual.exitCode()).as("exit code of %s", actual).isEqualTo(exitCode);
    printedNothing();
    String err = actual.stderr();
    assertThat(err).as("stderr").startsWith("caliber: " + prefix).endsWith("\n");
    assertThat(err.indexOf('\n')).as("stderr has one line: %s", err).isEqualTo(err.length() - 1);
    assertThat(err).as("stderr").doesNotContain("\r");
    return this;
  }
}
