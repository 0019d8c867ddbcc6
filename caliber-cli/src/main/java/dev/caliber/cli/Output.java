package dev.caliber.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Where a command's result goes: standard output, or a file written whole or not at all (a
 * temporary file beside the target, then an atomic move), so that no reader ever sees half a
 * report, and no file is destroyed: before anything is read, a target that is not a new path or
 * a regular file (a device, a directory, a pipe), that is a symbolic link, or that is one of the
 * command's own inputs is refused. A temporary file is named after its target and the process
 * that writes it ({@code .NAME.caliber-PID.RANDOM.tmp}); it is removed when the process is
 * stopped (SIGTERM, SIGINT), and a later write to the same target removes those of processes that
 * no longer run (SIGKILL).
 */
final class Output {
  /** The temporary files this process is writing, removed by a shutdown hook if it is stopped. */
  private static final Set<Path> WRITING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(Output::deleteTemporaries, "caliber-cleanup"));
  }

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
      throw new UncheckedIOException(new WriteFailure(target, new FileSystemException(file, null, "is a directory")));
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
    String prefix = temporaryPrefix(target);
    removeStale(dir, prefix);
    Path tmp;
    try {
      tmp = createTemporary(dir, prefix + ProcessHandle.current().pid() + ".");
    } catch (IOException e) {
      throw new WriteFailure(target, e);
    }
    try {
      try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8, StandardOpenOption.WRITE)) {
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
      keepPermissions(target, tmp);
      try {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new WriteFailure(target, e);
    } finally {
      Files.deleteIfExists(tmp);
      WRITING.remove(tmp);
    }
  }

  /**
   * A new empty file {@code prefix + RANDOM + ".tmp"} in {@code dir}, created as any new file is, so
   * that the result gets the user's usual permissions (the umask), not the 0600 of
   * {@link Files#createTempFile}. Its path is among those the shutdown hook removes before the
   * file exists, so that a stop at any moment after it is created leaves nothing behind (the name
   * carries this process's ID: no other running process writes a file of that name).
   */
  private static Path createTemporary(Path dir, String prefix) throws IOException {
    for (int attempt = 0; ; attempt++) {
      Path tmp = dir.resolve(prefix + Long.toUnsignedString(java.util.concurrent.ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
      WRITING.add(tmp);
      try {
        return Files.createFile(tmp);
      } catch (IOException e) {
        WRITING.remove(tmp);
        if (!(e instanceof java.nio.file.FileAlreadyExistsException) || attempt == 100) {
          throw e;
        }
      }
    }
  }

  /** A file replaced keeps its permissions (where the file system has POSIX ones). */
  private static void keepPermissions(Path target, Path tmp) throws IOException {
    if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)
        && Files.getFileStore(tmp).supportsFileAttributeView(java.nio.file.attribute.PosixFileAttributeView.class)) {
      Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(target, LinkOption.NOFOLLOW_LINKS));
    }
  }

  /** The start of the names of {@code target}'s temporary files: {@code .NAME.caliber-}. */
  static String temporaryPrefix(Path target) {
    return "." + target.getFileName() + ".caliber-";
  }

  /** Removes temporary files of {@code prefix} left by processes that no longer run. */
  private static void removeStale(Path dir, String prefix) {
    DirectoryStream.Filter<Path> mine = p -> p.getFileName().toString().startsWith(prefix)
        && p.getFileName().toString().endsWith(".tmp");
    try (DirectoryStream<Path> found = Files.newDirectoryStream(dir, mine)) {
      for (Path p : found) {
        String rest = p.getFileName().toString().substring(prefix.length());
        int dot = rest.indexOf('.');
        if (dot > 0 && rest.substring(0, dot).matches("[0-9]{1,19}")
            && ProcessHandle.of(Long.parseLong(rest.substring(0, dot))).isEmpty()) {
          Files.deleteIfExists(p);
        }
      }
    } catch (IOException | NumberFormatException e) {
      // best effort: a stale file that stays harms nothing but space
    }
  }

  /** Removes the temporary files this process is still writing (the shutdown hook). */
  static void deleteTemporaries() {
    for (Path p : WRITING) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        // the process is stopping: nothing more can be done
      }
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
