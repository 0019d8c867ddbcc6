package dev.caliber.eval;

import static dev.caliber.eval.StreamingEvaluationExamplesTest.RUN;
import static dev.caliber.eval.StreamingEvaluationExamplesTest.protocol;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.TrecRunStream;
import dev.caliber.io.text.TestInputs;
import dev.caliber.measure.JudgedRanking;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link StreamingEvaluation}'s options, outcome, entry points, progress and worker failures. */
class StreamingEvaluationApiTest {
  @TempDir
  Path dir;

  @Test
  void validates_its_options() {
    StreamingEvaluation.Options d = StreamingEvaluation.Options.defaults();
    assertThatThrownBy(() -> d.withThreads(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal threads value: 0, must be from 1 to 1024");
    assertThatThrownBy(() -> d.withThreads(1025)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal threads value: 1025, must be from 1 to 1024");
    assertThatThrownBy(() -> new EvaluationWorkers(Integer.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> d.withBlockBytes(0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal blockBytes value: 0, must be at least 1");
    assertThatThrownBy(() -> d.withRunOptions(null)).isInstanceOf(NullPointerException.class);
    StreamingEvaluation.Options one = d.withThreads(1).withBlockBytes(1);
    assertThat(one.threads()).isEqualTo(1);
    assertThat(one.blockBytes()).isEqualTo(1);
  }

  @Test
  void takes_the_thread_count_of_shared_workers() {
    StreamingEvaluation.Options d = StreamingEvaluation.Options.defaults().withThreads(1);
    try (EvaluationWorkers two = new EvaluationWorkers(2)) {
      StreamingEvaluation.Options shared = d.withWorkers(two);
      assertThat(shared.workers()).isSameAs(two);
      assertThat(shared.threads()).isEqualTo(2);
      assertThatThrownBy(() -> shared.withThreads(3)).isInstanceOf(IllegalArgumentException.class)
          .hasMessage("illegal threads value: 3, the workers have 2");
      assertThat(shared.withWorkers(null)).isEqualTo(d.withThreads(2));
    }
  }

  @Test
  void defaults_to_a_worker_per_processor_and_blocks_of_a_mebibyte() {
    StreamingEvaluation.Options d = StreamingEvaluation.Options.defaults();
    assertThat(d.threads()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(d.progress()).isNull();
    assertThat(d.blockBytes()).isEqualTo(TrecRunStream.BLOCK_BYTES).isEqualTo(1 << 20);
    StreamingEvaluation.Progress listener = (bytes, queries) -> { };
    assertThat(d.bounds()).isFalse();
    assertThat(d.runOptions()).isEqualTo(TrecRunOptions.DEFAULT);
    assertThat(d.workers()).isNull();
    assertThat(d.streaming()).isTrue();
    StreamingEvaluation.Options changed = d.withThreads(3).withBlockBytes(77).withProgress(listener).withBounds(true)
        .withRunOptions(TrecRunOptions.DEFAULT.withName("r")).withStreaming(false);
    assertThat(changed).isEqualTo(new StreamingEvaluation.Options(3, listener, 77, true, TrecRunOptions.DEFAULT.withName("r"),
        null, false));
  }

  @Test
  void holds_exactly_one_of_a_result_and_a_violation() {
    ProtocolViolationException v = new ProtocolViolationException("no");
    assertThatThrownBy(() -> new StreamingEvaluation.Outcome(null, null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal outcome: exactly one of result and violation must be given");
    RunResult r = Streams.whole(protocol(Policy.trecEval()), RUN);
    assertThatThrownBy(() -> new StreamingEvaluation.Outcome(r, v)).isInstanceOf(IllegalArgumentException.class);
    assertThat(new StreamingEvaluation.Outcome(r, null).get()).isSameAs(r);
    assertThatThrownBy(() -> new StreamingEvaluation.Outcome(null, v).get()).isSameAs(v);
  }

  @Test
  void reads_a_file_by_its_path_and_again_whole_when_it_is_not_grouped() throws IOException {
    Path file = dir.resolve("run.txt");
    String run = RUN + "q1 Q0 w 7 0.5 t\n";
    Files.writeString(file, run);
    EvalProtocol protocol = protocol(Policy.trecEval());
    RunResult r = StreamingEvaluation.evaluate(protocol, file.toString(), null,
        StreamingEvaluation.Options.defaults().withBlockBytes(1)).get();
    assertThat(r).isEqualTo(Streams.whole(protocol, run));
    assertThat(r.row("q1").returned()).isEqualTo(7);
  }

  @Test
  void reads_standard_input_once() throws IOException {
    EvalProtocol protocol = protocol(Policy.trecEval());
    RunResult r = StreamingEvaluation.evaluate(protocol, "-", new ByteArrayInputStream(Streams.utf8(RUN)),
        StreamingEvaluation.Options.defaults().withBlockBytes(1)).get();
    assertThat(r.runName()).as("standard input's run name").isEqualTo("stdin");
    assertThat(r).isEqualTo(Streams.whole(protocol, RUN, TrecRunOptions.DEFAULT.withName("stdin")));
    assertThatThrownBy(() -> StreamingEvaluation.evaluate(protocol, "-",
        new ByteArrayInputStream(Streams.utf8(RUN + "q1 Q0 w 7 0.5 t\n")),
        StreamingEvaluation.Options.defaults().withBlockBytes(1)))
        .isInstanceOf(RunNotGroupedException.class).hasMessageStartingWith("-:11: query \"q1\" comes back");
  }

  @Test
  void reads_standard_input_whole_first_when_not_streamed() throws IOException {
    EvalProtocol protocol = protocol(Policy.trecEval());
    String run = RUN + "q1 Q0 w 7 0.5 t\n";
    List<Long> seen = new ArrayList<>();
    RunResult r = StreamingEvaluation.evaluate(protocol, "-", new ByteArrayInputStream(Streams.utf8(run)),
        Streams.options(2, (bytes, queries) -> seen.add(bytes), 1).withStreaming(false)).get();
    assertThat(r).isEqualTo(Streams.whole(protocol, run, TrecRunOptions.DEFAULT.withName("stdin")));
    assertThat(seen).as("no blocks, no progress").isEmpty();
  }

  @Test
  void tells_the_progress_listener_the_raw_bytes_read_after_each_block() throws IOException {
    byte[] plain = Streams.utf8(RUN);
    byte[] gzip = TestInputs.gzip(plain);
    for (byte[] input : new byte[][] {plain, gzip}) {
      for (int threads : new int[] {1, 2}) {
        List<Long> seen = new ArrayList<>();
        EvalProtocol protocol = protocol(Policy.trecEval());
        RunResult r = StreamingEvaluation.evaluate(protocol, "run.txt",
            () -> Streams.trickle(input), true, Streams.options(threads, (bytes, queries) -> seen.add(bytes), 1)).get();
        assertThat(r).isEqualTo(Streams.whole(protocol, RUN));
        assertThat(seen).isNotEmpty().allMatch(n -> n > 0 && n <= input.length).isSorted();
        assertThat(seen.get(seen.size() - 1)).isEqualTo(input.length);
        if (input == plain) {
          assertThat(seen).as("one report per block: q1, q2, q5, q3").hasSize(4);
        }
      }
    }
  }

  @Test
  void tells_the_progress_listener_the_queries_merged_before_each_block() throws IOException {
    List<Integer> queries = new ArrayList<>();
    EvalProtocol protocol = protocol(Policy.trecEval());
    StreamingEvaluation.evaluate(protocol, "run.txt", () -> Streams.trickle(Streams.utf8(RUN)), true,
        Streams.options(1, (bytes, done) -> queries.add(done), 1)).get();
    // one block per query (q1, q2, q5, q3): each report comes as a block is read, after the blocks before it
    assertThat(queries).containsExactly(0, 1, 2, 3);
  }

  @Test
  void counts_every_byte_of_an_input_that_gives_one_at_a_time() throws IOException {
    byte[] plain = Streams.utf8(RUN);
    List<Long> seen = new ArrayList<>();
    // an input that gives one byte per read
    Supplier<InputStream> slow = () -> new ByteArrayInputStream(plain) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return len == 0 ? 0 : super.read(b, off, 1);
      }
    };
    StreamingEvaluation.evaluate(protocol(Policy.trecEval()), "run.txt", slow::get, true,
        Streams.options(1, (bytes, queries) -> seen.add(bytes), 1 << 20)).get();
    assertThat(seen).containsExactly((long) plain.length);
  }

  @Test
  void passes_a_failure_in_a_worker_to_the_caller_unchanged() {
    for (RuntimeException failure : new RuntimeException[] {new IllegalStateException("boom")}) {
      for (int threads : new int[] {1, 2}) {
        EvalProtocol protocol = new EvalProtocol(protocol(Policy.trecEval()).qrels(), List.of("q1"), "one",
            null, Policy.trecEval(), List.of(failing(() -> failure)));
        assertThatThrownBy(() -> Streams.streamed(protocol, RUN, TrecRunOptions.DEFAULT, threads, 1, true))
            .isSameAs(failure);
      }
    }
    AssertionError error = new AssertionError("bang");
    EvalProtocol protocol = new EvalProtocol(protocol(Policy.trecEval()).qrels(), List.of("q1"), "one",
        null, Policy.trecEval(), List.of(failing(() -> {
          throw error;
        })));
    assertThatThrownBy(() -> Streams.streamed(protocol, RUN, TrecRunOptions.DEFAULT, 2, 1, true)).isSameAs(error);
  }

  @Test
  void wraps_a_checked_exception_thrown_in_a_worker() {
    IOException checked = new IOException("sneaky");
    EvalProtocol protocol = new EvalProtocol(protocol(Policy.trecEval()).qrels(), List.of("q1"), "one",
        null, Policy.trecEval(), List.of(measure(r -> {
          throw StreamingEvaluationApiTest.<RuntimeException>sneaky(checked);
        })));
    assertThatThrownBy(() -> Streams.streamed(protocol, RUN, TrecRunOptions.DEFAULT, 2, 1, true))
        .isInstanceOf(IllegalStateException.class).hasCause(checked);
  }

  @Test
  void reports_a_malformed_line_read_before_the_input_failed() {
    // q1 takes long to score, so its block and the malformed q2 block are still in flight when
    // reading fails: the malformed line is the first error, as it would be reading whole
    byte[] text = Streams.utf8("q1 Q0 a 1 1 t\nq2 Q0 b x 1 t\nq3 Q0 c 1 1 t\n");
    EvalProtocol protocol = new EvalProtocol(protocol(Policy.trecEval()).qrels(), List.of("q1"), "one", null,
        Policy.trecEval(), List.of(measure(StreamingEvaluationApiTest::slowly)));
    for (int threads : new int[] {1, 2}) {
      assertThatThrownBy(() -> StreamingEvaluation.evaluate(protocol, "run.txt", () -> failingAfter(text), true,
          Streams.options(threads, null, 1)))
          .as("%d threads", threads).hasMessageStartingWith("run.txt:2: rank must be an integer");
    }
    assertThatThrownBy(() -> StreamingEvaluation.evaluate(protocol, "run.txt",
        () -> failingAfter(Streams.utf8("q1 Q0 a 1 1 t\nq2 Q0 b 1 1 t\n")), true,
        Streams.options(2, null, 1))).isInstanceOf(IOException.class).hasMessage("disk on fire");
  }

  @Test
  void gives_up_when_interrupted_and_keeps_the_interrupt() {
    EvalProtocol protocol = new EvalProtocol(protocol(Policy.trecEval()).qrels(), List.of("q1"), "one", null,
        Policy.trecEval(), List.of(measure(StreamingEvaluationApiTest::slowly)));
    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(() -> Streams.streamed(protocol, RUN, TrecRunOptions.DEFAULT, 2, 1, true))
          .isInstanceOf(IllegalStateException.class).hasMessage("interrupted while evaluating");
    } finally {
      assertThat(Thread.interrupted()).as("the interrupt is kept").isTrue();
    }
  }

  /** Bytes, then an IOException. */
  private static InputStream failingAfter(byte[] bytes) {
    InputStream in = Streams.trickle(bytes);
    return new InputStream() {
      @Override
      public int read() throws IOException {
        throw new IOException("single bytes are not read");
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n < 0) {
          throw new IOException("disk on fire");
        }
        return n;
      }
    };
  }

  private static Value slowly(JudgedRanking ranking) {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return Value.of(0);
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T sneaky(Throwable t) throws T {
    throw (T) t;
  }

  /** A measure whose computation throws what {@code failure} gives or throws. */
  private static Measure failing(Supplier<RuntimeException> failure) {
    return measure(r -> {
      throw failure.get();
    });
  }

  /** A measure computed by {@code compute}, with no cutoff. */
  private static Measure measure(java.util.function.Function<JudgedRanking, Value> compute) {
    return new Measure() {
      @Override
      public String name() {
        return "Failing";
      }

      @Override
      public int cutoff() {
        return 0;
      }

      @Override
      public boolean rational() {
        return true;
      }

      @Override
      public boolean needsRelevant() {
        return false;
      }

      @Override
      public int relevanceLevel(int protocolThreshold) {
        return protocolThreshold;
      }

      @Override
      public Value compute(JudgedRanking ranking) {
        return compute.apply(ranking);
      }
    };
  }
}
