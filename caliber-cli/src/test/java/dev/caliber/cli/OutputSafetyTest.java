package dev.caliber.cli;

import static dev.caliber.cli.Cli.example;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.caliber.io.write.AtomicFile;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Outputs never destroy data: {@code -o} refuses a target that writing would destroy or replace
 * silently, before anything is read; a write error on standard output fails the command; a
 * stopped process leaves no temporary file behind.
 */
class OutputSafetyTest {
  @TempDir Path dir;

  private static final String[] EVALUATE = {"evaluate", "--protocol", example("protocol.json").toString(), "--run"};

  private CliResult evaluateInto(Object target, Object run) {
    return Cli.run(EVALUATE[0], EVALUATE[1], EVALUATE[2], EVALUATE[3], run, "-o", target);
  }

  private List<String> filesIn(Path d) {
    try (Stream<Path> files = Files.list(d)) {
      return files.map(p -> p.getFileName().toString()).toList();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private Path copyOfRun() throws IOException {
    Path run = dir.resolve("fixture_A.json");
    Files.copy(example("runs/fixture_A.json"), run);
    return run;
  }

  @Test
  void should_refuse_to_write_over_an_input_named_by_any_path_or_link() throws IOException {
    // GIVEN a run, a second spelling of its path, and a hard link to it
    Path run = copyOfRun();
    byte[] before = Files.readAllBytes(run);
    Files.createDirectory(dir.resolve("sub"));
    Path hard = Files.createLink(dir.resolve("hard.json"), run);
    for (Object target : List.of(run, dir.resolve("sub/../fixture_A.json"), hard)) {
      // WHEN
      CliResult result = evaluateInto(target, run);
      // THEN a usage error that names both, and the input as it was
      assertThat(result.exitCode()).as(target.toString()).isEqualTo(ExitCodes.USAGE);
      assertThat(result.stderr()).startsWith("caliber: usage: -o " + target + " is the input " + run
          + "; the result would overwrite it: give another path").doesNotContain("Exception");
      assertThat(Files.readAllBytes(run)).isEqualTo(before);
    }
  }

  @Test
  void should_refuse_a_target_that_is_also_the_history_not_yet_written() throws IOException {
    // GIVEN judgments and a run, and a history file that does not exist yet
    Path qrels = Files.writeString(dir.resolve("qrels.txt"), "q1 0 d1 1\nq2 0 d2 1\n");
    Path run = Files.writeString(dir.resolve("run.txt"), "q1 Q0 d1 1 2 t\nq2 Q0 d9 1 2 t\n");
    Path history = dir.resolve("h.sqlite");
    Files.createDirectory(dir.resolve("sub"));
    for (Object target : List.of(history, dir.resolve("sub/../h.sqlite"))) {
      // WHEN -o names it too, under any spelling
      CliResult result = Cli.run("evaluate", "--qrels", qrels, "--compat", "trec_eval", "-m", "AP", "--run", run,
          "--history", history, "-o", target);
      // THEN refused before anything is written
      assertThat(result.exitCode()).as(target.toString()).isEqualTo(ExitCodes.USAGE);
      assertThat(result.stderr()).isEqualTo("caliber: usage: -o " + target + " is also the history " + history
          + "; one would overwrite the other: give another path (see 'caliber evaluate --help')\n");
      assertThat(history).doesNotExist();
    }
    // a run's sidecar, which --history reads, is an input too
    Path sidecar = Files.writeString(dir.resolve("run.txt.meta.json"), "{\"model\": \"bm25\"}");
    CliResult overSidecar = Cli.run("evaluate", "--qrels", qrels, "--compat", "trec_eval", "-m", "AP", "--run", run,
        "--history", dir.resolve("other.sqlite"), "-o", sidecar);
    assertThat(overSidecar.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(overSidecar.stderr()).startsWith("caliber: usage: -o " + sidecar + " is the input " + sidecar);
    assertThat(Files.readString(sidecar)).isEqualTo("{\"model\": \"bm25\"}");
    // and once written, it is an input like any other
    assertThat(Cli.run("evaluate", "--qrels", qrels, "--compat", "trec_eval", "-m", "AP", "--run", run, "--history", history)
        .exitCode()).isZero();
    CliResult again = Cli.run("compare", "--qrels", qrels, "--compat", "trec_eval", "-m", "AP", "--run", "a=" + run,
        "--run", "b=" + run, "--history", history, "-o", history);
    assertThat(again.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(again.stderr()).startsWith("caliber: usage: -o " + history + " is the input " + history);
  }

  @Test
  void should_refuse_to_write_over_the_judgments_too() throws IOException {
    Path protocol = dir.resolve("protocol.json");
    Files.copy(example("protocol.json"), protocol);
    byte[] before = Files.readAllBytes(protocol);
    CliResult result = Cli.run("evaluate", "--protocol", protocol, "--run", example("runs/fixture_A.json"), "-o", protocol);
    assertThat(result.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(Files.readAllBytes(protocol)).isEqualTo(before);
  }

  @Test
  void should_refuse_a_directory_and_leave_it_as_it_was() throws IOException {
    Path sub = Files.createDirectory(dir.resolve("out"));
    CliResult result = evaluateInto(sub, example("runs/fixture_A.json"));
    assertThat(result.exitCode()).isEqualTo(ExitCodes.IO);
    assertThat(result.stderr()).isEqualTo("caliber: cannot write " + sub + ": is a directory\n");
    assertThat(Files.isDirectory(sub)).isTrue();
  }

  @Test
  void should_write_to_dev_null_and_leave_the_device_as_it_was() {
    // GIVEN the null device (Unix only)
    Path devNull = Path.of("/dev/null");
    assumeThat(Files.exists(devNull, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(devNull, LinkOption.NOFOLLOW_LINKS))
        .as("a /dev/null device").isTrue();
    Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\nq2 0 d2 1\n");
    Path a = Cli.write(dir, "a.txt", "q1 Q0 d1 1 2 t\nq2 Q0 d9 1 2 t\n");
    Path b = Cli.write(dir, "b.txt", "q1 Q0 d2 1 2 u\nq2 Q0 d2 1 2 u\n");
    // WHEN each kind of command writes its result there
    List<CliResult> results = List.of(
        evaluateInto(devNull, example("runs/fixture_A.json")),
        Cli.run("evaluate", "--qrels", qrels, "--compat", "trec_eval", "-m", "AP", "--run", a, "--format", "trec", "-o", devNull),
        Cli.run("compare", "--qrels", qrels, "--compat", "trec_eval", "-m", "AP", "--run", a, "--run", b, "-o", devNull),
        Cli.run("fuse", "--method", "rrf", "--run", a, "--run", b, "-o", devNull),
        Cli.run("fingerprint", "--qrels", qrels, "--compat", "trec_eval", "-m", "AP", "-o", devNull));
    // THEN every one succeeds, prints nothing, and the device is still a device
    for (CliResult result : results) {
      assertThat(result.stderr()).isEmpty();
      assertThat(result.exitCode()).isZero();
      assertThat(result.stdout()).isEmpty();
    }
    assertThat(Files.isRegularFile(devNull, LinkOption.NOFOLLOW_LINKS)).isFalse();
    assertThat(filesIn(dir)).containsExactlyInAnyOrder("qrels.txt", "a.txt", "b.txt");
  }

  @Test
  void should_write_into_a_named_pipe_and_keep_the_pipe() throws Exception {
    // GIVEN a named pipe with a reader at its other end
    Path fifo = dir.resolve("pipe");
    assumeThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).as("mkfifo").isZero();
    java.util.concurrent.CompletableFuture<byte[]> read = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
      try {
        return Files.readAllBytes(fifo);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    // WHEN
    CliResult toPipe = evaluateInto(fifo, example("runs/fixture_A.json"));
    // THEN the reader got the report, and the pipe is still a pipe
    assertThat(toPipe.stderr()).isEmpty();
    assertThat(toPipe.exitCode()).isZero();
    assertThat(new String(read.get(30, TimeUnit.SECONDS), StandardCharsets.UTF_8))
        .isEqualTo(Cli.run(EVALUATE[0], EVALUATE[1], EVALUATE[2], EVALUATE[3], example("runs/fixture_A.json")).stdout());
    assertThat(Files.isRegularFile(fifo, LinkOption.NOFOLLOW_LINKS)).isFalse();
    assertThat(Files.exists(fifo, LinkOption.NOFOLLOW_LINKS)).isTrue();
    assertThat(filesIn(dir)).containsExactly("pipe");
  }

  @Test
  void should_write_to_a_character_device_and_keep_the_node() throws IOException, InterruptedException {
    // GIVEN a character device node like /dev/null, made in the temporary directory (needs root)
    Path node = dir.resolve("null");
    Process mknod = new ProcessBuilder("mknod", node.toString(), "c", "1", "3").redirectErrorStream(true).start();
    assumeThat(mknod.waitFor()).as("mknod (root only)").isZero();
    // WHEN
    CliResult result = evaluateInto(node, example("runs/fixture_A.json"));
    // THEN written, and still the device, with nothing beside it
    assertThat(result.exitCode()).isZero();
    assertThat(Files.isRegularFile(node, LinkOption.NOFOLLOW_LINKS)).isFalse();
    assertThat(Files.exists(node, LinkOption.NOFOLLOW_LINKS)).isTrue();
    assertThat(filesIn(dir)).containsExactly("null");
  }

  @Test
  void should_refuse_a_symbolic_link_and_say_where_it_points() throws IOException {
    Path target = Files.writeString(dir.resolve("real.json"), "keep me\n");
    Path link = Files.createSymbolicLink(dir.resolve("link.json"), target);
    CliResult result = evaluateInto(link, example("runs/fixture_A.json"));
    assertThat(result.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(result.stderr()).startsWith("caliber: usage: -o " + link + " is a symbolic link (to " + target
        + "); the result would replace the link, not write to its target: give the target's path");
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.readString(target)).isEqualTo("keep me\n");
  }

  @Test
  void should_still_replace_a_regular_file_that_is_not_an_input() throws IOException {
    Path report = Files.writeString(dir.resolve("report.json"), "old\n");
    CliResult result = evaluateInto(report, example("runs/fixture_A.json"));
    assertThat(result.exitCode()).isZero();
    assertThat(Files.readAllBytes(report)).isEqualTo(Cli.expected("report.fixture_A.json"));
  }

  @Test
  void should_fail_with_an_io_error_when_standard_output_cannot_be_written() throws IOException {
    Path full = Path.of("/dev/full");
    assumeThat(Files.exists(full)).as("/dev/full").isTrue();
    for (String[] args : List.of(
        new String[] {"evaluate", "--protocol", example("protocol.json").toString(), "--run", example("runs/fixture_A.json").toString()},
        new String[] {"fingerprint", "--protocol", example("protocol.json").toString()})) {
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int code;
      try (OutputStream out = new FileOutputStream(full.toFile())) {
        code = Caliber.execute(args, new ByteArrayInputStream(new byte[0]), out, err);
      }
      assertThat(code).as(args[0]).isEqualTo(ExitCodes.IO);
      assertThat(err.toString(StandardCharsets.UTF_8))
          .isEqualTo("caliber: I/O error: cannot write standard output: No space left on device\n");
    }
  }

  @Test
  void should_stay_quiet_when_the_reader_closes_the_pipe() {
    OutputStream closed = new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw new IOException("Broken pipe");
      }
    };
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Caliber.execute(new String[] {"fingerprint", "--protocol", example("protocol.json").toString()},
        new ByteArrayInputStream(new byte[0]), closed, err);
    assertThat(code).isZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void should_leave_no_temporary_file_when_stopped_with_sigterm() throws Exception {
    // GIVEN a process writing to -o, stopped while the temporary file is open
    Path target = dir.resolve("report.json");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    String modules = System.getProperty("jdk.module.path", "");
    command.add("-cp");
    command.add(System.getProperty("java.class.path") + (modules.isEmpty() ? "" : java.io.File.pathSeparator + modules));
    command.add(StuckWriter.class.getName());
    command.add(target.toString());
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (temporaries(target).isEmpty() && p.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertThat(temporaries(target)).as("the writer's temporary file").hasSize(1);
      // WHEN
      p.destroy(); // SIGTERM
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      p.destroyForcibly();
    }
    // THEN
    assertThat(temporaries(target)).isEmpty();
    assertThat(target).doesNotExist();
  }

  @Test
  void should_give_a_new_file_the_usual_permissions_and_keep_those_of_a_file_it_replaces() throws IOException {
    assumeThat(dir.getFileSystem().supportedFileAttributeViews()).contains("posix");
    // GIVEN the permissions any new file gets here (the umask)
    Path probe = Files.createFile(dir.resolve("probe"));
    var usual = Files.getPosixFilePermissions(probe);
    // WHEN a new report is written
    Path report = dir.resolve("report.json");
    assertThat(evaluateInto(report, example("runs/fixture_A.json")).exitCode()).isZero();
    // THEN it has them, not the 0600 of a temporary file
    assertThat(Files.getPosixFilePermissions(report)).isEqualTo(usual);
    // AND a report written over a file keeps that file's permissions
    var chosen = java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----");
    Files.setPosixFilePermissions(report, chosen);
    assertThat(evaluateInto(report, example("runs/fixture_A.json")).exitCode()).isZero();
    assertThat(Files.getPosixFilePermissions(report)).isEqualTo(chosen);
  }

  private List<Path> temporaries(Path target) throws IOException {
    try (Stream<Path> files = Files.list(target.getParent())) {
      return files.filter(f -> f.getFileName().toString().startsWith(AtomicFile.temporaryPrefix(target))).toList();
    }
  }

  /** Writes to its argument through {@link AtomicFile} and never finishes: the temporary file stays open. */
  static final class StuckWriter {
    public static void main(String[] args) throws IOException {
      AtomicFile.write(Path.of(args[0]), pieces -> {
        pieces.accept("the first piece");
        try {
          Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
    }
  }
}
