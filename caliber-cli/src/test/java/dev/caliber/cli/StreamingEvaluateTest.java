package dev.caliber.cli;

import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code caliber evaluate} reads TREC runs while evaluating them ({@code --threads}, {@code
 * --no-streaming}, {@code --quiet}): the output never depends on how.
 */
class StreamingEvaluateTest {
  @TempDir Path dir;

  /** 40 queries x 60 documents with tied scores; qrels with graded labels. */
  private Path[] files() throws IOException {
    SplittableRandom rng = new SplittableRandom(7);
    StringBuilder run = new StringBuilder();
    StringBuilder first = new StringBuilder();
    StringBuilder second = new StringBuilder();
    StringBuilder qrels = new StringBuilder();
    for (int q = 0; q < 40; q++) {
      int score = 900;
      for (int d = 0; d < 60; d++) {
        String line = "q" + q + " Q0 d" + rng.nextInt(500) * 1000 + d + " " + (d + 1) + " " + score / 10.0 + " tag\n";
        run.append(line);
        (d < 30 ? first : second).append(line);
        score -= rng.nextInt(3);
        if (rng.nextInt(5) == 0) {
          qrels.append("q").append(q).append(" 0 d").append(line.split(" ")[2].substring(1)).append(' ')
              .append(rng.nextInt(4)).append('\n');
        }
      }
    }
    Path r = Files.writeString(dir.resolve("run.txt"), run);
    Path u = Files.writeString(dir.resolve("ungrouped.txt"), first.toString() + second);
    Path j = Files.writeString(dir.resolve("qrels.txt"), qrels);
    return new Path[] {r, u, j};
  }

  @Test
  void should_print_the_same_bytes_whatever_the_threads_and_with_no_streaming() throws IOException {
    Path[] f = files();
    for (String format : new String[] {"json", "trec", "tsv"}) {
      String perQuery = format.equals("trec") ? "-q" : "--quiet"; // -q applies to trec only; --quiet changes no byte
      CliResult whole = Cli.run("evaluate", "--qrels", f[2], "--run", f[0], "--compat", "trec_eval", "-m", "RR@10",
          "-m", "nDCG@10", "-m", "AP", "-m", "R@50", "--format", format, perQuery, "--no-streaming");
      assertThatRun(whole).succeeded();
      for (String threads : new String[] {"1", "2", "5"}) {
        CliResult streamed = Cli.run("evaluate", "--qrels", f[2], "--run", f[0], "--compat", "trec_eval", "-m", "RR@10",
            "-m", "nDCG@10", "-m", "AP", "-m", "R@50", "--format", format, perQuery, "--threads", threads);
        assertThatRun(streamed).succeeded().printed(whole.stdout().getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  @Test
  void should_read_a_run_not_grouped_by_query_again_whole_when_it_is_a_file() throws IOException {
    Path[] f = files();
    CliResult grouped = Cli.run("evaluate", "--qrels", f[2], "--run", "A=" + f[0], "--compat", "trec_eval", "--format", "trec", "-q");
    CliResult ungrouped = Cli.run("evaluate", "--qrels", f[2], "--run", "A=" + f[1], "--compat", "trec_eval", "--format", "trec", "-q");
    assertThatRun(ungrouped).succeeded().printed(grouped.stdout().getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void should_refuse_standard_input_not_grouped_by_query_and_name_the_option_that_reads_it_whole() throws IOException {
    Path[] f = files();
    byte[] ungrouped = Files.readAllBytes(f[1]);
    CliResult refused = Cli.runWithInput(ungrouped, "evaluate", "--qrels", f[2], "--run", "-", "--compat", "trec_eval");
    assertThat(refused.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(refused.stderr()).startsWith("caliber: usage: --run -: -:1201: query \"q0\" comes back after other queries")
        .contains("--no-streaming");
    CliResult whole = Cli.runWithInput(ungrouped, "evaluate", "--qrels", f[2], "--run", "A=-", "--compat", "trec_eval",
        "--format", "trec", "--no-streaming");
    CliResult file = Cli.run("evaluate", "--qrels", f[2], "--run", "A=" + f[0], "--compat", "trec_eval", "--format", "trec");
    assertThatRun(whole).succeeded().printed(file.stdout().getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void should_say_a_named_pipe_not_grouped_by_query_cannot_be_read_twice() throws Exception {
    // GIVEN a run not grouped by query (q1 comes back), written into a named pipe
    Path qrels = Files.writeString(dir.resolve("q.txt"), "q1 0 d1 1\nq2 0 d4 1\n");
    Path fifo = dir.resolve("run.fifo");
    org.assertj.core.api.Assumptions.assumeThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).as("mkfifo").isZero();
    Thread writer = new Thread(() -> {
      try {
        Files.writeString(fifo, "q1 Q0 d1 1 3 t\nq2 Q0 d4 1 2 t\nq1 Q0 d3 2 1 t\n");
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    writer.start();
    // WHEN
    CliResult result = Cli.run("evaluate", "--qrels", qrels, "--run", fifo, "--compat", "trec_eval", "--format", "trec");
    writer.join(10_000);
    // THEN the message standard input gets, not a hang on reopening the pipe
    assertThatRun(result).failedWithUsage("caliber evaluate", "--run " + fifo + ": " + fifo + ":3: query \"q1\" comes back after"
        + " other queries: the run is not grouped by query, and " + fifo + " cannot be read twice; give the run as a file,"
        + " group it by query (e.g. sort -s -k1,1), or use --no-streaming");
  }

  @Test
  void should_reject_zero_threads() throws IOException {
    Path[] f = files();
    CliResult result = Cli.run("evaluate", "--qrels", f[2], "--run", f[0], "--compat", "trec_eval", "--threads", "0");
    assertThatRun(result).failedWithUsage("caliber evaluate", "--threads: 0 is out of range; expected a whole number from 1 to 1024");
    for (String huge : new String[] {"1025", "536870912", "2147483647"}) { // once a crash, or a hang
      assertThatRun(Cli.run("evaluate", "--qrels", f[2], "--run", f[0], "--compat", "trec_eval", "--threads", huge))
          .failedWithUsage("caliber evaluate", "--threads: " + huge + " is out of range; expected a whole number from 1 to 1024");
    }
    assertThat(Cli.run("evaluate", "--qrels", f[2], "--run", f[0], "--compat", "trec_eval", "--threads", "1024").exitCode())
        .isZero();
  }

  @Test
  void should_show_no_progress_with_quiet_even_on_a_terminal() throws IOException {
    Path[] f = files();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Caliber.execute(new String[] {"evaluate", "--qrels", f[2].toString(), "--run", f[0].toString(),
        "--compat", "trec_eval", "--quiet"}, new ByteArrayInputStream(new byte[0]), out, err, true);
    assertThat(code).isZero();
    assertThat(err.toByteArray()).isEmpty();
  }
}
