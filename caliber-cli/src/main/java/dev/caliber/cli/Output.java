package dev.caliber.cli;

import dev.caliber.io.write.AtomicFile;
import dev.caliber.io.write.SameFile;
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
 * ({@link AtomicFile}), and no file is destroyed: before anything is read, a target that is a
 * directory, a symbolic link, or one of the command's own inputs is refused. A device or a named
 * pipe ({@code -o /dev/null}) is written straight to, as {@link AtomicFile} does.
 */
final class Output {
  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the result to FILE (atomically) instead of standard output.")
  String file;

  /** The option that names the file, as messages say it. */
  private String option = "-o";

  /** The option that names the file ({@code -o}, {@code --junit}). */
  String option() {
    return option;
  }

  /**
   * A target named by another option than {@code -o} (a gate's {@code --junit FILE}), with the same
   * checks and the same atomic write.
   */
  static Output named(String option, String file) {
    Output o = new Output();
    o.option = option;
    o.file = file;
    return o;
  }

  /**
   * Refuses, as a usage error naming the path, a target that writing would destroy or replace
   * silently: a symbolic link, or a regular file that is one of {@code inputs} (compared by file
   * identity, so another spelling of an input's path is refused too); a directory, which cannot be
   * written, is the I/O error it would be later. A device, pipe or socket is accepted: nothing is
   * replaced there ({@link AtomicFile#isDevice}).
   *
   * @param inputs the command's input paths ({@code -} and paths that do not exist are skipped)
   */
  void requireSafeTarget(CommandLine cl, Collection<String> inputs) {
    if (file == null || "-".equals(file)) {
      return;
    }
    if (file.isEmpty()) {
      throw new CommandLine.ParameterException(cl, option + " names no file; expected a path, or - for standard output");
    }
    Path target = Path.of(file);
    if (Files.isSymbolicLink(target)) {
      String to;
      try {
        to = Files.readSymbolicLink(target).toString();
      } catch (IOException e) {
        to = "an unreadable target";
      }
      throw new CommandLine.ParameterException(cl, option + " " + file + " is a symbolic link (to " + to
          + "); the result would replace the link, not write to its target: give the target's path");
    }
    if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
      throw new UncheckedIOException(new AtomicFile.WriteFailure(target, new FileSystemException(file, null, "is a directory")));
    }
    if (isDevice()) {
      return;
    }
    String same = SameFile.inputAt(target, inputs);
    if (same != null) {
      throw new CommandLine.ParameterException(cl, option + " " + file + " is the input " + same
          + "; the result would overwrite it: give another path");
    }
  }

  /** Whether {@code -o} names a device, pipe or socket, written straight to (and given no file beside it). */
  boolean isDevice() {
    return file != null && !file.isEmpty() && !"-".equals(file) && AtomicFile.isDevice(Path.of(file));
  }

  /**
   * Refuses, as a usage error, a target that is also another file the command writes ({@code
   * what} says which, such as {@code --save-params}): one write would replace the other. Paths
   * that do not exist yet are compared by their directory's real path and their name, so that a
   * new file given twice under two spellings is refused too.
   *
   * @param other the other output's path, or null when there is none
   */
  void requireOtherThan(CommandLine cl, String what, String other) {
    if (file == null || "-".equals(file) || other == null || "-".equals(other)) {
      return;
    }
    if (where(Path.of(file)).equals(where(Path.of(other)))) {
      throw new CommandLine.ParameterException(cl, option + " " + file + " is also " + what + " " + other
          + "; one would overwrite the other: give another path");
    }
  }

  /** A path as the file system resolves it: its directory's real path, when that exists, and its name. */
  private static Path where(Path p) {
    Path absolute = p.toAbsolutePath().normalize();
    Path parent = absolute.getParent();
    try {
      if (Files.exists(absolute)) {
        return absolute.toRealPath();
      }
      return parent == null ? absolute : parent.toRealPath().resolve(absolute.getFileName());
    } catch (IOException e) {
      return absolute; // a directory that cannot be resolved is reported when the file is written
    }
  }

  void write(PrintWriter out, String text) throws IOException {
    write(out, AtomicFile.Text.of(text));
  }

  /** Writes text handed out in pieces: to standard output as it comes, or atomically to the file. */
  void write(PrintWriter out, AtomicFile.Text text) throws IOException {
    write(out, text, () -> { });
  }

  /**
   * {@link #write(PrintWriter, AtomicFile.Text)}, doing {@code then} once the text is written: for
   * a file, before it is put in place ({@link AtomicFile#write(Path, AtomicFile.Text,
   * AtomicFile.Step)}), so that a failure of {@code then} (a history's commit on a full disk)
   * leaves no report naming what was not recorded; for standard output, after the text is out.
   */
  void write(PrintWriter out, AtomicFile.Text text, AtomicFile.Step then) throws IOException {
    if (file != null && !"-".equals(file)) {
      AtomicFile.write(Path.of(file), text, then);
      return;
    }
    toStdout(out, text);
    then.run();
  }

  private static void toStdout(PrintWriter out, AtomicFile.Text text) {
    if (out instanceof StdoutWriter w) {
      w.writeText(text);
      if (w.failed()) {
        throw new StdoutFailed(); // what follows the output (a history's commit) must not happen
      }
    } else {
      text.writeTo(out::append);
      out.flush();
    }
  }
}
