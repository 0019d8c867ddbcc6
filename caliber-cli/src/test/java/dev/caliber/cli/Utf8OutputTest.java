package dev.caliber.cli;

import static dev.caliber.cli.Cli.example;
import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Output is UTF-8 whatever the platform's default charset: the fingerprint hashes UTF-8 bytes,
 * so the canonical text a user pipes into sha256sum must be those bytes. The seed's Chinese texts
 * appear only in {@code --canonical} output; error messages can carry non-ASCII IDs too.
 */
class Utf8OutputTest {

  @TempDir Path dir;

  @Test
  void should_write_non_ascii_in_error_messages_as_utf8() {
    // GIVEN a run naming an unknown document "文档😀"
    Path run = Cli.write(dir, "run.json", "{\"q2\": [\"\u6587\u6863\uD83D\uDE00\"]}");
    // WHEN
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", run);
    // THEN
    assertThatRun(result).rejectedInput(run + ":1:9: $.q2[0]: unknown document ID "
        + "(query \"q2\": document \"\u6587\u6863\uD83D\uDE00\" at rank 1 is not in the corpus)");
    byte[] utf8 = "\"\u6587\u6863\uD83D\uDE00\"".getBytes(StandardCharsets.UTF_8);
    assertThat(FingerprintCommandTest.indexOf(result.stderrBytes(), utf8)).isPositive();
  }

  @ParameterizedTest(name = "default charset {0}")
  @ValueSource(strings = {"ISO-8859-1", "US-ASCII"})
  void should_print_the_same_utf8_bytes_from_the_jar_entry_point_whatever_the_default_charset(String charset)
      throws IOException, InterruptedException {
    // GIVEN the bytes caliber prints in this JVM
    byte[] inProcess = Cli.run("fingerprint", "--protocol", example("protocol.json"), "--canonical").stdoutBytes();
    assertThat(new String(inProcess, StandardCharsets.UTF_8)).contains("\u4e0b\u8f7d\u64cd\u4f5c\u6307\u5357");
    // WHEN Main runs in a JVM whose default charset cannot encode Chinese
    Process p = java(charset, "fingerprint", "--protocol", example("protocol.json").toString(), "--canonical");
    // THEN
    assertThat(p.exitValue()).as("exit code; stderr: %s", Files.readString(dir.resolve("err"), StandardCharsets.ISO_8859_1)).isZero();
    assertThat(Files.readAllBytes(dir.resolve("out"))).isEqualTo(inProcess);
    assertThat(Files.readAllBytes(dir.resolve("err"))).isEmpty();
  }

  @Test
  void should_print_errors_as_utf8_from_the_jar_entry_point_whatever_the_default_charset()
      throws IOException, InterruptedException {
    // GIVEN
    Path run = Cli.write(dir, "run.json", "{\"q2\": [\"\u6587\u6863\"]}");
    // WHEN
    Process p = java("US-ASCII", "evaluate", "--protocol", example("protocol.json").toString(), "--run", run.toString());
    // THEN
    assertThat(p.exitValue()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(Files.readAllBytes(dir.resolve("out"))).isEmpty();
    assertThat(Files.readString(dir.resolve("err"), StandardCharsets.UTF_8)).isEqualTo("caliber: invalid input: " + run
        + ":1:9: $.q2[0]: unknown document ID (query \"q2\": document \"\u6587\u6863\" at rank 1 is not in the corpus)\n");
  }

  /** Runs {@link Main} in a fresh JVM with the given default charset; stdout and stderr go to files. */
  private Process java(String charset, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Dfile.encoding=" + charset);
    command.add("-Dsun.stdout.encoding=" + charset);
    command.add("-Dsun.stderr.encoding=" + charset);
    // Tests run with caliber's modules on the module path and the rest on the class path: the child
    // JVM gets both on its class path, as the launcher's jar has them.
    String modules = System.getProperty("jdk.module.path", "");
    command.add("-cp");
    command.add(System.getProperty("java.class.path") + (modules.isEmpty() ? "" : java.io.File.pathSeparator + modules));
    command.add(Main.class.getName());
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command)
        .redirectOutput(dir.resolve("out").toFile())
        .redirectError(dir.resolve("err").toFile())
        .start();
    p.getOutputStream().close();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("finished within a minute").isTrue();
    return p;
  }
}
