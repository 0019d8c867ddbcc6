package dev.caliber.cli;

import static dev.caliber.cli.Cli.example;
import static dev.caliber.cli.CliResultAssert.assertThatRun;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file that cannot be read is an I/O error (exit 4), whichever option named it. */
class MissingInputFileTest {

  @TempDir Path dir;

  @Test
  void should_name_a_missing_protocol_file() {
    Path missing = dir.resolve("protocol.json");
    CliResult result = Cli.run("evaluate", "--protocol", missing, "--run", example("runs/fixture_A.json"));
    assertThatRun(result).failedWith(ExitCodes.IO, "cannot read " + missing + ": no such file");
  }

  @Test
  void should_name_a_missing_run_file() {
    Path missing = dir.resolve("fixture_C.json");
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", missing);
    assertThatRun(result).failedWith(ExitCodes.IO, "cannot read " + missing + ": no such file");
  }

  @Test
  void should_name_the_file_part_of_a_named_run() {
    Path missing = dir.resolve("fixture_C.json");
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", "C=" + missing);
    assertThatRun(result).failedWith(ExitCodes.IO, "cannot read " + missing + ": no such file");
  }

  @Test
  void should_name_a_missing_part_file() {
    Path missing = dir.resolve("qrels.json");
    CliResult result = Cli.run("fingerprint", "--corpus", example("corpus.json"), "--queries", example("queries.json"),
        "--qrels", missing, "--split", "test", "--k", "2");
    assertThatRun(result).failedWith(ExitCodes.IO, "cannot read " + missing + ": no such file");
  }

  @Test
  void should_name_a_missing_mapping_file() {
    Path missing = dir.resolve("chunk_to_doc.json");
    CliResult result = Cli.run("adapt", "--protocol", example("protocol.json"), "--mapping", missing,
        "--run", example("chunks/chunk_run.json"));
    assertThatRun(result).failedWith(ExitCodes.IO, "cannot read " + missing + ": no such file");
  }

  @Test
  void should_report_a_directory_given_as_an_input_file_as_an_io_error_naming_it() {
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", dir);
    assertThatRun(result).failedWith(ExitCodes.IO, "cannot read " + dir + ": is a directory");
  }

  @Test
  void should_name_a_directory_given_as_any_input() {
    Path run = dir.resolve("run.txt");
    Cli.write(dir, "run.txt", "q1 Q0 d1 1 1 t\n");
    Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\n");
    for (Object[] args : new Object[][] {
        {"evaluate", "--qrels", dir, "--run", run, "-m", "P@1"},
        {"evaluate", "--protocol", dir, "--run", run},
        {"evaluate", "--qrels", qrels, "--query-set", dir, "--run", run, "-m", "P@1", "--judgments", "pooled"},
        {"evaluate", "--protocol", example("protocol.json"), "--run", "r=" + dir, "--run-format", "json"}}) {
      assertThatRun(Cli.run(args)).failedWith(ExitCodes.IO, "cannot read " + dir + ": is a directory");
    }
  }

  @Test
  void should_report_a_missing_beir_folder_as_a_missing_path() {
    Path missing = dir.resolve("cacm");
    CliResult result = Cli.run("evaluate", "--beir", missing, "--split", "test", "-m", "P@1", "--run", dir.resolve("run.txt"));
    assertThatRun(result).failedWith(ExitCodes.IO, "cannot read " + missing + ": no such file");
  }
}
