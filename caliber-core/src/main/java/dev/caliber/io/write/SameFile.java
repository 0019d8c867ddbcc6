package dev.caliber.io.write;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collection;

/**
 * Whether writing an output would overwrite one of a command's inputs: the one check of the command
 * line's {@code -o} and the Spark job's. Files are compared by identity, so that another spelling of
 * an input's path (relative, through a link, with {@code ./}) is found too.
 */
public final class SameFile {
  private SameFile() {}

  /**
   * The first of {@code inputs} that is the file {@code target} names.
   *
   * @param target the output's path
   * @param inputs the inputs' paths; null, {@code -} and paths that do not exist or cannot be
   *     compared are skipped (an input that cannot be read is reported when it is read)
   * @return that input as given, or null when {@code target} does not exist or is none of them
   */
  public static String inputAt(Path target, Collection<String> inputs) {
    if (!Files.exists(target)) {
      return null;
    }
    for (String input : inputs) {
      if (input == null || "-".equals(input)) {
        continue;
      }
      try {
        Path p = Path.of(input);
        if (Files.exists(p) && Files.isSameFile(target, p)) {
          return input;
        }
      } catch (IOException | InvalidPathException e) {
        // not comparable: reported when it is read
      }
    }
    return null;
  }
}
