package dev.caliber.io.read;

import static dev.caliber.io.text.TestInputs.utf8;

import dev.caliber.error.CaliberInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** A BEIR folder in a temporary directory, written file by file, and the message reading it gives. */
abstract class BeirFolderFixture {
  @TempDir
  Path dir;

  void write(String name, String text) throws IOException {
    write(name, utf8(text));
  }

  void write(String name, byte[] bytes) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.write(p, bytes);
  }

  /** The message of the input error reading the split gives; fails the test when there is none. */
  String message(String split) {
    try {
      BeirReader.read(dir, split);
    } catch (CaliberInputException e) {
      return e.getMessage();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("no error");
  }

  String file(String name) {
    return dir.resolve(name).toString();
  }
}
