package dev.caliber.cli;

import static dev.caliber.cli.Cli.example;
import static dev.caliber.cli.Cli.expected;
import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -o FILE} writes the result whole or not at all: the file appears complete, nothing is
 * printed, and a failed run leaves an existing file and its directory as they were.
 */
class OutputFileTest {

  @TempDir Path dir;

  private List<String> filesIn(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void should_write_the_report_to_the_file_and_print_nothing() throws IOException {
    // GIVEN
    Path report = dir.resolve("report.json");
    // WHEN
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", example("runs/fixture_B.json"), "-o", report);
    // THEN
    assertThatRun(result).succeeded().printedNothing();
    assertThat(Files.readAllBytes(report)).isEqualTo(expected("report.fixture_B.json"));
    assertThat(filesIn(dir)).containsExactly("report.json");
  }

  @Test
  void should_write_a_report_written_in_pieces_whole_as_standard_output_gets_it() throws IOException {
    // GIVEN 2,000 queries: a JSON report of many pieces, with non-ASCII IDs
    StringBuilder qrels = new StringBuilder();
    StringBuilder run = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      qrels.append("q\u00e9").append(i).append(" 0 d").append(i).append(" 1\n");
      run.append("q\u00e9").append(i).append(" Q0 d").append(i % 3 == 0 ? i : i + 1).append(" 1 2.5 t\n");
    }
    Path q = Cli.write(dir, "qrels.txt", qrels.toString());
    Path r = Cli.write(dir, "run.txt", run.toString());
    Path report = dir.resolve("report.json");
    Object[] args = {"evaluate", "--qrels", q, "--run", r, "-m", "RR@10", "-m", "nDCG@10", "--preset", "trec_eval", "--format", "json"};
    // WHEN
    CliResult printed = Cli.run(args);
    CliResult written = Cli.run(Stream.concat(Stream.of(args), Stream.of("-o", report)).toArray());
    // THEN
    assertThatRun(printed).succeeded();
    assertThatRun(written).succeeded().printedNothing();
    assertThat(printed.stdout()).hasSizeGreaterThan(200_000).contains("\"query\": \"q\u00e91999\"").endsWith("}\n");
    assertThat(Files.readString(report, StandardCharsets.UTF_8)).isEqualTo(printed.stdout());
    assertThat(filesIn(dir)).containsExactly("qrels.txt", "report.json", "run.txt");
  }

  @Test
  void should_accept_the_long_option_for_every_command() throws IOException {
    Path adapted = dir.resolve("adapted.json");
    Path sha = dir.resolve("sha.txt");
    assertThatRun(Cli.run("adapt", "--protocol", example("protocol.json"), "--mapping", example("chunks/chunk_to_doc.json"),
        "--run", example("chunks/chunk_run.json"), "--output", adapted)).succeeded().printedNothing();
    assertThatRun(Cli.run("fingerprint", "--protocol", example("protocol.json"), "--output", sha)).succeeded().printedNothing();
    assertThat(Files.readAllBytes(adapted)).isEqualTo(expected("adapt.chunk_run.json"));
    assertThat(Files.readString(sha)).isEqualTo(FingerprintCommandTest.SEED_SHA256 + "\n");
  }

  @Test
  void should_replace_an_existing_file() throws IOException {
    Path report = Cli.write(dir, "report.json", "old report, longer than nothing at all" + "x".repeat(5000));
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", example("runs/fixture_A.json"), "-o", report);
    assertThatRun(result).succeeded().printedNothing();
    assertThat(Files.readAllBytes(report)).isEqualTo(expected("report.fixture_A.json"));
    assertThat(filesIn(dir)).containsExactly("report.json");
  }

  @Test
  void should_print_to_standard_output_for_a_dash() {
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", example("runs/fixture_A.json"), "-o", "-");
    assertThatRun(result).succeeded().printed(expected("report.fixture_A.json"));
  }

  @Test
  void should_leave_an_existing_file_untouched_and_no_temporary_file_on_invalid_input() throws IOException {
    // GIVEN last week's report, and a run with a duplicate document
    Path report = Cli.write(dir, "report.json", "{\"last\": \"week\"}\n");
    Path run = Cli.write(dir, "run.json", "{\"q2\": [\"d3\", \"d3\"]}");
    // WHEN
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", run, "-o", report);
    // THEN
    assertThatRun(result).rejectedInput(run + ":1:15: $.q2[1]: duplicate document ID; deduplicate upstream explicitly "
        + "(query \"q2\": document \"d3\" at rank 2 repeats rank 1)");
    assertThat(Files.readString(report, StandardCharsets.UTF_8)).isEqualTo("{\"last\": \"week\"}\n");
    assertThat(filesIn(dir)).containsExactly("report.json", "run.json");
  }

  @Test
  void should_leave_an_existing_file_untouched_on_a_usage_error() throws IOException {
    Path report = Cli.write(dir, "report.json", "keep\n");
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--k", "0", "--run", example("runs/fixture_A.json"), "-o", report);
    assertThatRun(result).failedWithUsage("caliber evaluate",
        "--k: got \"0\"; expected a whole number from 1 to 2147483647, such as 10");
    assertThat(Files.readString(report)).isEqualTo("keep\n");
    assertThat(filesIn(dir)).containsExactly("report.json");
  }

  @Test
  void should_fail_with_an_io_error_when_the_directory_does_not_exist() throws IOException {
    // GIVEN
    Path target = dir.resolve("missing/report.json");
    // WHEN
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", example("runs/fixture_A.json"), "-o", target);
    // THEN
    assertThatRun(result).failedWith(ExitCodes.IO, "cannot write " + target + ": no such directory");
    assertThat(filesIn(dir)).isEmpty();
  }

  @Test
  void should_fail_with_an_io_error_and_leave_no_temporary_file_when_the_target_is_a_directory() throws IOException {
    // GIVEN an existing, non-empty directory where the report should go
    Path target = dir.resolve("reports");
    Cli.write(dir, "reports/a.json", "{}");
    // WHEN
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", example("runs/fixture_A.json"), "-o", target);
    // THEN
    assertThatRun(result).failedWithLineStartingWith(ExitCodes.IO, "cannot write " + target + ": ");
    assertThat(filesIn(dir)).containsExactly("reports");
    assertThat(filesIn(target)).containsExactly("a.json");
  }
}
