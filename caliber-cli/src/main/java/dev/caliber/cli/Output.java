package dev.caliber.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.Consumer;
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
    write(out, Text.of(text));
  }

  /** Text a writer hands out in pieces, each valid only during its call, so that none is held whole. */
  @FunctionalInterface
  interface Text {
    void writeTo(Consumer<? super CharSequence> pieces);

    /** Text already whole, in one piece. */
    static Text of(String text) {
      return pieces -> pieces.accept(text);
    }
  }

  /** Writes text handed out in pieces: to standard output as it comes, or atomically to the file. */
  void write(PrintWriter out, Text text) throws IOException {
    if (file == null || "-".equals(file)) {
      text.writeTo(out::append);
      out.flush();
      return;
    }
    writeAtomically(Path.of(file), text);
  }

  static void writeAtomically(Path target, String text) throws IOException {
    writeAtomically(target, Text.of(text));
  }

  static void writeAtomically(Path target, Text text) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Path tmp;
    try {
      tmp = Files.createTempFile(dir, "." + target.getFileName() + ".", ".tmp");
    } catch (IOException e) {
      throw new WriteFailure(target, e);
    }
    try {
      try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
        text.writeTo(piece -> {
          try {
            w.append(piece);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
      try {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new WriteFailure(target, e);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /**
   * The result could not be written to the target. The message names the target the user gave,
   * not the temporary file the failure happened on, and says "write", not "read".
   */
  static final class WriteFailure extends IOException {
    private static final long serialVersionUID = 1L;

    WriteFailure(Path target, IOException cause) {
      super("cannot write " + target + ": " + reason(cause), cause);
    }

    private static String reason(IOException e) {
      if (e instanceof NoSuchFileException) {
        return "no such directory";
      }
      if (e instanceof AccessDeniedException) {
        return "permission denied";
      }
      if (e instanceof FileSystemException fs && fs.getReason() != null) {
        return fs.getReason();
      }
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }
}
