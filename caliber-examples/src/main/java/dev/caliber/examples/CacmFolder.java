package dev.caliber.examples;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the examples find the CACM collection: the folder given as the first argument, else the
 * repository's {@code data/cacm}, found from the system property {@code caliber.root} (the build
 * sets it) or by walking up from the working directory.
 */
final class CacmFolder {
  private CacmFolder() {}

  static Path cacm(String[] args) {
    if (args.length > 0) {
      return Path.of(args[0]);
    }
    String configured = System.getProperty("caliber.root");
    Path start = (configured != null && !configured.isBlank() ? Path.of(configured) : Path.of("")).toAbsolutePath().normalize();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      Path cacm = dir.resolve("data").resolve("cacm");
      if (Files.isDirectory(cacm)) {
        return cacm;
      }
    }
    throw new IllegalStateException("no data/cacm folder in " + start + " or above it: give the CACM folder as the first argument");
  }
}
