package dev.caliber.eval;

import dev.caliber.engine.RunMerge;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Violations;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.InputFiles;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.io.read.TrecRunStream;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Evaluates a TREC run while reading it: the same {@link RunResult} as {@link
 * TrecRunReader#read} followed by {@link Evaluation#evaluate}, byte for byte in every report, and
 * the same first error, with memory that does not grow with the number of documents (only one row
 * per query is kept) and with the work spread over threads.
 *
 * <h2>How</h2>
 *
 * <p>The calling thread reads the input in blocks of whole queries ({@link TrecRunStream}: it only
 * moves bytes and cuts where the query ID changes). Workers ({@link EvaluationWorkers}) parse each
 * block with the run reader's rules and score each of its queries straight from the bytes with the
 * one per-query scorer that every path uses (the engine's {@code QueryScorer}). The calling thread
 * merges the blocks' outcomes in file order through the one ordered list of checks (the engine's
 * {@code RunChecks}), so every result is independent of the number of threads: rows are placed in
 * query-set order and the means are summed in query-set order. This class holds the doors; the
 * thread runtime behind them is the package's {@code BlockPipeline} and {@code BlockMerge}.
 *
 * <h2>Doors</h2>
 *
 * <p>One per source of a run's bytes: a path, or {@code -} for standard input ({@link
 * #evaluate(EvalProtocol, String, InputStream, Options)}), and any bytes that can be opened ({@link
 * #evaluate(EvalProtocol, String, RunBytes, boolean, Options)}). How to read and evaluate is one
 * {@link Options} record: {@link Options#defaults()} and its {@code with...} methods.
 *
 * <h2>Errors: the same as reading whole</h2>
 *
 * <p>A malformed line is thrown when its block is merged (every block before it was well-formed).
 * Every protocol check is kept until the whole input has been read and reported in the order of
 * the engine's checks. A duplicate document (a defect of the run itself) is thrown; the other
 * violations of the protocol are returned in the {@link Outcome} rather than thrown, so that a
 * caller evaluating several runs can first read them all, as a caller reading them whole would.
 *
 * <h2>Runs not grouped by query</h2>
 *
 * <p>When a query's lines come back after another query's, the run is not grouped. If the input
 * can be read again (a file), it is then read whole and evaluated by {@link Evaluation}: the same
 * numbers and errors, with more memory. If it cannot (standard input), the rest is still read for
 * a malformed line, which would be the first error either way; otherwise {@link
 * RunNotGroupedException} says so and nothing is scored. Such a run is read with {@link
 * Options#withStreaming(boolean) withStreaming(false)}: whole first, then scored.
 */
public final class StreamingEvaluation {
  private StreamingEvaluation() {}

  /** Where a run's bytes come from. */
  @FunctionalInterface
  public interface RunBytes {
    /**
     * Opens the raw bytes (gzip is recognised by its magic bytes); called a second time only to
     * read a run not grouped by query whole.
     *
     * @return a new stream at the first byte, which the caller closes
     * @throws IOException if the bytes cannot be opened
     */
    InputStream open() throws IOException;
  }

  /** Told how far a run's evaluation has come, on the calling thread, after each block is read. */
  @FunctionalInterface
  public interface Progress {
    /**
     * How far the evaluation has come.
     *
     * @param bytesRead raw bytes read so far (compressed bytes for gzip, as a file's size counts them)
     * @param queriesDone queries scored and merged so far
     */
    void update(long bytesRead, int queriesDone);
  }

  /**
   * The most worker threads an evaluation takes: far above any machine's cores, and low enough that
   * the blocks in flight (a few per worker) stay bounded.
   */
  public static final int MAX_THREADS = 1024;

  static void requireThreads(int threads) {
    if (threads < 1 || threads > MAX_THREADS) {
      throw new IllegalArgumentException("illegal threads value: " + threads + ", must be from 1 to " + MAX_THREADS);
    }
  }

  /**
   * How to read and evaluate a run: {@link #defaults()}, then a {@code with...} method for each
   * choice that differs. Results never depend on the threads, the block size, the workers or
   * whether the run is streamed.
   *
   * @param threads worker threads parsing and scoring blocks, from 1 to {@link #MAX_THREADS}; those
   *     of {@code workers} when they are given
   * @param progress told the raw bytes read and the queries done so far, after each block, on the
   *     calling thread; null for none
   * @param blockBytes the least number of bytes in a block, cut at the next change of query ID
   *     (tests make it small to have many blocks)
   * @param bounds whether each mean also has its bounds under holes ({@link dev.caliber.result.MeasureSummary#bounds()}):
   *     the values and means are the same either way
   * @param runOptions how to read the run file: its name, extra columns and limits ({@code
   *     dev.caliber.api.RunFile} gives its own)
   * @param workers the threads, buffers and judged tables that the runs of one call share, not
   *     closed; null for a set made for the run alone and closed after it
   * @param streaming true to score the run while it is read; false to read it whole first and then
   *     score it (more memory, the same numbers), which a run on standard input or a named pipe that
   *     is not grouped by query needs
   */
  public record Options(int threads, Progress progress, int blockBytes, boolean bounds, TrecRunOptions runOptions,
      EvaluationWorkers workers, boolean streaming) {
    /**
     * Validates.
     *
     * @param threads worker threads, from 1 to {@link #MAX_THREADS}
     * @param progress told the raw bytes read and the queries done so far; null for none
     * @param blockBytes the least number of bytes in a block, at least 1
     * @param bounds whether each mean also has its bounds under holes
     * @param runOptions how to read the run file, not null
     * @param workers what the runs of one call share, null for none
     * @param streaming whether the run is scored while it is read
     * @throws IllegalArgumentException if {@code threads} is outside 1 to {@link #MAX_THREADS} or not
     *     the number of {@code workers}, or {@code blockBytes} is below 1
     * @throws NullPointerException if {@code runOptions} is null
     */
    public Options {
      requireThreads(threads);
      if (blockBytes < 1) {
        throw new IllegalArgumentException("illegal blockBytes value: " + blockBytes + ", must be at least 1");
      }
      Objects.requireNonNull(runOptions, "runOptions");
      if (workers != null && workers.threads() != threads) {
        throw new IllegalArgumentException("illegal threads value: " + threads + ", the workers have " + workers.threads());
      }
    }

    /**
     * One worker per available processor, no progress, blocks of {@link TrecRunStream#BLOCK_BYTES},
     * no bounds under holes, {@link TrecRunOptions#DEFAULT}, workers made for each run, streamed.
     *
     * @return the default options, read from the running JVM on each call
     */
    public static Options defaults() {
      return new Options(Math.min(Runtime.getRuntime().availableProcessors(), MAX_THREADS), null, TrecRunStream.BLOCK_BYTES,
          false, TrecRunOptions.DEFAULT, null, true);
    }

    /**
     * These options with another thread count.
     *
     * @param n worker threads, from 1 to {@link #MAX_THREADS}; those of the workers when they are given
     * @return new options, otherwise equal to these
     * @throws IllegalArgumentException if {@code n} is outside 1 to {@link #MAX_THREADS}, or the
     *     workers have another number of threads
     */
    public Options withThreads(int n) {
      return new Options(n, progress, blockBytes, bounds, runOptions, workers, streaming);
    }

    /**
     * These options with a progress listener.
     *
     * @param listener told the raw bytes read and the queries done so far, after each block, on the
     *     calling thread; null for none
     * @return new options, otherwise equal to these
     */
    public Options withProgress(Progress listener) {
      return new Options(threads, listener, blockBytes, bounds, runOptions, workers, streaming);
    }

    /**
     * These options with another least block size.
     *
     * @param bytes the least number of bytes in a block, at least 1
     * @return new options, otherwise equal to these
     * @throws IllegalArgumentException if {@code bytes} is below 1
     */
    public Options withBlockBytes(int bytes) {
      return new Options(threads, progress, bytes, bounds, runOptions, workers, streaming);
    }

    /**
     * These options with or without bounds under holes.
     *
     * @param b whether each mean also has its bounds under holes ({@link dev.caliber.result.MeasureSummary#bounds()})
     * @return new options, otherwise equal to these
     */
    public Options withBounds(boolean b) {
      return new Options(threads, progress, blockBytes, b, runOptions, workers, streaming);
    }

    /**
     * These options reading the run file another way.
     *
     * @param trec the run's name, extra columns and limits, not null
     * @return new options, otherwise equal to these
     * @throws NullPointerException if {@code trec} is null
     */
    public Options withRunOptions(TrecRunOptions trec) {
      return new Options(threads, progress, blockBytes, bounds, trec, workers, streaming);
    }

    /**
     * These options on workers that the runs of one call share, and on their number of threads.
     *
     * @param shared the workers, not closed by the evaluation; null for a set made for each run
     * @return new options with the workers' threads, otherwise equal to these
     */
    public Options withWorkers(EvaluationWorkers shared) {
      return new Options(shared == null ? threads : shared.threads(), progress, blockBytes, bounds, runOptions, shared,
          streaming);
    }

    /**
     * These options scoring the run while it is read, or after reading it whole.
     *
     * @param s true to stream (the default); false to read the run whole first
     * @return new options, otherwise equal to these
     */
    public Options withStreaming(boolean s) {
      return new Options(threads, progress, blockBytes, bounds, runOptions, workers, s);
    }
  }

  /**
   * A run's evaluation once it has been read whole: a result, or the protocol violation that
   * rejects the run.
   *
   * @param result the result, or null
   * @param violation the violation, or null
   */
  public record Outcome(RunResult result, ProtocolViolationException violation) {
    /**
     * Exactly one of the two.
     *
     * @param result the result, or null when {@code violation} is given
     * @param violation the violation, or null when {@code result} is given
     * @throws IllegalArgumentException if both or neither are null
     */
    public Outcome {
      if ((result == null) == (violation == null)) {
        throw new IllegalArgumentException("illegal outcome: exactly one of result and violation must be given");
      }
    }

    /**
     * The result.
     *
     * @return the result, never null
     * @throws ProtocolViolationException the violation, if there is one
     */
    public RunResult get() {
      if (violation != null) {
        throw violation;
      }
      return result;
    }
  }

  /**
   * Evaluates the run at {@code pathOrDash}, or {@code stdin} when it is {@code -} (which cannot be
   * read twice, nor can a named pipe: see the class comment on runs not grouped by query).
   *
   * @param protocol what the run is scored under, not null
   * @param pathOrDash the run file's path, or {@code -} for {@code stdin}; errors name it so
   * @param stdin read when {@code pathOrDash} is {@code -}, and then not closed; may be null
   *     otherwise
   * @param options how to read and evaluate, not null
   * @return the result, or the protocol violation that rejects the run
   * @throws InputSyntaxException on a malformed line
   * @throws ProtocolViolationException on a duplicate document (violations of the protocol are in the outcome)
   * @throws RunNotGroupedException if standard input, or another file that is not a regular one (a
   *     named pipe), is streamed and not grouped by query
   * @throws IOException if reading fails
   */
  public static Outcome evaluate(EvalProtocol protocol, String pathOrDash, InputStream stdin, Options options)
      throws IOException {
    boolean canReopen = InputFiles.canReadAgain(pathOrDash);
    return evaluate(protocol, pathOrDash, () -> InputFiles.bytes(pathOrDash, stdin), canReopen, options);
  }

  /**
   * Evaluates the run {@code bytes} opens; errors name it {@code source}.
   *
   * @param protocol what the run is scored under, not null
   * @param source the name errors give the run, not null
   * @param bytes opens the run's raw bytes, not null
   * @param canReopen whether {@code bytes} may be opened a second time, to read a run not grouped by query whole
   * @param options how to read and evaluate, not null
   * @return the result, or the protocol violation that rejects the run
   * @throws InputSyntaxException on a malformed line
   * @throws ProtocolViolationException on a duplicate document (violations of the protocol are in the outcome)
   * @throws RunNotGroupedException if the run is streamed, not grouped by query, and cannot be read again
   * @throws IOException if reading fails
   */
  public static Outcome evaluate(EvalProtocol protocol, String source, RunBytes bytes, boolean canReopen,
      Options options) throws IOException {
    Objects.requireNonNull(protocol, "protocol");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(bytes, "bytes");
    Objects.requireNonNull(options, "options");
    return EvaluationWorkers.with(options, workers -> options.streaming()
        ? streamed(protocol, source, bytes, canReopen, options, workers)
        : whole(protocol, source, bytes, options, workers));
  }

  private static Outcome streamed(EvalProtocol protocol, String source, RunBytes bytes, boolean canReopen,
      Options options, EvaluationWorkers workers) throws IOException {
    TrecRunOptions runOptions = options.runOptions();
    BlockMerge blocks = new BlockMerge(new RunMerge(workers.context(protocol, options.bounds()),
        (q, entry, line) -> Location.ofLine(source, line)), source, canReopen);
    BlockPipeline.Scan scan = BlockPipeline.read(bytes,
        (raw, buffers) -> TrecRunStream.open(source, raw, runOptions, options.blockBytes(), buffers), options, workers, blocks);
    if (blocks.notGrouped != null) {
      if (!canReopen) {
        throw blocks.notGrouped;
      }
      return whole(protocol, source, bytes, options, workers);
    }
    return outcome(() -> Evaluation.result(protocol, blocks.merge.finish(), scan.name(), scan.tag()));
  }

  /** The run read whole, then scored by {@link Evaluation} on the workers' context. */
  private static Outcome whole(EvalProtocol protocol, String source, RunBytes bytes, Options options,
      EvaluationWorkers workers) throws IOException {
    ScoredRun run;
    try (LineReader lines = LineReader.of(source, bytes.open(), options.runOptions().limits())) {
      run = TrecRunReader.read(lines, options.runOptions());
    }
    return outcome(() -> Evaluation.evaluate(protocol, run, workers, options.bounds()));
  }

  /** A run's outcome: a duplicate document is thrown (a defect of the run's own), other violations kept. */
  private static Outcome outcome(Supplier<RunResult> result) {
    try {
      return new Outcome(result.get(), null);
    } catch (ProtocolViolationException e) {
      if (Violations.DUPLICATE_DOCUMENT.equals(e.reason())) {
        throw e;
      }
      return new Outcome(null, e);
    }
  }
}
