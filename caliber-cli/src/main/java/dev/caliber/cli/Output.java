package dev.caliber.cli;

import dev.caliber.io.write.AtomicFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Collection;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Where a command's result goes: standard output, or a file written whole or not at all
 * ({@link AtomicFile}), and no file is destroyed: before anything is read, a target that is not a
 * new path or a regular file (a device, a directory, a pipe), that is a symbolic link, or that is
 * one of the command's own inputs is refused.
 */
final class Output {
  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the result to FILE (atomically) instead of standard output.")
  String file;

  /**
   * Refuses, as a usage error naming the path, a target that writing would destroy or replace
   * silently: a symbolic link, a device, pipe or socket, or one of {@code inputs} (compared by file
   * identity, so another spelling of an input's path is refused too); a directory, which cannot be
   * written, is the I/O error it would be later.
   *
   * @param inputs the command's input paths ({@code -} and paths that do not exist are skipped)
   */
  void requireSafeTarget(CommandLine cl, Collection<String> inputs) {
    if (file == null || "-".equals(file)) {
      return;
    }
    Path target = Path.of(file);
    if (Files.isSymbolicLink(target)) {
      String to;
      try {
        to = Files.readSymbolicLink(target).toString();
      } catch (IOException e) {
        to = "an unreadable target";
      }
      throw new CommandLine.ParameterException(cl, "-o " + file + " is a symbolic link (to " + to
          + "); the result would replace the link, not write to its target: give the target's path");
    }
    if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
      throw new UncheckedIOException(new AtomicFile.WriteFailure(target, new FileSystemException(file, null, "is a directory")));
    }
    if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
      throw new CommandLine.ParameterException(cl, "-o " + file
          + " is a device, pipe or socket, not a regular file; give a new path or a regular file to replace");
    }
    for (String input : inputs) {
      if (input == null || "-".equals(input)) {
        continue;
      }
      try {
        if (Files.exists(Path.of(input)) && Files.isSameFile(target, Path.of(input))) {
          throw new CommandLine.ParameterException(cl, "-o " + file + " is the input " + input
              + "; the result would overwrite it: give another path");
        }
      } catch (IOException e) {
        // an input that cannot be compared is reported when it is read
      }
    }
  }

  void write(PrintWriter out, String text) throws IOException {
    write(out, AtomicFile.Text.of(text));
  }

  /** Writes text handed out in pieces: to standard output as it comes, or atomically to the file. */
  void write(PrintWriter out, AtomicFile.Text text) throws IOException {
    if (file == null || "-".equals(file)) {
      text.writeTo(out::append);
      out.flush();
      return;
    }
    AtomicFile.write(Path.of(file), text);
  }
}
