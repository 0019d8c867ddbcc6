package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an input may cost: every limit is a located error that names the option raising it, the
 * options take sizes, and a streamed run of any size is evaluated (or refused) in a small heap.
 */
class InputLimitsTest {
  @TempDir Path dir;

  private Path qrels() {
    return Cli.write(dir, "qrels.txt", "q1 0 d1 1\nq2 0 d1 1\n");
  }

  @Test
  void should_name_the_option_that_raises_each_limit() throws IOException {
    // GIVEN a run whose line 3 is 40 bytes and ends its query's 75th byte and the file's 75th
    Path run = Cli.write(dir, "run.txt", "q1 Q0 d1 1 1.0 t\nq1 Q0 d2 2 0.5 t\nq1 Q0 d3-with-a-long-document-id 3 0.2 t\n"
        + "q2 Q0 d1 1 1.0 t\nq2 Q0 d2 2 1.0 t\n");
    Path q = qrels();
    // WHEN each limit is set below what the run needs, THEN a located error names its option
    assertThatRun(Cli.run("evaluate", "--qrels", q, "--run", run, "--measure", "P@1", "--max-line-bytes", "30"))
        .failedWith(ExitCodes.INVALID_INPUT, "invalid input: " + run + ":3: line too long (more than 30 bytes; expected at most 30"
            + " (the line limit); to accept longer lines, raise --max-line-bytes)");
    assertThatRun(Cli.run("evaluate", "--qrels", q, "--run", run, "--measure", "P@1", "--max-line-bytes", "40",
        "--max-query-bytes", "40"))
        .failedWith(ExitCodes.INVALID_INPUT, "invalid input: " + run + ":3: query too large (more than 40 bytes of lines with"
            + " one query ID (or blank lines) in a row; expected at most 40 (the query limit); to accept larger queries,"
            + " raise --max-query-bytes)");
    assertThatRun(Cli.run("evaluate", "--qrels", q, "--run", run, "--measure", "P@1", "--max-input-bytes", "50"))
        .failedWith(ExitCodes.INVALID_INPUT, "invalid input: " + run + ":3: input too large (more than 50 bytes after"
            + " decompression; expected at most 50 (the limit on an input's size after decompression); to accept larger"
            + " inputs, raise --max-input-bytes)");
    // and with room enough, the same run is evaluated
    assertThatRun(Cli.run("evaluate", "--qrels", q, "--run", run, "--measure", "P@1", "--preset", "trec_eval",
        "--max-line-bytes", "1KiB", "--max-query-bytes", "1K", "--max-input-bytes", "1kb")).succeeded();
  }

  @Test
  void should_name_the_option_that_reads_extra_columns_in_its_own_words() {
    Path run = Cli.write(dir, "run.txt", "q1 Q0 d1 1 1.0 t extra\n");
    assertThatRun(Cli.run("evaluate", "--qrels", qrels(), "--run", run, "--measure", "P@1"))
        .failedWith(ExitCodes.INVALID_INPUT, "invalid input: " + run + ":1: wrong number of columns (found 7; expected 6"
            + " (qid Q0 docid rank score tag) or 3 (qid docid rank); to ignore columns after the sixth, as trec_eval does,"
            + " use --ignore-extra-columns)");
  }

  @Test
  void should_bound_json_inputs_by_the_input_limit_too() {
    Path run = Cli.write(dir, "run.json", "{\"q1\": [\"d1\", \"d2\", \"d3\", \"d4\", \"d5\", \"d6\", \"d7\", \"d8\"]}");
    assertThatRun(Cli.run("evaluate", "--qrels", qrels(), "--run", run, "--measure", "P@1", "--max-input-bytes", "20"))
        .failedWith(ExitCodes.INVALID_INPUT, "invalid input: " + run + ": input too large (more than 20 bytes after"
            + " decompression; expected at most 20 (the limit on an input's size after decompression); to accept larger"
            + " inputs, raise --max-input-bytes)");
  }

  @Test
  void should_bound_whitespace_in_a_row_in_json_inputs_by_the_query_limit_its_option_raises() throws IOException {
    // GIVEN a run in JSON with 2 MiB of spaces (a gzip of gigabytes of them would take minutes to walk)
    Path run = Cli.write(dir, "run.json", "{\"q1\": [\"d1\"," + " ".repeat(2 << 20) + "\"d2\"]}");
    // THEN refused on its line, the option that raises the limit named
    assertThatRun(Cli.run("evaluate", "--qrels", qrels(), "--run", run, "--measure", "P@1", "--max-query-bytes", "1M"))
        .failedWith(ExitCodes.INVALID_INPUT, "invalid input: " + run + ":1: too much whitespace in a row (more than 1048576"
            + " bytes of spaces, tabs and line ends in a row; expected at most 1048576 (the query limit); to accept larger"
            + " queries, raise --max-query-bytes)");
    // and a lock, read within the limits given beside it
    Path lock = Cli.write(dir, "k.lock.json", "{" + " ".repeat(2 << 20) + "}");
    assertThatRun(Cli.run("evaluate", "--lock", lock, "--run", run, "--max-query-bytes", "1M"))
        .failedWithLineStartingWith(ExitCodes.INVALID_INPUT, "invalid input: " + lock + ":1: too much whitespace in a row");
  }

  @Test
  void should_refuse_a_truncated_gzip_json_file_as_invalid_input_naming_it() throws IOException {
    java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
    try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(gz)) {
      z.write("{\"q1\": [\"d1\", \"d2\"]}".getBytes(StandardCharsets.UTF_8));
    }
    Path run = Files.write(dir.resolve("run.json.gz"), java.util.Arrays.copyOf(gz.toByteArray(), 20));
    assertThatRun(Cli.run("evaluate", "--qrels", qrels(), "--run", run, "--measure", "P@1"))
        .failedWith(ExitCodes.INVALID_INPUT, "invalid input: " + run + ": truncated gzip stream (the compressed data of member 1"
            + " ends early; expected a complete gzip file)");
  }

  @Test
  void should_refuse_sizes_that_are_not_sizes_or_out_of_range_as_usage_errors() throws IOException {
    Path run = Cli.write(dir, "run.txt", "q1 Q0 d1 1 1.0 t\n");
    Path q = qrels();
    assertThatRun(Cli.run("evaluate", "--qrels", q, "--run", run, "--measure", "P@1", "--max-line-bytes", "1x"))
        .failedWith(ExitCodes.USAGE, "usage: Invalid value for option '--max-line-bytes': got \"1x\"; expected a size"
            + " such as 4194304, 4MiB or 1GiB (see 'caliber evaluate --help')");
    assertThatRun(Cli.run("evaluate", "--qrels", q, "--run", run, "--measure", "P@1", "--max-line-bytes", "0"))
        .failedWith(ExitCodes.USAGE, "usage: --max-line-bytes: got 0; expected from 1 to 2146435071 bytes"
            + " (see 'caliber evaluate --help')");
    assertThatRun(Cli.run("evaluate", "--qrels", q, "--run", run, "--measure", "P@1", "--max-query-bytes", "1000"))
        .failedWith(ExitCodes.USAGE, "usage: --max-query-bytes: got 1000; expected from 1048576 (the line limit) to"
            + " 1073741824 bytes (see 'caliber evaluate --help')");
    assertThatRun(Cli.run("evaluate", "--qrels", q, "--run", run, "--measure", "P@1", "--max-input-bytes", "99999999999G"))
        .failedWith(ExitCodes.USAGE, "usage: Invalid value for option '--max-input-bytes': got \"99999999999G\"; expected"
            + " a size of at most 8EiB (see 'caliber evaluate --help')");
  }

  @Test
  void should_refuse_an_endless_query_through_a_pipe_quickly_in_a_small_heap() throws Exception {
    // GIVEN one query's lines without end on standard input, and a 96 MiB heap
    Child child = Child.start(dir, List.of("-Xmx96m"), "evaluate", "--qrels", qrels().toString(), "--run", "-",
        "--measure", "P@10", "--judgments", "pooled");
    child.feed(i -> "q1 Q0 d" + i + " " + (i + 1) + " 1.0 t\n", Long.MAX_VALUE);
    // THEN a located error names the limit and its option, and nothing else is printed
    assertThat(child.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    assertThat(child.err()).startsWith("caliber: invalid input: -:").contains(": query too large (more than 8388608 bytes")
        .endsWith("raise --max-query-bytes)\n");
  }

  @Test
  void should_refuse_endless_blank_lines_in_a_small_heap() throws Exception {
    Child child = Child.start(dir, List.of("-Xmx96m"), "evaluate", "--qrels", qrels().toString(), "--run", "-",
        "--measure", "P@10");
    child.feed(i -> i == 0 ? "q1 Q0 d1 1 1.0 t\n" : "\n", Long.MAX_VALUE);
    assertThat(child.exitCode()).isEqualTo(ExitCodes.INVALID_INPUT);
    // blank lines may end a run, so they are read, but no more than the query limit of them in a row
    assertThat(child.err()).isEqualTo("caliber: invalid input: -:8388610: query too large (more than 8388608 bytes of lines"
        + " with one query ID (or blank lines) in a row; expected at most 8388608 (the query limit); to accept larger queries,"
        + " raise --max-query-bytes)\n");
  }

  @Test
  void should_evaluate_many_queries_just_under_the_limit_in_a_256_mib_heap_on_many_threads() throws Exception {
    // GIVEN 24 queries of 250,000 lines (about 7.5 MB each, 180 MB in all) through a pipe, 16 workers
    Child child = Child.start(dir, List.of("-Xmx256m"), "evaluate", "--qrels", qrels().toString(), "--run", "-",
        "--measure", "P@10", "--measure", "NumRet", "--preset", "trec_eval", "--threads", "16",
        "--format", "trec");
    int perQuery = 250_000;
    child.feed(i -> "q" + (i / perQuery) + " Q0 d" + (i % perQuery) + " " + (i % perQuery + 1) + " " + (perQuery - i % perQuery)
        + " t\n", 24L * perQuery);
    // THEN it succeeds, having read every line (q1 and q2, the judged queries, have d1 at rank 2)
    assertThat(child.err()).isEmpty();
    assertThat(child.exitCode()).isZero();
    assertThat(child.out()).containsPattern("P_10 *\tall\t0.1000\n").containsPattern("num_ret *\tall\t500000\n");
  }

  @Test
  void should_say_out_of_memory_in_one_line_when_an_input_held_whole_does_not_fit() throws Exception {
    // GIVEN a JSON run of 3 million documents (held whole, as JSON is) and a 32 MiB heap
    StringBuilder json = new StringBuilder("{\"q1\": [");
    for (int i = 0; i < 3_000_000; i++) {
      json.append(i == 0 ? "" : ",").append("\"d").append(i).append('"');
    }
    Path run = Files.writeString(dir.resolve("run.json"), json.append("]}").toString());
    Child child = Child.start(dir, List.of("-Xmx32m"), "evaluate", "--qrels", qrels().toString(), "--run", run.toString(),
        "--measure", "P@10", "--judgments", "pooled");
    child.feed(i -> "", 0);
    // THEN one line says so, with the input that was being held, and how to give more memory, exit 4
    assertThat(child.exitCode()).isEqualTo(ExitCodes.IO);
    assertThat(child.err()).matches("caliber: out of memory (while|after) reading " + java.util.regex.Pattern.quote(run.toString())
            + ": the inputs need more than the (?s).*")
        .contains("CALIBER_JAVA_OPTS=-Xmx8g").doesNotContain("Exception").hasLineCount(1);
  }

  @Test
  void should_name_the_qrels_being_read_when_memory_runs_out() throws Exception {
    // GIVEN qrels of a million queries, read whole, and a 32 MiB heap
    Path qrels = dir.resolve("big-qrels.txt");
    try (java.io.Writer w = Files.newBufferedWriter(qrels)) {
      for (int i = 0; i < 1_000_000; i++) {
        w.write("query" + i + " 0 document" + i + " 1\n");
      }
    }
    Path run = Cli.write(dir, "one.txt", "query1 Q0 document1 1 1 t\n");
    Child child = Child.start(dir, List.of("-Xmx32m"), "evaluate", "--qrels", qrels.toString(), "--run", run.toString(),
        "--measure", "P@10");
    child.feed(i -> "", 0);
    // THEN the line names them
    assertThat(child.exitCode()).isEqualTo(ExitCodes.IO);
    assertThat(child.err()).startsWith("caliber: out of memory while reading " + qrels + ": the inputs need more than the ")
        .hasLineCount(1);
  }

  /** caliber's {@link Main} in a fresh JVM with the given JVM options; standard output and error go to files. */
  private record Child(Process process, Path outFile, Path errFile) {
    static Child start(Path dir, List<String> jvm, String... args) throws IOException {
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.addAll(jvm);
      // caliber's modules are on the test's module path, the rest on its class path: the child gets both on its class path
      String modules = System.getProperty("jdk.module.path", "");
      command.add("-cp");
      command.add(System.getProperty("java.class.path") + (modules.isEmpty() ? "" : java.io.File.pathSeparator + modules));
      command.add(Main.class.getName());
      command.addAll(List.of(args));
      Path out = dir.resolve("child.out");
      Path err = dir.resolve("child.err");
      Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      return new Child(p, out, err);
    }

    /** Writes {@code line(i)} for i = 0, 1, ... (at most {@code lines}) until the child stops reading, then closes its input. */
    void feed(java.util.function.LongFunction<String> line, long lines) throws IOException {
      try (OutputStream in = new java.io.BufferedOutputStream(process.getOutputStream(), 1 << 16)) {
        for (long i = 0; i < lines && process.isAlive(); i++) {
          in.write(line.apply(i).getBytes(StandardCharsets.US_ASCII));
        }
      } catch (IOException closed) {
        // the child stopped reading: what it said is in its files
      }
    }

    int exitCode() throws InterruptedException {
      assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("finished within two minutes").isTrue();
      return process.exitValue();
    }

    String out() throws IOException, InterruptedException {
      exitCode();
      return Files.readString(outFile, StandardCharsets.UTF_8);
    }

    String err() throws IOException, InterruptedException {
      exitCode();
      return Files.readString(errFile, StandardCharsets.UTF_8);
    }
  }
}
