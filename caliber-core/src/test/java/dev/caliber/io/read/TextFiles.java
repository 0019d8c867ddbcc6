package dev.caliber.io.read;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A reader's input written as a file, for the readers that take a path. */
final class TextFiles {
  private TextFiles() {}

  /** Writes {@code text} as UTF-8 to {@code name} in {@code dir}. */
  static Path write(Path dir, String name, String text) throws IOException {
    return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
  }
}
