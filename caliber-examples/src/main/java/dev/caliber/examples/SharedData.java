package dev.caliber.examples;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the examples find the CACM collection: the folder given as the first argument, else
 * {@code cacm} under the system property {@code caliber.shared} (the build sets it), else under
 * {@code ../shared/data} beside the project.
 */
final class SharedData {
  private SharedData() {}

  static Path cacm(String[] args) {
    if (args.length > 0) {
      return Path.of(args[0]);
    }
    String shared = System.getProperty("caliber.shared");
    Path root = shared != null ? Path.of(shared) : Path.of("..", "shared");
    Path cacm = root.resolve("data").resolve("cacm");
    if (!Files.isDirectory(cacm)) {
      throw new IllegalStateException("no CACM folder at " + cacm + ": give it as the first argument");
    }
    return cacm;
  }
}
