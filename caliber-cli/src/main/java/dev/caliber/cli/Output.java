package dev.caliber.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import picocli.CommandLine.Option;

/**
 * Where a command's result goes: standard output, or a file written whole or not at all (a
 * temporary file beside the target, then an atomic move), so that no reader ever sees half a
 * report.
 */
final class Output {
  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the result to FILE (atomically) instead of standard output.")
  String file;

  void write(PrintWriter out, String text) throws IOException {
    if (file == null || "-".equals(file)) {
      out.print(text);
      out.flush();
      return;
    }
    writeAtomically(Path.of(file), text);
  }

  static void writeAtomically(Path target, String text) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Path tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
    try {
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      try {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
