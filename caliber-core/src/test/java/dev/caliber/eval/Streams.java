package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Small runs evaluated both ways: whole ({@link TrecRunReader} then {@link Evaluation}) and
 * streaming ({@link StreamingEvaluation}), for the fast unit tests of the streaming path.
 */
final class Streams {
  static final String SOURCE = "run.txt";

  private Streams() {}

  static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * An input that gives at most 8 bytes per read, as a pipe may: the stream then cuts a block as
   * soon as the next query's first line is in, so small blocks hold one query each.
   */
  static InputStream trickle(byte[] bytes) {
    return new ByteArrayInputStream(bytes) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, 8));
      }
    };
  }

  /** The simple path: the run read whole, then evaluated; a violation is thrown. */
  static RunResult whole(EvalProtocol protocol, String run, TrecRunOptions options) {
    try (LineReader lines = LineReader.of(SOURCE, new ByteArrayInputStream(utf8(run)), options.limits())) {
      return Evaluation.evaluate(protocol, TrecRunReader.read(lines, options));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static RunResult whole(EvalProtocol protocol, String run) {
    return whole(protocol, run, TrecRunOptions.DEFAULT);
  }

  /** The default options with these threads, progress listener and least block size. */
  static StreamingEvaluation.Options options(int threads, StreamingEvaluation.Progress progress, int blockBytes) {
    return StreamingEvaluation.Options.defaults().withThreads(threads).withProgress(progress).withBlockBytes(blockBytes);
  }

  /** The streaming path; a violation kept for the end is thrown by {@link StreamingEvaluation.Outcome#get()}. */
  static StreamingEvaluation.Outcome streamed(EvalProtocol protocol, String run, TrecRunOptions options, int threads,
      int blockBytes, boolean canReopen) {
    byte[] bytes = utf8(run);
    try {
      return StreamingEvaluation.evaluate(protocol, SOURCE, () -> trickle(bytes), canReopen,
          options(threads, null, blockBytes).withRunOptions(options));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static RunResult streamed(EvalProtocol protocol, String run, int threads, int blockBytes) {
    return streamed(protocol, run, TrecRunOptions.DEFAULT, threads, blockBytes, true).get();
  }

  /**
   * Asserts that both paths give equal results, or the same error (class and message), with blocks
   * of one query (mostly) on one thread and on two, and with one block; returns the whole result (or
   * null when both throw).
   */
  static RunResult assertAgree(EvalProtocol protocol, String run) {
    return assertAgree(protocol, run, TrecRunOptions.DEFAULT);
  }

  static RunResult assertAgree(EvalProtocol protocol, String run, TrecRunOptions options) {
    RunResult[] expected = new RunResult[1];
    Throwable error = catchThrowable(() -> expected[0] = whole(protocol, run, options));
    for (int[] threadsAndBlockBytes : new int[][] {{1, 1}, {2, 1}, {1, 1 << 16}}) {
      int threads = threadsAndBlockBytes[0];
      int blockBytes = threadsAndBlockBytes[1];
      RunResult[] actual = new RunResult[1];
      Throwable thrown = catchThrowable(
          () -> actual[0] = streamed(protocol, run, options, threads, blockBytes, true).get());
      String as = threads + " thread(s), blocks of " + blockBytes + " bytes";
      if (error == null) {
        assertThat(thrown).as(as).isNull();
        assertThat(actual[0]).as(as).isEqualTo(expected[0]);
      } else {
        assertThat(thrown).as(as).isNotNull().isInstanceOf(error.getClass()).hasMessage(error.getMessage());
      }
    }
    return expected[0];
  }
}
