package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.caliber.error.CaliberInputException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.TrecQrelsReader;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.io.text.LineReader;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Gain;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.Policy;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.report.QueryTable;
import dev.caliber.report.ReportJson;
import dev.caliber.report.ResultJson;
import dev.caliber.result.RunResult;
import dev.caliber.treceval.TrecEvalText;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The streaming path ({@link StreamingEvaluation}: blocks, worker threads, scoring from bytes)
 * against the simple one ({@link TrecRunReader} then {@link Evaluation}): the same rows, the same
 * bytes in every report format, the same first error, whatever the number of threads and the
 * size of blocks.
 */
class StreamingEvaluationTest {
  private static final SyntheticRuns DATA = SyntheticRuns.of(300, 200, 42);
  private static final List<Measure> MEASURES = measures(
      "RR@10", "R@100", "nDCG@10", "AP", "P@5", "Bpref", "Judged@10", "NumRet", "NumRel", "NumRelRet", "Rprec",
      "AP@50", "nDCG", "Success@3", "P(rel=2)@20", "R");

  private static List<Measure> measures(String... names) {
    List<Measure> out = new ArrayList<>();
    for (String n : names) {
      out.addAll(Measures.parseAll(n));
    }
    return out;
  }

  static Stream<Arguments> policies_and_threads() {
    List<Arguments> out = new ArrayList<>();
    Policy[] policies = {
        Policy.trecEval(),
        Policy.trecEval().withDepth(100).withRelevanceThreshold(2),
        Policy.trecEval().withOrdering(Ordering.GIVEN).withNoRelevant(NoRelevant.EXCLUDE).withGain(Gain.EXPONENTIAL),
        Policy.trecEval().withDepth(7),
    };
    for (Policy p : policies) {
      for (int threads : new int[] {1, 2, 3, 8}) {
        out.add(Arguments.of(p, threads));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}, {1} threads")
  @MethodSource("policies_and_threads")
  void should_give_the_same_rows_and_report_bytes_as_reading_whole(Policy policy, int threads) throws IOException {
    // GIVEN a protocol over the judged queries and the grouped run
    EvalProtocol protocol = protocol(policy);
    byte[] run = DATA.grouped();
    // WHEN
    RunResult whole = whole(protocol, run);
    RunResult streamed = streamed(protocol, run, threads, 4096).get();
    // THEN
    assertSameResult(streamed, whole);
  }

  @ParameterizedTest(name = "{1} threads")
  @MethodSource("policies_and_threads")
  void should_give_the_same_result_for_a_run_not_grouped_by_query_read_again_whole(Policy policy, int threads)
      throws IOException {
    EvalProtocol protocol = protocol(policy);
    byte[] run = DATA.interleaved();
    assertSameResult(streamed(protocol, run, threads, 4096).get(), whole(protocol, run));
  }

  @Test
  void should_refuse_a_run_not_grouped_by_query_that_cannot_be_read_again() {
    EvalProtocol protocol = protocol(Policy.trecEval());
    byte[] run = DATA.interleaved();
    Throwable thrown = catchThrowable(() -> StreamingEvaluation.evaluate(protocol, "-", () -> new ByteArrayInputStream(run),
        false, StreamingEvaluation.Options.defaults().withBlockBytes(4096)));
    assertThat(thrown).isInstanceOf(RunNotGroupedException.class)
        .hasMessageStartingWith("-:").hasMessageContaining("not grouped by query");
  }

  @Test
  void should_give_the_same_result_for_gzip_three_columns_and_crlf_in_one_large_block() throws IOException {
    String three = new String(DATA.grouped(), StandardCharsets.UTF_8)
        .replaceAll("(?m)^(\\S+) Q0 (\\S+) (\\S+) \\S+ tagX$", "$1\t$2\t$3").replace("\n", "\r\n");
    byte[] run = gzip(three.getBytes(StandardCharsets.UTF_8));
    EvalProtocol protocol = protocol(Policy.trecEval());
    assertSameResult(streamed(protocol, run, 2, 1 << 20).get(), whole(protocol, run));
  }

  static Stream<Arguments> broken_runs() {
    List<String> lines = new ArrayList<>();
    for (List<String> q : DATA.queries.subList(0, 40)) {
      lines.addAll(q);
    }
    List<Arguments> out = new ArrayList<>();
    out.add(Arguments.of("a duplicate document", edit(lines, 1500, l -> lines.get(1490))));
    out.add(Arguments.of("a duplicate, then a malformed line", edit(edit(lines, 1500, l -> lines.get(1490)), 7000,
        l -> l.replace(" Q0 ", " Q0 x "))));
    out.add(Arguments.of("two duplicates", edit(edit(lines, 5000, l -> lines.get(4990)), 1500, l -> lines.get(1490))));
    out.add(Arguments.of("a bad score", edit(lines, 3001, l -> l.replace(" tagX", "x tagX"))));
    out.add(Arguments.of("another tag", edit(lines, 6001, l -> l.replace(" tagX", " tagY"))));
    out.add(Arguments.of("malformed UTF-8", edit(lines, 4001, l -> l.replace("Q0", "Q\u0000"))));
    out.add(Arguments.of("a blank line", edit(lines, 2222, l -> "  ")));
    out.add(Arguments.of("a blank first line", edit(lines, 0, l -> "")));
    out.add(Arguments.of("three blank lines in a row between lines", edit(edit(edit(lines, 5997, l -> ""), 5998, l -> " "), 5999,
        l -> "\t")));
    out.add(Arguments.of("blank lines at the end (read)", String.join("\n", lines) + "\n\n \n\t\n\n"));
    out.add(Arguments.of("blank lines at the end after a duplicate", edit(lines, 1500, l -> lines.get(1490)) + "\n\n"));
    out.add(Arguments.of("a line too long", edit(lines, 3333, l -> l + " " + "x".repeat(300))));
    out.add(Arguments.of("an unjudged document under exhaustive judgments", String.join("\n", lines)));
    return out.stream();
  }

  private static String edit(List<String> lines, int at, java.util.function.UnaryOperator<String> change) {
    List<String> copy = new ArrayList<>(lines);
    copy.set(at, change.apply(copy.get(at)));
    return String.join("\n", copy) + "\n";
  }

  private static String edit(String text, int at, java.util.function.UnaryOperator<String> change) {
    return edit(List.of(text.split("\n", -1)).subList(0, text.split("\n", -1).length - 1), at, change);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("broken_runs")
  void should_report_the_same_first_error_as_reading_whole(String what, String text) {
    byte[] run = text.getBytes(StandardCharsets.UTF_8);
    InputLimits limits = InputLimits.DEFAULT.withMaxLineBytes(200);
    TrecRunOptions options = TrecRunOptions.DEFAULT.withLimits(limits);
    for (Policy policy : new Policy[] {Policy.trecEval(), Policy.strict(), Policy.trecEval().withUnknownQueries(UnknownQueries.ERROR)}) {
      EvalProtocol protocol = protocol(policy);
      Throwable expected = catchThrowable(() -> wholeOrThrow(protocol, run, options));
      for (int threads : new int[] {1, 2, 4}) {
        Throwable actual = catchThrowable(() -> StreamingEvaluation.evaluate(protocol, "run.txt",
            () -> new ByteArrayInputStream(run), true,
            StreamingEvaluation.Options.defaults().withThreads(threads).withBlockBytes(2048).withRunOptions(options)).get());
        if (expected == null) {
          assertThat(actual).as("%s under %s with %d threads", what, policy, threads).isNull();
          continue;
        }
        assertThat(expected).as("%s under %s", what, policy).isInstanceOf(CaliberInputException.class);
        assertThat(actual).as("%s under %s with %d threads", what, policy, threads)
            .isInstanceOf(expected.getClass()).hasMessage(expected.getMessage());
      }
    }
  }

  @Test
  void should_refuse_a_query_past_the_query_limit_at_the_same_line_whatever_the_threads_blocks_and_compression()
      throws IOException {
    // GIVEN a run whose third query has 40 lines of 20 bytes (800 bytes) under a query limit of 600 bytes
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 5; i++) {
      text.append(String.format("q1 Q0 a%03d %d 1.0 t%n", i, i + 1)).append(String.format("q2 Q0 b%03d %d 1.0 t%n", i, i + 1));
    }
    for (int i = 0; i < 40; i++) {
      text.append(String.format("q3 Q0 c%03d %02d 1.0 t%n", i, i + 1));
    }
    text.append("q4 Q0 d000 1 1.0 t\n");
    byte[] run = text.toString().getBytes(StandardCharsets.UTF_8);
    TrecRunOptions options = TrecRunOptions.DEFAULT.withLimits(InputLimits.DEFAULT.withMaxLineBytes(100).withMaxQueryBytes(600));
    EvalProtocol protocol = protocol(Policy.trecEval());
    // 10 lines of q1 and q2, then 30 lines of q3 fill exactly 600 bytes: line 41 is the first to end past them
    String expected = "run.txt:41: query too large (more than 600 bytes of lines with one query ID (or blank lines) in a row;"
        + " expected at most 600 (the query limit); to accept larger queries, raise the query limit)";
    for (byte[] input : new byte[][] {run, gzip(run)}) {
      for (int threads : new int[] {1, 3}) {
        for (int blockBytes : new int[] {1, 64, 1 << 20}) {
          // WHEN streamed
          Throwable thrown = catchThrowable(() -> StreamingEvaluation.evaluate(protocol, "run.txt",
              () -> new ByteArrayInputStream(input), true,
              StreamingEvaluation.Options.defaults().withThreads(threads).withBlockBytes(blockBytes).withRunOptions(options)).get());
          // THEN the same located error
          assertThat(thrown).as("%d threads, blocks of %d", threads, blockBytes)
              .isInstanceOf(dev.caliber.error.InputSyntaxException.class).hasMessage(expected);
        }
      }
    }
    // and a limit the query fits in changes nothing
    TrecRunOptions roomy = TrecRunOptions.DEFAULT.withLimits(InputLimits.DEFAULT.withMaxLineBytes(100).withMaxQueryBytes(800));
    assertSameResult(StreamingEvaluation.evaluate(protocol, "run.txt", () -> new ByteArrayInputStream(run), true,
        StreamingEvaluation.Options.defaults().withThreads(2).withBlockBytes(64).withRunOptions(roomy)).get(), whole(protocol, run));
  }

  @Test
  void should_reject_an_empty_run_as_reading_whole_does() {
    EvalProtocol protocol = protocol(Policy.trecEval());
    Throwable expected = catchThrowable(() -> wholeOrThrow(protocol, new byte[0], TrecRunOptions.DEFAULT));
    assertThatThrownBy(() -> streamed(protocol, new byte[0], 2, 4096))
        .isInstanceOf(expected.getClass()).hasMessage(expected.getMessage());
  }

  @Test
  void should_report_an_empty_query_set_after_reading_the_run() throws IOException {
    EvalProtocol protocol = new EvalProtocol(qrels(), List.of(), "an empty list", null, Policy.trecEval(), MEASURES);
    Throwable expected = catchThrowable(() -> wholeOrThrow(protocol, DATA.grouped(), TrecRunOptions.DEFAULT));
    StreamingEvaluation.Outcome outcome = streamed(protocol, DATA.grouped(), 2, 4096);
    assertThat(outcome.violation()).hasMessage(expected.getMessage());
  }

  @ParameterizedTest(name = "{1} threads")
  @MethodSource("policies_and_threads")
  void should_give_each_run_its_own_result_when_runs_share_workers_one_after_another(Policy policy, int threads)
      throws IOException {
    // GIVEN runs of several kinds, one of them malformed, and one set of workers for all of them
    EvalProtocol protocol = protocol(policy);
    String grouped = new String(DATA.grouped(), StandardCharsets.UTF_8);
    byte[] broken = (grouped.substring(0, grouped.length() / 2) + "q Q0 d one 1 t\n" + grouped.substring(grouped.length() / 2))
        .getBytes(StandardCharsets.UTF_8);
    List<byte[]> runs = List.of(DATA.grouped(), broken, DATA.interleaved(), DATA.grouped(), broken, DATA.grouped());
    try (EvaluationWorkers workers = new EvaluationWorkers(threads)) {
      StreamingEvaluation.Options options = StreamingEvaluation.Options.defaults().withBlockBytes(4096).withWorkers(workers);
      for (byte[] run : runs) {
        // WHEN each is evaluated on the shared workers
        Throwable alone = catchThrowable(() -> streamed(protocol, run, threads, 4096));
        StreamingEvaluation.Outcome shared = null;
        Throwable error = null;
        try {
          shared = StreamingEvaluation.evaluate(protocol, "run.txt", () -> new ByteArrayInputStream(run), true, options);
        } catch (CaliberInputException e) {
          error = e;
        }
        // THEN it gives what it gives alone: the same result, or the same first error
        if (alone != null) {
          assertThat(error).isNotNull().hasMessage(alone.getMessage());
        } else {
          assertThat(error).isNull();
          assertSameResult(shared.get(), whole(protocol, run));
        }
      }
    }
  }

  @Test
  void should_refuse_workers_of_another_thread_count() {
    try (EvaluationWorkers workers = new EvaluationWorkers(2)) {
      assertThatThrownBy(() -> StreamingEvaluation.evaluate(protocol(Policy.trecEval()), "run.txt",
          () -> new ByteArrayInputStream(DATA.grouped()), true,
          StreamingEvaluation.Options.defaults().withWorkers(workers).withThreads(3)))
          .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("the workers have 2");
    }
    assertThatThrownBy(() -> new EvaluationWorkers(0)).isInstanceOf(IllegalArgumentException.class);
  }

  // ---------------------------------------------------------------------------------------------

  private static void assertSameResult(RunResult streamed, RunResult whole) {
    assertThat(streamed.rows()).containsExactlyElementsOf(whole.rows());
    assertThat(streamed.summaries()).containsExactlyElementsOf(whole.summaries());
    assertThat(ReportJson.render(ResultJson.toData(streamed))).isEqualTo(ReportJson.render(ResultJson.toData(whole)));
    assertThat(TrecEvalText.render(streamed, true)).isEqualTo(TrecEvalText.render(whole, true));
    assertThat(QueryTable.render(List.of(streamed))).isEqualTo(QueryTable.render(List.of(whole)));
  }

  private static EvalProtocol protocol(Policy policy) {
    return new EvalProtocol(qrels(), DATA.judgedQueries, "judged queries", null, policy, MEASURES);
  }

  private static Qrels qrels() {
    try (LineReader lines = LineReader.of("qrels.txt",
        new ByteArrayInputStream(DATA.qrels.getBytes(StandardCharsets.UTF_8)), InputLimits.DEFAULT)) {
      return TrecQrelsReader.read(lines);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static RunResult whole(EvalProtocol protocol, byte[] run) throws IOException {
    return wholeOrThrow(protocol, run, TrecRunOptions.DEFAULT);
  }

  private static RunResult wholeOrThrow(EvalProtocol protocol, byte[] run, TrecRunOptions options) throws IOException {
    try (LineReader lines = LineReader.of("run.txt", new ByteArrayInputStream(run), options.limits())) {
      return Evaluation.evaluate(protocol, TrecRunReader.read(lines, options));
    }
  }

  private static StreamingEvaluation.Outcome streamed(EvalProtocol protocol, byte[] run, int threads, int blockBytes)
      throws IOException {
    return StreamingEvaluation.evaluate(protocol, "run.txt", () -> new ByteArrayInputStream(run), true,
        StreamingEvaluation.Options.defaults().withThreads(threads).withBlockBytes(blockBytes));
  }

  private static byte[] gzip(byte[] b) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(b);
    }
    return out.toByteArray();
  }
}
