package dev.caliber.io.write;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
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
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * caliber's one way of writing a file: whole or not at all (a temporary file beside the target,
 * then an atomic move), so that no reader ever sees half a report and a failed write leaves the
 * old file as it was. A temporary file is named after its target and the process that writes it
 * ({@code .NAME.caliber-PID.RANDOM.tmp}), created with the user's usual permissions (a replaced
 * file keeps its own); it is removed when the process is stopped (SIGTERM, SIGINT), and a later
 * write to the same target removes those of processes that no longer run (SIGKILL). The command
 * line's {@code -o}, the Spark job's {@code -o} and the JUnit baselines all write through it.
 *
 * <p>A target that exists and is neither a regular file, a directory nor a symbolic link (a device
 * such as {@code /dev/null}, a named pipe) is written straight to: a move would replace the device
 * node or the pipe with a file, and what a device or a pipe receives cannot be taken back anyway.
 */
public final class AtomicFile {
  /** The temporary files this process is writing, removed by a shutdown hook if it is stopped. */
  private static final Set<Path> WRITING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(AtomicFile::deleteTemporaries, "caliber-cleanup"));
  }

  private AtomicFile() {}

  /** Text a writer hands out in pieces, each valid only during its call, so that none is held whole. */
  @FunctionalInterface
  public interface Text {
    /**
     * Hands the text out, in order.
     *
     * @param pieces takes each piece; a piece is valid only during the call
     */
    void writeTo(Consumer<? super CharSequence> pieces);

    /**
     * Text already whole, in one piece.
     *
     * @param text the text
     * @return it, as one piece
     */
    static Text of(String text) {
      return pieces -> pieces.accept(text);
    }
  }

  /**
   * Writes {@code text} to {@code target} as UTF-8, whole or not at all.
   *
   * @param target the file to create or replace; its directory must exist
   * @param text the content
   * @throws WriteFailure when it cannot be written; the target is then as it was
   */
  public static void write(Path target, String text) throws IOException {
    write(target, Text.of(text));
  }

  /**
   * Writes text handed out in pieces to {@code target} as UTF-8, whole or not at all.
   *
   * @param target the file to create or replace; its directory must exist
   * @param text the content, in pieces
   * @throws WriteFailure when it cannot be written; the target is then as it was
   */
  public static void write(Path target, Text text) throws IOException {
    write(target, text, () -> { });
  }

  /**
   * {@link #write(Path, Text)}, doing {@code beforePlacing} once the text is complete beside the
   * target and before it replaces it: what the file will report can be made durable first (a
   * history's commit), so that a failure of either leaves no file that names what was not done.
   * A device is written straight to, then {@code beforePlacing} is done.
   *
   * @param target the file to create or replace; its directory must exist
   * @param text the content, in pieces
   * @param beforePlacing what to do once the text is written, before it is put in place; if it
   *     fails the target stays as it was
   * @throws WriteFailure when it cannot be written; the target is then as it was
   * @throws IOException if {@code beforePlacing} fails so
   */
  public static void write(Path target, Text text, Step beforePlacing) throws IOException {
    if (isDevice(target)) {
      try (OutputStream w = new BufferedOutputStream(Files.newOutputStream(target, StandardOpenOption.WRITE), 1 << 16)) {
        writeText(w, text);
      } catch (IOException e) {
        throw new WriteFailure(target, e);
      }
      beforePlacing.run();
      return;
    }
    Staged staged = stage(target, text);
    try {
      beforePlacing.run();
      staged.commit();
    } finally {
      staged.discard();
    }
  }

  /** Something done between writing a file and putting it in place. */
  @FunctionalInterface
  public interface Step {
    /**
     * Does it.
     *
     * @throws IOException if it fails so
     */
    void run() throws IOException;
  }

  /**
   * Writes two files that belong together (a fused run and the sidecar that describes it) so that
   * a failure while writing either, a full disk say, leaves both as they were: each is written to a
   * temporary file beside its target, and only once both are complete is the first put in place,
   * then the second. {@code second} is asked for its text only once the first's is written, so it
   * may describe what was written (its digests). Only the two renames can then fail between them,
   * which a file system does not do for want of space.
   *
   * @param first the file to create or replace first; its directory must exist; not a device
   * @param firstText its content
   * @param second the other file; its directory must exist; not a device
   * @param secondText its content, asked for after the first's is written
   * @throws WriteFailure when either cannot be written; both targets are then as they were
   */
  public static void writeBoth(Path first, Text firstText, Path second, Deferred secondText)
      throws IOException {
    if (isDevice(first) || isDevice(second)) {
      throw new IllegalArgumentException("illegal target " + (isDevice(first) ? first : second)
          + ": a device cannot be replaced together with another file");
    }
    Staged a = stage(first, firstText);
    try {
      Staged b = stage(second, secondText.text());
      try {
        a.commit();
        b.commit();
      } finally {
        b.discard();
      }
    } finally {
      a.discard();
    }
  }

  /**
   * Writes files that belong together (a gate's reports) all or none: each is written to a
   * temporary file beside its target; once all are complete, {@code beforePlacing} runs (a
   * history's commit), and then each is put in place. A failure while writing any of them, or of
   * {@code beforePlacing}, leaves every target as it was. A device or pipe among the targets is
   * written straight to, after the files are in place (nothing is replaced there).
   *
   * @param targets the files, each once; their directories must exist
   * @param texts their contents, one per target
   * @param beforePlacing what to do once every text is written, before any is put in place
   * @throws WriteFailure when one cannot be written; the targets are then as they were
   * @throws IOException if {@code beforePlacing} fails so
   */
  public static void writeAll(List<Path> targets, List<Text> texts, Step beforePlacing) throws IOException {
    if (targets.size() != texts.size()) {
      throw new IllegalArgumentException("illegal texts: " + texts.size() + " for " + targets.size() + " targets");
    }
    List<Staged> staged = new ArrayList<>();
    try {
      for (int i = 0; i < targets.size(); i++) {
        if (!isDevice(targets.get(i))) {
          staged.add(stage(targets.get(i), texts.get(i)));
        }
      }
      beforePlacing.run();
      for (Staged s : staged) {
        s.commit();
      }
    } finally {
      for (Staged s : staged) {
        s.discard();
      }
    }
    for (int i = 0; i < targets.size(); i++) {
      if (isDevice(targets.get(i))) {
        write(targets.get(i), texts.get(i), () -> { });
      }
    }
  }

  /**
   * {@code text} written whole to a new temporary file beside {@code target}.
   *
   * @throws WriteFailure naming {@code target} when it cannot be written; the temporary file is
   *     then gone
   */
  private static Staged stage(Path target, Text text) throws IOException {
    requireReplaceable(target);
    Path dir = target.toAbsolutePath().getParent();
    String prefix = temporaryPrefix(target);
    removeStale(dir, prefix);
    Path tmp;
    try {
      tmp = createTemporary(dir, prefix + ProcessHandle.current().pid() + ".");
    } catch (IOException e) {
      throw new WriteFailure(target, e);
    }
    Staged staged = new Staged(target, tmp);
    boolean written = false;
    try (OutputStream w = new BufferedOutputStream(Files.newOutputStream(tmp, StandardOpenOption.WRITE), 1 << 16)) {
      writeText(w, text);
      written = true;
    } catch (IOException e) {
      throw new WriteFailure(target, e);
    } finally {
      if (!written) {
        staged.discard(); // whatever stopped the text (a full disk, an input error found while streaming)
      }
    }
    return staged;
  }

  /**
   * Refuses a target that a rename would destroy rather than replace: anything that exists and is
   * not a regular file (a device, a pipe, a directory; a link is not followed). Checked when the
   * text is staged and again before the rename, so that no single fault lets a temporary file be
   * moved over {@code /dev/null} by a process running as root.
   */
  private static void requireReplaceable(Path target) throws WriteFailure {
    if (Files.exists(target, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)
        && !Files.isSymbolicLink(target)) {
      throw new WriteFailure(target, new IOException("not a regular file, so not replaced"));
    }
  }

  /** Text made only when it is asked for, perhaps reading files to make it. */
  @FunctionalInterface
  public interface Deferred {
    /**
     * The text.
     *
     * @return the text, not null
     * @throws IOException if what it is made of cannot be read
     */
    Text text() throws IOException;
  }

  /** A target's content, complete in its temporary file, not yet in place. */
  private record Staged(Path target, Path tmp) {
    /** Puts the temporary file in place of the target, with the target's permissions. */
    void commit() throws WriteFailure {
      requireReplaceable(target); // again: a rename over a device node (as root, /dev/null) must never happen
      try {
        keepPermissions(target, tmp);
        try {
          Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
      } catch (IOException e) {
        throw new WriteFailure(target, e);
      }
    }

    /** Removes the temporary file if it is still there (after a commit it is not). */
    void discard() throws IOException {
      try {
        Files.deleteIfExists(tmp);
      } finally {
        WRITING.remove(tmp);
      }
    }
  }

  /**
   * Whether {@code target} is written straight to rather than replaced: it exists and is neither a
   * regular file, a directory nor a symbolic link (a character or block device, a named pipe, a
   * socket).
   *
   * @param target the path to write
   * @return true for a device, pipe or socket; false for a regular file, a directory, a link or a
   *     path that does not exist (or cannot be looked at)
   */
  public static boolean isDevice(Path target) {
    try {
      return Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther();
    } catch (IOException e) {
      return false; // a new path, or one the write will report
    }
  }

  private static void writeText(OutputStream w, Text text) throws IOException {
    try {
      Utf8Pieces pieces = new Utf8Pieces(w);
      text.writeTo(pieces);
      pieces.finish();
    } catch (UncheckedIOException e) {
      throw e.getCause();
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

  /**
   * The start of the names of {@code target}'s temporary files.
   *
   * @param target the file being written
   * @return {@code .NAME.caliber-}
   */
  public static String temporaryPrefix(Path target) {
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
  private static void deleteTemporaries() {
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
  public static final class WriteFailure extends IOException {
    private static final long serialVersionUID = 1L;

    /**
     * The failure of writing {@code target}.
     *
     * @param target the file the user named
     * @param cause what failed, perhaps on the temporary file
     */
    public WriteFailure(Path target, IOException cause) {
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
      return e.getMessage() == null ? "an I/O error" : e.getMessage();
    }
  }
}
