package dev.caliber.lucene;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * An index directory written whole or not at all, as caliber writes every file: the index is built
 * in a temporary directory beside its target ({@code .NAME.caliber-PID.RANDOM.tmp}), then renamed
 * into place, so that a build that fails (a bad corpus line, a full disk) or is stopped leaves
 * nothing half-written. A directory that exists and is not empty is never written over, except an
 * earlier caliber index when replacing is asked for: that one is renamed aside, the new one renamed
 * into its place, and the old one deleted. Temporary directories are removed when the process is
 * stopped (SIGTERM, SIGINT), and those of a process that no longer runs (SIGKILL) by the next build
 * of the same target.
 */
final class IndexDirectories {
  /** The temporary directories this process is building, removed by a shutdown hook if it is stopped. */
  private static final Set<Path> BUILDING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> BUILDING.forEach(IndexDirectories::deleteQuietly), "caliber-lucene-cleanup"));
  }

  private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

  private IndexDirectories() {}

  /**
   * Refuses a target that building would clobber: a file, a non-empty directory (unless {@code
   * replace} and it is a caliber index), or a directory that holds the corpus.
   *
   * @throws FileAlreadyExistsException naming the target and why
   */
  static void requireWritable(Path target, Path corpus, boolean replace) throws IOException {
    if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (!Files.isDirectory(target)) {
      throw new FileAlreadyExistsException(target.toString(), null, "exists and is not a directory; an index is a directory");
    }
    if (isEmpty(target)) {
      return;
    }
    if (!replace) {
      throw new FileAlreadyExistsException(target.toString(), null,
          "exists and is not empty; an index is written only to a new or empty directory, or over an earlier caliber index when "
              + "replacing is asked for");
    }
    if (!Files.isRegularFile(target.resolve(SettingsFile.NAME))) {
      throw new FileAlreadyExistsException(target.toString(), null,
          "is not a caliber index (no " + SettingsFile.NAME + " in it), so it is not replaced");
    }
    if (Files.exists(corpus) && corpus.toRealPath().startsWith(target.toRealPath())) {
      throw new FileAlreadyExistsException(target.toString(), null, "holds the corpus " + corpus
          + ", which replacing the index would delete");
    }
  }

  private static boolean isEmpty(Path dir) throws IOException {
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
      return !s.iterator().hasNext();
    }
  }

  /** The name's prefix of the target's temporary directories. */
  private static String prefix(Path target) {
    return "." + target.getFileName() + ".caliber-";
  }

  /** A new temporary directory beside {@code target} (its parents made), after removing those of processes gone. */
  static Path temporary(Path target) throws IOException {
    Path parent = target.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    removeStale(parent, prefix(target));
    // Files.createDirectory, not createTempDirectory: the index gets the user's usual permissions (the umask), not 0700
    for (int attempt = 0; ; attempt++) {
      Path tmp = parent.resolve(prefix(target) + ProcessHandle.current().pid() + "."
          + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
      try {
        Files.createDirectory(tmp);
        BUILDING.add(tmp);
        return tmp;
      } catch (java.nio.file.FileAlreadyExistsException e) {
        if (attempt > 100) {
          throw e;
        }
      }
    }
  }

  /**
   * Puts the complete index {@code tmp} in place of {@code target}: an atomic rename when the
   * target is absent or an empty directory; else (an earlier index, {@link #requireWritable} having
   * allowed it) the old one renamed aside first and deleted after.
   */
  static void place(Path tmp, Path target) throws IOException {
    if (Files.isDirectory(target) && !isEmpty(target)) {
      Path old = target.resolveSibling(prefix(target) + ProcessHandle.current().pid() + ".old.tmp");
      deleteQuietly(old);
      BUILDING.add(old);
      Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
      move(tmp, target);
      deleteQuietly(old);
      BUILDING.remove(old);
    } else {
      move(tmp, target);
    }
    BUILDING.remove(tmp);
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING); // over an empty directory
    } catch (AtomicMoveNotSupportedException e) {
      Files.deleteIfExists(to);
      Files.move(from, to);
    }
  }

  /** Removes a temporary directory that is not to be placed (the build failed). */
  static void discard(Path tmp) {
    deleteQuietly(tmp);
    BUILDING.remove(tmp);
  }

  /** Removes {@code prefix} directories whose process no longer runs. */
  private static void removeStale(Path dir, String prefix) {
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, prefix + "*.tmp")) {
      for (Path p : s) {
        String rest = p.getFileName().toString().substring(prefix.length());
        int dot = rest.indexOf('.');
        try {
          long pid = Long.parseLong(dot < 0 ? rest : rest.substring(0, dot));
          if (pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).isEmpty()) {
            deleteQuietly(p);
          }
        } catch (NumberFormatException e) {
          // not one of ours
        }
      }
    } catch (IOException e) {
      // nothing to clean, or nothing that can be: the build itself reports what fails
    }
  }

  private static void deleteQuietly(Path dir) {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (IOException | UncheckedIOException e) {
      // best effort: what is left is a hidden temporary directory, removed by the next build
    }
  }
}
