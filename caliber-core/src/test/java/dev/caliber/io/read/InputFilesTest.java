package dev.caliber.io.read;

import static dev.caliber.io.text.TestInputs.gzip;
import static dev.caliber.io.text.TestInputs.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.LineReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputFilesTest {
  @TempDir
  Path dir;

  @Test
  void should_say_which_input_was_cut_short_and_which_was_opened_last() throws IOException {
    Path a = Files.write(dir.resolve("a.txt"), utf8("x\ny\n"));
    Path b = Files.write(dir.resolve("b.txt"), utf8("z\n"));
    // GIVEN a read to its end: nothing cut short, it was the last opened
    try (LineReader r = InputFiles.open(a.toString(), null, InputLimits.DEFAULT)) {
      while (r.next()) {
        // read every line
      }
    }
    assertThat(InputFiles.interruptedInput()).isNull();
    assertThat(InputFiles.lastOpenedInput()).isEqualTo(a.toString());
    // WHEN a read stops before the end (what stopped the command), THEN that input is named
    try (LineReader r = InputFiles.open(a.toString(), null, InputLimits.DEFAULT)) {
      r.next();
    }
    assertThat(InputFiles.interruptedInput()).isEqualTo(a.toString());
    // and forgotten once another input is opened, which is then the last
    try (java.io.InputStream in = InputFiles.bytes(b.toString(), null)) {
      assertThat(in.read()).isEqualTo('z');
      assertThat(InputFiles.interruptedInput()).isNull();
      in.readAllBytes();
      assertThat(in.read()).isEqualTo(-1);
    }
    assertThat(InputFiles.interruptedInput()).isNull();
    assertThat(InputFiles.lastOpenedInput()).isEqualTo(b.toString());
    // standard input the same, named -
    try (java.io.InputStream in = InputFiles.bytes("-", new ByteArrayInputStream(utf8("q")))) {
      assertThat(in.read()).isEqualTo('q');
    }
    assertThat(InputFiles.interruptedInput()).isEqualTo("-");
    assertThat(InputFiles.lastOpenedInput()).isEqualTo("-");
    try (java.io.InputStream in = InputFiles.bytes("-", new ByteArrayInputStream(utf8("q")))) {
      assertThat(in.readAllBytes()).hasSize(1);
    }
    assertThat(InputFiles.interruptedInput()).isNull();
  }

  @Test
  void should_open_a_path_and_name_it_as_given() throws IOException {
    Path file = dir.resolve("a.txt");
    Files.write(file, utf8("x\n"));
    try (LineReader r = InputFiles.open(file.toString(), null, InputLimits.DEFAULT)) {
      assertThat(r.source()).isEqualTo(file.toString());
      assertThat(r.next()).isTrue();
      assertThat(r.text()).isEqualTo("x");
    }
  }

  @Test
  void should_read_the_given_standard_input_for_a_dash() throws IOException {
    try (LineReader r = InputFiles.open("-", new ByteArrayInputStream(gzip(utf8("from stdin\n"))), InputLimits.DEFAULT)) {
      assertThat(r.source()).isEqualTo("-");
      r.next();
      assertThat(r.text()).isEqualTo("from stdin");
    }
  }

  @Test
  void should_report_a_missing_file_as_an_io_error() {
    assertThatThrownBy(() -> InputFiles.open(dir.resolve("none.txt").toString(), null, InputLimits.DEFAULT))
        .isInstanceOf(NoSuchFileException.class);
  }

  @Test
  void should_name_the_gzip_file_whose_stream_is_truncated() throws IOException {
    // GIVEN a gzip file written to disk and cut short
    byte[] whole = gzip(utf8("q Q0 d 1 1 t\n".repeat(2000)));
    Path file = dir.resolve("run.gz");
    Files.write(file, Arrays.copyOf(whole, whole.length - 100));
    // THEN
    assertThatThrownBy(() -> TrecRunReader.read(file))
        .isInstanceOf(InputSyntaxException.class)
        .hasMessageStartingWith(file + ":")
        .hasMessageContaining("truncated gzip stream");
  }

  @Test
  void should_name_a_run_after_the_last_path_element() {
    assertThat(InputFiles.fileName("runs/bm25.tsv")).isEqualTo("bm25.tsv");
    assertThat(InputFiles.fileName("bm25.tsv")).isEqualTo("bm25.tsv");
    assertThat(InputFiles.fileName("-")).isEqualTo("-");
    assertThat(InputFiles.fileName("runs/")).as("no last element: the source as given").isEqualTo("runs/");
  }

  @Test
  void should_name_a_run_by_its_file_name_without_directory_gz_and_json_whatever_its_format() {
    assertThat(InputFiles.runName("runs/MU03rob01")).isEqualTo("MU03rob01");
    assertThat(InputFiles.runName("runs/input.MU03rob01.gz")).isEqualTo("input.MU03rob01");
    assertThat(InputFiles.runName("runs/bm25.json")).isEqualTo("bm25");
    assertThat(InputFiles.runName("runs/bm25.JSON.GZ")).as("any case").isEqualTo("bm25");
    assertThat(InputFiles.runName("bm25.tsv")).as("other suffixes are kept").isEqualTo("bm25.tsv");
    assertThat(InputFiles.runName("run.gz.json")).as(".gz only at the end").isEqualTo("run.gz");
    assertThat(InputFiles.runName("-")).isEqualTo("stdin");
    assertThat(InputFiles.runName("runs/.json")).as("never empty").isEqualTo(".json");
    assertThat(InputFiles.runName("a.json.gz")).isEqualTo("a");
    assertThat(InputFiles.runName("runs/bm25.csv")).isEqualTo("bm25");
    assertThat(InputFiles.runName("runs/bm25.CSV.gz")).as("any case").isEqualTo("bm25");
    assertThat(InputFiles.runName("a.csv.json")).as("one format suffix").isEqualTo("a.csv");
    assertThat(InputFiles.runName("a.json.csv")).isEqualTo("a.json");
    assertThat(InputFiles.runName(".csv")).as("never empty").isEqualTo(".csv");
  }

  @Test
  void should_tell_csv_and_json_by_their_names_alone() {
    assertThat(InputFiles.isCsvName("j.csv")).isTrue();
    assertThat(InputFiles.isCsvName("j.CSV.GZ")).isTrue();
    assertThat(InputFiles.isCsvName("j.csv.txt")).isFalse();
    assertThat(InputFiles.isCsvName("j.json")).isFalse();
    assertThat(InputFiles.isCsvName("jcsv")).isFalse();
    assertThat(InputFiles.isJsonName("j.json.gz")).isTrue();
    assertThat(InputFiles.isJsonName("j.csv")).isFalse();
  }

  @Test
  void should_validate_limits_naming_the_bad_value() {
    assertThatThrownBy(() -> InputLimits.DEFAULT.withMaxLineBytes(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal maxLineBytes value: 0, must be at least 1");
    assertThatThrownBy(() -> InputLimits.DEFAULT.withMaxDecompressedBytes(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal maxDecompressedBytes value: -1, must be at least 1");
  }

  @Test
  void should_name_a_directory_before_reading_it() {
    for (ThrowingOpen open : new ThrowingOpen[] {
        () -> InputFiles.open(dir.toString(), null, InputLimits.DEFAULT),
        () -> InputFiles.bytes(dir.toString(), null),
        () -> InputFiles.open(dir, InputLimits.DEFAULT)}) {
      assertThatThrownBy(open::run).isInstanceOfSatisfying(FileSystemException.class, e -> {
        assertThat(e.getFile()).isEqualTo(dir.toString());
        assertThat(e.getReason()).isEqualTo("is a directory");
      });
    }
  }

  @Test
  void should_name_a_file_whose_bytes_cannot_be_read() {
    // GIVEN a special file that opens but fails at its first read (the kernel's memory of this process)
    Path mem = Path.of("/proc/self/mem");
    org.assertj.core.api.Assumptions.assumeThat(Files.isReadable(mem)).isTrue();
    assertThatThrownBy(() -> InputFiles.open(mem.toString(), null, InputLimits.DEFAULT).next())
        .isInstanceOfSatisfying(FileSystemException.class, e -> {
          assertThat(e.getFile()).isEqualTo("/proc/self/mem");
          assertThat(e.getReason()).isEqualTo("input/output error");
        });
  }

  @FunctionalInterface
  private interface ThrowingOpen {
    Object run() throws IOException;
  }

  @Test
  void should_read_again_only_a_regular_file() throws IOException, InterruptedException {
    Path file = Files.writeString(dir.resolve("run.txt"), "q1 Q0 d1 1 2 t\n");
    assertThat(InputFiles.canReadAgain(file.toString())).isTrue();
    assertThat(InputFiles.canReadAgain(Files.createSymbolicLink(dir.resolve("link"), file).toString())).isTrue();
    assertThat(InputFiles.canReadAgain(InputFiles.STDIN)).isFalse();
    assertThat(InputFiles.canReadAgain(dir.toString())).isFalse();
    assertThat(InputFiles.canReadAgain(dir.resolve("absent").toString())).isFalse();
    assertThat(InputFiles.canReadAgain("bad\0path")).isFalse();
    Path fifo = dir.resolve("pipe");
    if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0) {
      assertThat(InputFiles.canReadAgain(fifo.toString())).isFalse();
    }
  }
}
