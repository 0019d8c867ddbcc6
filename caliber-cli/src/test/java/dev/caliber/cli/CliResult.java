package dev.caliber.cli;

import java.nio.charset.StandardCharsets;

/**
 * What a run of caliber left behind: its exit code and the exact bytes of standard output and
 * standard error.
 */
record CliResult(int exitCode, byte[] stdoutBytes, byte[] stderrBytes) {
  String stdout() {
    return new String(stdoutBytes, StandardCharsets.UTF_8);
  }

  String stderr() {
    return new String(stderrBytes, StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- stdout ---\n" + stdout() + "\n--- stderr ---\n" + stderr();
  }
}
