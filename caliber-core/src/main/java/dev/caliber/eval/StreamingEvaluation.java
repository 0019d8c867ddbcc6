package dev.caliber.eval;

import dev.caliber.engine.QueryScorer;
import dev.caliber.engine.RunMerge;
import dev.caliber.engine.ScoringContext;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Violations;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.read.InputFiles;
import dev.caliber.io.read.TrecRunReader;
import dev.caliber.io.read.TrecRunStream;
import dev.caliber.io.text.EntryBlock;
import dev.caliber.io.text.LineBlocks;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.RunResult;
import dev.caliber.result.ScoredQuery;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Evaluates a TREC run while reading it: the same {@link RunResult} as {@link
 * TrecRunReader#read} followed by {@link Evaluation#evaluate}, byte for byte in every report, and
 * the same first error, with memory that does not grow with the number of documents (only one row
 * per query is kept) and with the work spread over threads.
 *
 * <h2>How</h2>
 *
 * <p>The calling thread reads the input in blocks of whole queries ({@link TrecRunStream}: it only
 * moves bytes and cuts where the query ID changes). Workers parse each block with the run reader's
 * rules and score each of its queries straight from the bytes with the one per-query scorer that
 * every path uses (the engine's {@code QueryScorer}). The calling thread merges the blocks'
 * outcomes in file order through the one ordered list of checks (the engine's {@code RunChecks}),
 * so every result is independent of the number of threads: rows are placed in query-set order and
 * the means are summed in query-set order.
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
 * RunNotGroupedException} says so and nothing is scored.
 */
public final class StreamingEvaluation {
  /** The most bytes of blocks handed to workers and not yet merged, beyond the first block. */
  private static final long INFLIGHT_BYTES = 32L << 20;
  /** What a worker's kept block points at between blocks: never the last block's bytes. */
  private static final byte[] NO_BYTES = new byte[0];
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

  private static void requireThreads(int threads) {
    if (threads < 1 || threads > MAX_THREADS) {
      throw new IllegalArgumentException("illegal threads value: " + threads + ", must be from 1 to " + MAX_THREADS);
    }
  }

  /**
   * How to evaluate.
   *
   * @param threads worker threads parsing and scoring blocks, from 1 to {@link #MAX_THREADS} (results never depend on it)
   * @param progress told the raw bytes read and the queries done so far, after each block, on the
   *     calling thread; null for none
   * @param blockBytes the least number of bytes in a block, cut at the next change of query ID
   *     (results never depend on it; tests make it small to have many blocks)
   * @param bounds whether each mean also has its bounds under holes ({@link MeasureSummary#bounds()}):
   *     the values and means are the same either way
   */
  public record Options(int threads, Progress progress, int blockBytes, boolean bounds) {
    /**
     * Options without bounds under holes.
     *
     * @param threads worker threads, from 1 to {@link #MAX_THREADS}
     * @param progress told the raw bytes read and the queries done so far; null for none
     * @param blockBytes the least number of bytes in a block, at least 1
     * @throws IllegalArgumentException if {@code threads} is outside 1 to {@link #MAX_THREADS} or {@code
     *     blockBytes} below 1
     */
    public Options(int threads, Progress progress, int blockBytes) {
      this(threads, progress, blockBytes, false);
    }

    /**
     * Validates.
     *
     * @param threads worker threads, from 1 to {@link #MAX_THREADS}
     * @param progress told the raw bytes read and the queries done so far; null for none
     * @param blockBytes the least number of bytes in a block, at least 1
     * @param bounds whether each mean also has its bounds under holes
     * @throws IllegalArgumentException if {@code threads} is outside 1 to {@link #MAX_THREADS} or {@code
     *     blockBytes} below 1
     */
    public Options {
      requireThreads(threads);
      if (blockBytes < 1) {
        throw new IllegalArgumentException("illegal blockBytes value: " + blockBytes + ", must be at least 1");
      }
    }

    /**
     * One worker per available processor, no progress, blocks of {@link TrecRunStream#BLOCK_BYTES}.
     *
     * @return the default options, read from the running JVM on each call
     */
    public static Options defaults() {
      return new Options(Math.min(Runtime.getRuntime().availableProcessors(), MAX_THREADS), null, TrecRunStream.BLOCK_BYTES);
    }

    /**
     * These options with another thread count.
     *
     * @param n worker threads, at least 1
     * @return new options, otherwise equal to these
     * @throws IllegalArgumentException if {@code n} is below 1
     */
    public Options withThreads(int n) {
      return new Options(n, progress, blockBytes, bounds);
    }

    /**
     * These options with a progress listener.
     *
     * @param listener told the raw bytes read and the queries done so far, after each block, on the
     *     calling thread; null for none
     * @return new options, otherwise equal to these
     */
    public Options withProgress(Progress listener) {
      return new Options(threads, listener, blockBytes, bounds);
    }

    /**
     * These options with another least block size.
     *
     * @param bytes the least number of bytes in a block, at least 1
     * @return new options, otherwise equal to these
     * @throws IllegalArgumentException if {@code bytes} is below 1
     */
    public Options withBlockBytes(int bytes) {
      return new Options(threads, progress, bytes, bounds);
    }

    /**
     * These options with or without bounds under holes.
     *
     * @param b whether each mean also has its bounds under holes ({@link MeasureSummary#bounds()})
     * @return new options, otherwise equal to these
     */
    public Options withBounds(boolean b) {
      return new Options(threads, progress, blockBytes, b);
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
   * What the runs of one call share when it evaluates them one after another (a sweep of many
   * runs): the worker threads, the block buffers and the workers' parse arrays, made once for the
   * call, not once per run; and, while the runs are scored under the same protocol, each query's
   * judged table, made once from the second run on (runs read whole share it too: {@link
   * Evaluation#evaluate(EvalProtocol, ScoredRun, Workers)}). All of it is let go when closed.
   * Results never depend on whether runs share them. Used by one calling thread, one run at a time.
   */
  public static final class Workers implements AutoCloseable {
    private final int threads;
    private final LineBlocks.Buffers buffers = new LineBlocks.Buffers();
    /** Parse arrays between blocks, whichever thread parses next (at most one per thread and block in flight). */
    private final ConcurrentLinkedQueue<EntryBlock> parsed = new ConcurrentLinkedQueue<>();
    private ExecutorService pool;
    /** The protocol of the last run, whether it had bounds, and the engine's context for it: what its runs share. */
    private EvalProtocol protocol;
    private boolean bounds;
    private ScoringContext context;

    /**
     * Workers for runs evaluated on {@code threads} threads; the threads start with the first run
     * that needs them.
     *
     * @param threads worker threads, at least 1 (with 1, the calling thread does the work)
     * @throws IllegalArgumentException if {@code threads} is below 1
     */
    public Workers(int threads) {
      requireThreads(threads);
      this.threads = threads;
    }

    /**
     * The number of worker threads.
     *
     * @return at least 1
     */
    public int threads() {
      return threads;
    }

    private ExecutorService pool() {
      if (pool == null) {
        pool = Executors.newFixedThreadPool(threads, r -> {
          Thread t = new Thread(r, "caliber-worker");
          t.setDaemon(true);
          return t;
        });
      }
      return pool;
    }

    /**
     * The engine's context for a run under {@code p}, with or without bounds under holes: the last
     * run's while the protocol is the same one (the same object) and the bounds too, a new one else.
     */
    ScoringContext context(EvalProtocol p, boolean withBounds) {
      if (context == null || protocol != p || bounds != withBounds) {
        protocol = p;
        bounds = withBounds;
        context = Evaluation.newContext(p, withBounds);
      }
      return context;
    }

    /** Stops the threads and lets go of the buffers and tables; a run still being evaluated must not use them. */
    @Override
    public void close() {
      if (pool != null) {
        pool.shutdownNow();
      }
      parsed.clear();
      protocol = null;
      context = null;
    }
  }

  /**
   * Evaluates the run at {@code pathOrDash}, or {@code stdin} when it is {@code -} (which cannot be
   * read twice: see the class comment on runs not grouped by query).
   *
   * @param protocol what the run is scored under, not null
   * @param pathOrDash the run file's path, or {@code -} for {@code stdin}; errors name it so
   * @param stdin read when {@code pathOrDash} is {@code -}, and then not closed; may be null
   *     otherwise
   * @param runOptions how to read the run file, not null
   * @param options threads, progress and block size, not null
   * @return the result, or the protocol violation that rejects the run
   * @throws InputSyntaxException on a malformed line
   * @throws ProtocolViolationException on a duplicate document (violations of the protocol are in the outcome)
   * @throws RunNotGroupedException if standard input is not grouped by query
   * @throws IOException if reading fails
   */
  public static Outcome evaluate(EvalProtocol protocol, String pathOrDash, InputStream stdin, TrecRunOptions runOptions,
      Options options) throws IOException {
    try (Workers workers = new Workers(options.threads())) {
      return evaluate(protocol, pathOrDash, stdin, runOptions, options, workers);
    }
  }

  /**
   * {@link #evaluate(EvalProtocol, String, InputStream, TrecRunOptions, Options)} on {@code
   * workers}, which the runs of one call share.
   *
   * @param protocol what the run is scored under, not null
   * @param pathOrDash the run file's path, or {@code -} for {@code stdin}; errors name it so
   * @param stdin read when {@code pathOrDash} is {@code -}, and then not closed; may be null
   *     otherwise
   * @param runOptions how to read the run file, not null
   * @param options threads (those of {@code workers}), progress and block size, not null
   * @param workers the threads and buffers, not null; not closed
   * @return the result, or the protocol violation that rejects the run
   * @throws IllegalArgumentException if {@code options} asks for another number of threads than {@code workers} has
   * @throws InputSyntaxException on a malformed line
   * @throws ProtocolViolationException on a duplicate document (violations of the protocol are in the outcome)
   * @throws RunNotGroupedException if standard input, or another file that is not a regular one (a
   *     named pipe), is not grouped by query
   * @throws IOException if reading fails
   */
  public static Outcome evaluate(EvalProtocol protocol, String pathOrDash, InputStream stdin, TrecRunOptions runOptions,
      Options options, Workers workers) throws IOException {
    boolean canReopen = InputFiles.canReadAgain(pathOrDash);
    return evaluate(protocol, pathOrDash, () -> InputFiles.bytes(pathOrDash, stdin), canReopen, runOptions, options, workers);
  }

  /**
   * Evaluates the run {@code bytes} opens; errors name it {@code source}.
   *
   * @param protocol what the run is scored under, not null
   * @param source the name errors give the run, not null
   * @param bytes opens the run's raw bytes, not null
   * @param canReopen whether {@code bytes} may be opened a second time, to read a run not grouped by query whole
   * @param runOptions how to read the run file, not null
   * @param options threads, progress and block size, not null
   * @return the result, or the protocol violation that rejects the run
   * @throws InputSyntaxException on a malformed line
   * @throws ProtocolViolationException on a duplicate document (violations of the protocol are in the outcome)
   * @throws RunNotGroupedException if the run is not grouped by query and cannot be read again
   * @throws IOException if reading fails
   */
  public static Outcome evaluate(EvalProtocol protocol, String source, RunBytes bytes, boolean canReopen,
      TrecRunOptions runOptions, Options options) throws IOException {
    try (Workers workers = new Workers(options.threads())) {
      return evaluate(protocol, source, bytes, canReopen, runOptions, options, workers);
    }
  }

  /**
   * {@link #evaluate(EvalProtocol, String, RunBytes, boolean, TrecRunOptions, Options)} on {@code
   * workers}, which the runs of one call share.
   *
   * @param protocol what the run is scored under, not null
   * @param source the name errors give the run, not null
   * @param bytes opens the run's raw bytes, not null
   * @param canReopen whether {@code bytes} may be opened a second time, to read a run not grouped by query whole
   * @param runOptions how to read the run file, not null
   * @param options threads (those of {@code workers}), progress and block size, not null
   * @param workers the threads and buffers, not null; not closed
   * @return the result, or the protocol violation that rejects the run
   * @throws IllegalArgumentException if {@code options} asks for another number of threads than {@code workers} has
   * @throws InputSyntaxException on a malformed line
   * @throws ProtocolViolationException on a duplicate document (violations of the protocol are in the outcome)
   * @throws RunNotGroupedException if the run is not grouped by query and cannot be read again
   * @throws IOException if reading fails
   */
  public static Outcome evaluate(EvalProtocol protocol, String source, RunBytes bytes, boolean canReopen,
      TrecRunOptions runOptions, Options options, Workers workers) throws IOException {
    Objects.requireNonNull(workers, "workers");
    if (options.threads() != workers.threads()) {
      throw new IllegalArgumentException("illegal threads value: " + options.threads() + ", the workers have "
          + workers.threads());
    }
    Objects.requireNonNull(protocol, "protocol");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(runOptions, "runOptions");
    Objects.requireNonNull(options, "options");
    Blocks blocks = new Blocks(new RunMerge(workers.context(protocol, options.bounds()), (q, entry, line) -> Location.ofLine(source, line)), source,
        canReopen);
    Scan scan = read(bytes, (raw, buffers) -> TrecRunStream.open(source, raw, runOptions, options.blockBytes(), buffers),
        options, workers, blocks);
    String name = scan.name();
    String tag = scan.tag();
    if (blocks.notGrouped != null) {
      if (!canReopen) {
        throw blocks.notGrouped;
      }
      ScoredRun whole;
      try (LineReader lines = LineReader.of(source, bytes.open(), runOptions.limits())) {
        whole = TrecRunReader.read(lines, runOptions);
      }
      return outcome(() -> Evaluation.evaluate(protocol, whole, workers, options.bounds()));
    }
    return outcome(() -> Evaluation.result(protocol, blocks.merge.finish(), name, tag));
  }

  /** Opens a run's blocks on its raw bytes. */
  @FunctionalInterface
  interface StreamOpener {
    TrecRunStream open(InputStream raw, LineBlocks.Buffers buffers) throws IOException;
  }

  /** What reading a run found besides its queries: its name, TREC tag and number of lines. */
  record Scan(String name, String tag, long lines) {}

  /** Reads the run into {@code blocks}. */
  private static Scan read(RunBytes bytes, StreamOpener opener, Options options, Workers workers, Blocks blocks)
      throws IOException {
    Counting raw = new Counting(bytes.open());
    TrecRunStream opened;
    try {
      opened = opener.open(raw, workers.buffers);
    } catch (IOException | RuntimeException e) {
      raw.close();
      throw e;
    }
    try (TrecRunStream stream = opened) {
      stream(stream, raw, blocks, options, workers);
      return new Scan(stream.name(), stream.tag(), blocks.firstLine - 1);
    }
  }

  /**
   * The hook of a shard ({@link Shards#score}) and of a run's parts ({@link RunParts#score}): reads
   * a TREC run as {@link #evaluate} does, the same blocks, parse and per-query scorer, but scores
   * only the queries {@code scored} accepts and hands each, with its lines in what {@code opener}
   * reads, to {@code sink} in file order instead of merging it.
   *
   * @return the run's name, TREC tag and lines read
   * @throws RunNotGroupedException if the run is not grouped by query
   */
  static Scan score(EvalProtocol protocol, String source, RunBytes bytes, StreamOpener opener, Options options,
      java.util.function.Predicate<String> scored, java.util.function.Consumer<ScoredQuery> sink) throws IOException {
    try (Workers workers = new Workers(options.threads())) {
      Blocks blocks = new Blocks(new RunMerge(workers.context(protocol, false), (q, entry, line) -> Location.ofLine(source, line)),
          source, false);
      blocks.scored = scored;
      blocks.sink = sink;
      Scan scan = read(bytes, opener, options, workers, blocks);
      if (blocks.notGrouped != null) {
        throw blocks.notGrouped;
      }
      return scan;
    }
  }

  /** A run's outcome: a duplicate document is thrown (a defect of the run's own), other violations kept. */
  private static Outcome outcome(java.util.function.Supplier<RunResult> result) {
    try {
      return new Outcome(result.get(), null);
    } catch (ProtocolViolationException e) {
      if (Violations.DUPLICATE_DOCUMENT.equals(e.reason())) {
        throw e;
      }
      return new Outcome(null, e);
    }
  }

  private static void stream(TrecRunStream stream, Counting raw, Blocks blocks, Options options, Workers workers)
      throws IOException {
    RunMerge merge = blocks.merge;
    if (options.threads() == 1) {
      QueryScorer scorer = merge.scorer();
      LineBlocks.Block b;
      while ((b = stream.next()) != null) {
        report(options, raw, blocks);
        if (!blocks.add(work(stream, scorer, b, workers, blocks.scored))) {
          return;
        }
      }
      return;
    }
    ExecutorService pool = workers.pool();
    // This run's scorers, taken by whichever worker scores a block: one per block in flight at most.
    ConcurrentLinkedQueue<QueryScorer> scorers = new ConcurrentLinkedQueue<>();
    ArrayDeque<InFlight> inflight = new ArrayDeque<>();
    long held = 0;
    boolean finished = false;
    try {
      while (true) {
        LineBlocks.Block b;
        try {
          b = stream.next();
        } catch (IOException e) {
          drain(inflight, blocks); // a malformed line before the failure is the first error
          throw e;
        }
        if (b == null) {
          break;
        }
        report(options, raw, blocks);
        LineBlocks.Block block = b;
        inflight.add(new InFlight(pool.submit(() -> {
          QueryScorer scorer = scorers.poll();
          if (scorer == null) {
            scorer = merge.newScorer();
          }
          try {
            return work(stream, scorer, block, workers, blocks.scored);
          } finally {
            scorers.offer(scorer);
          }
        }), block.data().length));
        held += block.data().length;
        // Bounded by count (enough to keep every worker busy) and by bytes (so that blocks made
        // large by long queries do not multiply by the thread count).
        while (inflight.size() > 2 * options.threads() || held > INFLIGHT_BYTES && inflight.size() > 1
            || !inflight.isEmpty() && inflight.peek().result().isDone()) {
          InFlight done = inflight.poll();
          held -= done.bytes();
          if (!blocks.add(take(done.result()))) {
            return;
          }
        }
      }
      drain(inflight, blocks);
      finished = true;
    } finally {
      if (!finished) {
        // The pool outlives this run: blocks of it not yet begun are not begun at all.
        for (InFlight f : inflight) {
          f.result().cancel(false);
        }
      }
    }
  }

  private static void report(Options options, Counting raw, Blocks blocks) {
    if (options.progress() != null) {
      options.progress().update(raw.count, blocks.queriesDone);
    }
  }

  /** A block handed to a worker: its result to come, and the bytes its buffer holds until then. */
  private record InFlight(Future<BlockResult> result, int bytes) {}

  private static void drain(ArrayDeque<InFlight> inflight, Blocks blocks) {
    while (!inflight.isEmpty()) {
      if (!blocks.add(take(inflight.poll().result()))) {
        return;
      }
    }
  }

  private static BlockResult take(Future<BlockResult> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while evaluating", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  /** One block, parsed and scored on a worker. */
  record BlockResult(int lines, InputSyntaxException error, ScoredQuery[] queries) {}

  private static BlockResult work(TrecRunStream stream, QueryScorer scorer, LineBlocks.Block b, Workers workers,
      java.util.function.Predicate<String> scored) {
    // Parse arrays left by an earlier block, of this run or another: none to allocate per block or run.
    EntryBlock parsed = stream.parse(b, workers.parsed.poll());
    try {
      if (parsed.error() != null) {
        return new BlockResult(parsed.lines(), parsed.error(), null);
      }
      ScoredQuery[] out = new ScoredQuery[parsed.queries()];
      for (int q = 0; q < out.length; q++) {
        out[q] = scored == null || scored.test(parsed.queryId(q)) ? scorer.score(parsed, q)
            : new ScoredQuery(parsed.queryId(q), parsed.lineNumbers()[parsed.queryStart(q)], null, null, null, null);
      }
      return new BlockResult(parsed.lines(), null, out);
    } finally {
      stream.recycle(b); // outcomes hold Strings, never the block's bytes
      // What is kept between blocks does not grow with the longest query seen: only blocks in
      // flight, bounded by bytes, hold large arrays.
      if (!parsed.large()) {
        workers.parsed.offer(parsed.reset(NO_BYTES));
      }
      scorer.trim();
    }
  }

  /**
   * Blocks merged in file order, on the calling thread: line numbers across blocks, a malformed
   * line (thrown when its block is merged: every block before it was well-formed), and whether
   * the run is grouped by query; each query's outcome goes on to the engine's {@link RunMerge}.
   */
  static final class Blocks {
    final RunMerge merge;
    final String source;
    final boolean canReopen;
    long firstLine = 1;
    /** Queries merged so far, for progress. */
    int queriesDone;
    RunNotGroupedException notGrouped;
    /** For a shard: the queries scored (the others are only checked for grouping), and where they go instead of the merge. */
    java.util.function.Predicate<String> scored;
    java.util.function.Consumer<ScoredQuery> sink;

    Blocks(RunMerge merge, String source, boolean canReopen) {
      this.merge = merge;
      this.source = source;
      this.canReopen = canReopen;
    }

    /** Merges the next block; false when the stream should stop (to be read again whole). */
    boolean add(BlockResult r) {
      long last = firstLine + r.lines() - 1;
      if (r.error() != null) {
        InputSyntaxException e = LineBlocks.relocate(r.error(), firstLine);
        throw e.location().line() > Integer.MAX_VALUE + 1L ? TrecRunStream.tooManyLines(source) : e;
      }
      if (last > Integer.MAX_VALUE) {
        throw TrecRunStream.tooManyLines(source);
      }
      for (ScoredQuery s : r.queries()) {
        if (merge.seenBefore(s)) {
          if (notGrouped == null) {
            notGrouped = new RunNotGroupedException(source, s.query(), firstLine + s.firstLine() - 1);
          }
          if (canReopen) {
            return false;
          }
        }
        if (notGrouped == null && sink == null) { // otherwise only a malformed line can still come first
          merge.add(s, firstLine - 1);
        } else if (notGrouped == null && scored.test(s.query())) {
          sink.accept(Shards.withLineOffset(s, firstLine - 1));
        }
      }
      firstLine = last + 1;
      queriesDone += r.queries().length;
      return true;
    }
  }

  /** Counts the raw bytes read, for progress. */
  static final class Counting extends FilterInputStream {
    long count;

    Counting(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }
  }
}
