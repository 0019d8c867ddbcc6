package dev.caliber.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The repository stands alone, as it does for a user who clones it: no file of it (source, test,
 * script, POM, document) refers to a folder beside the clone or to the build property that once
 * pointed there. The README's commands are checked where they run ({@link ReadmeCommandsTest});
 * CI also runs the whole build in a clone with nothing beside it.
 */
class StandaloneRepositoryTest {
  /** Folders that hold no file of the project's own text: build output, git's store, the data (data/README.md is read). */
  private static final Set<String> SKIPPED = Set.of(".git", "target", "node_modules", "bench/data");
  /** Written in two pieces so that this file does not name what it looks for. */
  private static final List<String> OUTSIDE = List.of(".." + "/shared", "caliber" + ".shared");

  @Test
  void no_file_of_the_repository_refers_to_a_folder_beside_it() throws IOException {
    Path root = Cli.root().toAbsolutePath().normalize();
    List<String> found = new ArrayList<>();
    int read = 0;
    try (Stream<Path> all = Files.walk(root)) {
      for (Path file : (Iterable<Path>) all.filter(Files::isRegularFile)::iterator) {
        String relative = root.relativize(file).toString().replace('\\', '/');
        if (SKIPPED.stream().anyMatch(s -> relative.equals(s) || relative.startsWith(s + "/") || relative.contains("/" + s + "/"))
            || relative.startsWith("data/") && !relative.endsWith(".md")) {
          continue;
        }
        List<String> lines = textLines(file);
        if (lines == null) {
          continue;
        }
        read++;
        for (int i = 0; i < lines.size(); i++) {
          for (String needle : OUTSIDE) {
            if (lines.get(i).contains(needle)) {
              found.add(relative + ":" + (i + 1) + ": " + lines.get(i).strip());
            }
          }
        }
      }
    }
    assertThat(read).as("text files read").isGreaterThan(300);
    assertThat(found).as("lines that refer to a folder outside the repository").isEmpty();
  }

  /** A file's lines when it is UTF-8 text without NUL bytes, else null (a jar, a gzip, a picture). */
  private static List<String> textLines(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    for (byte b : bytes) {
      if (b == 0) {
        return null;
      }
    }
    try {
      return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString().lines().toList();
    } catch (CharacterCodingException e) {
      return null;
    }
  }
}
