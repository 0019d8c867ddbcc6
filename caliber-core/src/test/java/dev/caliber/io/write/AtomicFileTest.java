package dev.caliber.io.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTest {
  @TempDir Path dir;

  @Test
  void should_write_every_piece_in_order_as_utf8_and_leave_no_temporary_file() throws IOException {
    Path target = dir.resolve("report.txt");
    AtomicFile.write(target, pieces -> {
      pieces.accept("caf");
      pieces.accept(new StringBuilder("é "));
      pieces.accept("検索");
    });
    assertThat(Files.readString(target, StandardCharsets.UTF_8)).isEqualTo("café 検索");
    assertThat(Files.readAllBytes(target)).hasSize("café 検索".getBytes(StandardCharsets.UTF_8).length);
    assertThat(others(target)).isEmpty();
  }

  @Test
  void should_replace_a_file_whole() throws IOException {
    Path target = Files.writeString(dir.resolve("report.txt"), "an older and longer report");
    AtomicFile.write(target, "new");
    assertThat(Files.readString(target)).isEqualTo("new");
  }

  @Test
  void should_leave_the_old_file_as_it_was_when_the_text_fails_midway() throws IOException {
    // GIVEN a report, and text that fails after its first piece
    Path target = Files.writeString(dir.resolve("report.txt"), "old");
    // WHEN
    assertThatThrownBy(() -> AtomicFile.write(target, pieces -> {
      pieces.accept("half of a new report");
      throw new IllegalStateException("the renderer failed");
    })).isInstanceOf(IllegalStateException.class);
    // THEN
    assertThat(Files.readString(target)).isEqualTo("old");
    assertThat(others(target)).isEmpty();
  }

  @Test
  void should_put_two_files_in_place_together_the_second_made_after_the_first_is_written() throws IOException {
    // GIVEN a run and its sidecar from an earlier fusion
    Path run = Files.writeString(dir.resolve("fused.txt"), "old run");
    Path side = Files.writeString(dir.resolve("fused.txt.meta.json"), "old meta");
    StringBuilder seen = new StringBuilder();
    // WHEN both are written, the sidecar's text made once the run's is out
    AtomicFile.writeBoth(run, pieces -> {
      pieces.accept("new run");
      seen.append("run written;");
    }, side, () -> {
      seen.append("sidecar made");
      return AtomicFile.Text.of("new meta");
    });
    // THEN
    assertThat(seen).hasToString("run written;sidecar made");
    assertThat(Files.readString(run)).isEqualTo("new run");
    assertThat(Files.readString(side)).isEqualTo("new meta");
    assertThat(others(run)).containsExactly(side);
  }

  @Test
  void should_leave_both_files_as_they_were_when_the_second_cannot_be_written() throws IOException {
    // GIVEN a run and its sidecar, and a sidecar that cannot be made or written
    Path run = Files.writeString(dir.resolve("fused.txt"), "old run");
    Path side = Files.writeString(dir.resolve("fused.txt.meta.json"), "old meta");
    // WHEN its text cannot be made (an input gone), THEN neither file changes and no temporary stays
    assertThatThrownBy(() -> AtomicFile.writeBoth(run, AtomicFile.Text.of("new run"), side, () -> {
      throw new IOException("input gone");
    })).hasMessage("input gone");
    assertThat(Files.readString(run)).isEqualTo("old run");
    assertThat(Files.readString(side)).isEqualTo("old meta");
    assertThat(others(run)).containsExactly(side);
    // WHEN it cannot be written (its directory is gone), THEN the same
    Path nowhere = dir.resolve("gone").resolve("fused.txt.meta.json");
    assertThatThrownBy(() -> AtomicFile.writeBoth(run, AtomicFile.Text.of("new run"), nowhere, () -> AtomicFile.Text.of("m")))
        .isInstanceOf(AtomicFile.WriteFailure.class).hasMessageStartingWith("cannot write " + nowhere + ": no such directory");
    assertThat(Files.readString(run)).isEqualTo("old run");
    assertThat(others(run)).containsExactly(side);
  }

  @Test
  void should_do_the_step_before_placing_the_file_and_leave_it_as_it_was_when_the_step_fails() throws IOException {
    // GIVEN a report that will name a history entry, and a step (the history's commit) that fails
    Path target = Files.writeString(dir.resolve("report.json"), "old");
    List<String> seen = new java.util.ArrayList<>();
    // WHEN the step succeeds, THEN it ran once the text was complete and before the file was replaced
    AtomicFile.write(target, AtomicFile.Text.of("entry 2"), () -> {
      seen.add(Files.readString(target));
    });
    assertThat(seen).containsExactly("old");
    assertThat(Files.readString(target)).isEqualTo("entry 2");
    // WHEN it fails, THEN the report stays as it was and no temporary file stays
    assertThatThrownBy(() -> AtomicFile.write(target, AtomicFile.Text.of("entry 3"), () -> {
      throw new IOException("disk full");
    })).hasMessage("disk full");
    assertThat(Files.readString(target)).isEqualTo("entry 2");
    assertThat(others(target)).isEmpty();
  }

  @Test
  void should_not_make_the_second_file_when_the_first_fails() throws IOException {
    Path run = Files.writeString(dir.resolve("fused.txt"), "old run");
    Path side = dir.resolve("fused.txt.meta.json");
    assertThatThrownBy(() -> AtomicFile.writeBoth(run, pieces -> {
      pieces.accept("half");
      throw new IllegalStateException("an input error found while streaming");
    }, side, () -> {
      throw new AssertionError("the sidecar must not be made");
    })).isInstanceOf(IllegalStateException.class);
    assertThat(Files.readString(run)).isEqualTo("old run");
    assertThat(side).doesNotExist();
    assertThat(others(run)).isEmpty();
    Path pipe = fifo("pipe");
    assertThatThrownBy(() -> AtomicFile.writeBoth(pipe, AtomicFile.Text.of("x"), side,
        () -> AtomicFile.Text.of("y"))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(pipe.toString());
  }

  /*
   * Devices here are made in the test's own folder (a null device node needs root, a named pipe
   * does not), never the machine's /dev/null: under mutation testing a mutant that stops telling a
   * device from a file would otherwise move a temporary file over the machine's /dev/null.
   */

  /** A named pipe in the test's folder (skips the test where mkfifo is missing). */
  private Path fifo(String name) throws IOException {
    Path fifo = dir.resolve(name);
    try {
      assumeThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).as("mkfifo").isZero();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
    return fifo;
  }

  /** A character device node like /dev/null (1, 3) or /dev/full (1, 7) in the test's folder (skips without root). */
  private Path device(String name, int minor) throws IOException {
    Path node = dir.resolve(name);
    try {
      assumeThat(new ProcessBuilder("mknod", node.toString(), "c", "1", Integer.toString(minor)).start().waitFor())
          .as("mknod (root)").isZero();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
    return node;
  }

  @Test
  void should_write_straight_to_a_device_and_leave_it_a_device() throws IOException {
    // GIVEN a null device
    Path devNull = device("null", 3);
    // WHEN
    AtomicFile.write(devNull, pieces -> pieces.accept("discarded"));
    // THEN still the device: no temporary file moved over it
    assertThat(AtomicFile.isDevice(devNull)).isTrue();
    assertThat(Files.size(devNull)).isZero();
    assertThat(others(devNull)).isEmpty();
  }

  @Test
  void should_never_rename_over_what_is_not_a_regular_file() throws IOException {
    // GIVEN targets a rename would destroy: an empty folder, a named pipe passed as the second of two files
    Path folder = Files.createDirectory(dir.resolve("folder"));
    assertThatThrownBy(() -> AtomicFile.write(folder, "x")).isInstanceOf(AtomicFile.WriteFailure.class)
        .hasMessage("cannot write " + folder + ": not a regular file, so not replaced");
    assertThat(folder).isEmptyDirectory();
    Path run = Files.writeString(dir.resolve("run.txt"), "old run");
    assertThatThrownBy(() -> AtomicFile.writeBoth(run, AtomicFile.Text.of("new"), folder, () -> AtomicFile.Text.of("m")))
        .isInstanceOf(AtomicFile.WriteFailure.class).hasMessageStartingWith("cannot write " + folder);
    assertThat(Files.readString(run)).isEqualTo("old run");
  }

  @Test
  void should_write_straight_into_a_named_pipe() throws Exception {
    Path fifo = fifo("pipe");
    java.util.concurrent.CompletableFuture<String> read = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
      try {
        return Files.readString(fifo);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    AtomicFile.write(fifo, "through the pipe");
    assertThat(read.get(30, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("through the pipe");
    assertThat(AtomicFile.isDevice(fifo)).isTrue();
    assertThat(others(fifo)).isEmpty();
  }

  @Test
  void should_take_only_devices_pipes_and_sockets_as_devices() throws IOException {
    Path file = Files.writeString(dir.resolve("file.txt"), "x");
    assertThat(AtomicFile.isDevice(file)).isFalse();
    assertThat(AtomicFile.isDevice(dir)).isFalse();
    assertThat(AtomicFile.isDevice(dir.resolve("absent"))).isFalse();
    assertThat(AtomicFile.isDevice(Files.createSymbolicLink(dir.resolve("link"), file))).isFalse();
  }

  @Test
  void should_name_the_device_when_it_cannot_be_written() throws IOException {
    Path full = device("full", 7);
    assertThatThrownBy(() -> AtomicFile.write(full, "x".repeat(1 << 17)))
        .isInstanceOf(AtomicFile.WriteFailure.class)
        .hasMessageStartingWith("cannot write " + full + ": ");
    assertThat(AtomicFile.isDevice(full)).isTrue();
  }

  @Test
  void should_name_the_target_and_the_reason_when_its_directory_does_not_exist() {
    Path target = dir.resolve("no-such-dir").resolve("report.txt");
    assertThatThrownBy(() -> AtomicFile.write(target, "x"))
        .isInstanceOf(AtomicFile.WriteFailure.class)
        .hasMessage("cannot write " + target + ": no such directory");
    assertThat(target.getParent()).doesNotExist();
  }

  @Test
  void should_name_the_target_when_it_is_a_directory() throws IOException {
    Path target = Files.createDirectory(dir.resolve("report.txt"));
    assertThatThrownBy(() -> AtomicFile.write(target, "x"))
        .isInstanceOf(AtomicFile.WriteFailure.class)
        .hasMessageStartingWith("cannot write " + target + ": ")
        .message().doesNotContain("Exception");
    assertThat(target).isDirectory();
    assertThat(others(target)).isEmpty();
  }

  @Test
  void should_remove_temporary_files_of_processes_that_no_longer_run_and_keep_those_of_live_ones() throws IOException {
    // GIVEN a temporary file of a process that is gone, one of this (running) process, and one of
    // another target
    long dead = 999_999_999L;
    while (ProcessHandle.of(dead).isPresent()) {
      dead--;
    }
    Path target = dir.resolve("report.json");
    Path stale = Files.writeString(dir.resolve(AtomicFile.temporaryPrefix(target) + dead + ".123.tmp"), "half");
    Path live = Files.writeString(dir.resolve(AtomicFile.temporaryPrefix(target) + ProcessHandle.current().pid() + ".456.tmp"), "half");
    Path notANumber = Files.writeString(dir.resolve(AtomicFile.temporaryPrefix(target) + "x1.789.tmp"), "kept");
    Path otherTarget = Files.writeString(dir.resolve(AtomicFile.temporaryPrefix(dir.resolve("other.json")) + dead + ".1.tmp"), "kept");
    Path notTemporary = Files.writeString(dir.resolve(AtomicFile.temporaryPrefix(target) + dead + ".123.txt"), "kept");
    // WHEN
    AtomicFile.write(target, "{}");
    // THEN
    assertThat(stale).doesNotExist();
    assertThat(live).exists();
    assertThat(notANumber).exists();
    assertThat(otherTarget).exists();
    assertThat(notTemporary).exists();
  }

  @Test
  void should_name_temporary_files_after_the_target() {
    assertThat(AtomicFile.temporaryPrefix(Path.of("out", "report.json"))).isEqualTo(".report.json.caliber-");
  }

  @Test
  void should_give_a_new_file_the_usual_permissions_and_keep_those_of_a_file_it_replaces() throws IOException {
    assumeThat(dir.getFileSystem().supportedFileAttributeViews()).contains("posix");
    var usual = Files.getPosixFilePermissions(Files.createFile(dir.resolve("probe")));
    Path target = dir.resolve("report.json");
    AtomicFile.write(target, "{}");
    assertThat(Files.getPosixFilePermissions(target)).isEqualTo(usual);
    var chosen = PosixFilePermissions.fromString("rw-r-----");
    Files.setPosixFilePermissions(target, chosen);
    AtomicFile.write(target, "{\"a\": 1}");
    assertThat(Files.getPosixFilePermissions(target)).isEqualTo(chosen);
  }

  /** The files beside {@code target} other than it (and the probe). */
  private List<Path> others(Path target) throws IOException {
    try (Stream<Path> files = Files.list(target.toAbsolutePath().getParent())) {
      return files.filter(f -> !f.equals(target) && !f.getFileName().toString().equals("probe")).toList();
    }
  }
}
