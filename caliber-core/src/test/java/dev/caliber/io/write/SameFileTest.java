package dev.caliber.io.write;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one check that an output is not one of the inputs. */
class SameFileTest {
  @TempDir Path dir;

  @Test
  void should_find_an_input_by_identity_whatever_its_spelling() throws Exception {
    Path run = Files.writeString(dir.resolve("run.txt"), "q1 Q0 d1 1 1 t\n");
    Path other = Files.writeString(dir.resolve("other.txt"), "x");
    Path link = Files.createSymbolicLink(dir.resolve("link.txt"), run);
    String spelled = dir.resolve("sub/../run.txt").toString();
    Files.createDirectories(dir.resolve("sub"));
    assertThat(SameFile.inputAt(run, List.of(other.toString(), spelled))).isEqualTo(spelled);
    assertThat(SameFile.inputAt(run, List.of(link.toString()))).isEqualTo(link.toString());
    assertThat(SameFile.inputAt(other, List.of(run.toString()))).isNull();
  }

  @Test
  void should_skip_stdin_missing_and_unreadable_paths_and_a_target_that_does_not_exist() throws Exception {
    Path run = Files.writeString(dir.resolve("run.txt"), "x");
    assertThat(SameFile.inputAt(run, Arrays.asList(null, "-", dir.resolve("missing").toString(), "bad\0path"))).isNull();
    assertThat(SameFile.inputAt(dir.resolve("new.json"), List.of(run.toString()))).isNull();
  }
}
