package dev.caliber.eval;

import dev.caliber.engine.QueryScorer;
import dev.caliber.engine.RunMerge;
import dev.caliber.error.Location;
import dev.caliber.eval.BlockMerge.BlockResult;
import dev.caliber.io.read.TrecRunStream;
import dev.caliber.io.text.EntryBlock;
import dev.caliber.io.text.LineBlocks;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.ScoredQuery;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The thread runtime of {@link StreamingEvaluation}, {@link Shards#score} and {@link RunParts#score}:
 * the calling thread reads a TREC run's blocks of whole queries ({@link TrecRunStream}), hands each
 * to a worker of an {@link EvaluationWorkers} to parse and score with the engine's per-query scorer,
 * and merges the blocks' outcomes in file order ({@link BlockMerge}), with a bound on the blocks in
 * flight. With one thread, the calling thread does it all.
 */
final class BlockPipeline {
  /** The most bytes of blocks handed to workers and not yet merged, beyond the first block. */
  private static final long INFLIGHT_BYTES = 32L << 20;
  /** What a worker's kept block points at between blocks: never the last block's bytes. */
  private static final byte[] NO_BYTES = new byte[0];

  private BlockPipeline() {}

  /** Opens a run's blocks on its raw bytes. */
  @FunctionalInterface
  interface StreamOpener {
    TrecRunStream open(InputStream raw, LineBlocks.Buffers buffers) throws IOException;
  }

  /** What reading a run found besides its queries: its name, TREC tag and number of lines. */
  record Scan(String name, String tag, long lines) {}

  /** Reads the run into {@code blocks}. */
  static Scan read(StreamingEvaluation.RunBytes bytes, StreamOpener opener, StreamingEvaluation.Options options,
      EvaluationWorkers workers, BlockMerge blocks) throws IOException {
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
   * a TREC run as {@link StreamingEvaluation#evaluate} does, the same blocks, parse and per-query
   * scorer, but scores only the queries {@code scored} accepts and hands each, with its lines in
   * what {@code opener} reads, to {@code sink} in file order instead of merging it.
   *
   * @return the run's name, TREC tag and lines read
   * @throws RunNotGroupedException if the run is not grouped by query
   */
  static Scan score(EvalProtocol protocol, String source, StreamingEvaluation.RunBytes bytes, StreamOpener opener,
      StreamingEvaluation.Options options, Predicate<String> scored, Consumer<ScoredQuery> sink) throws IOException {
    return EvaluationWorkers.with(options, workers -> {
      BlockMerge blocks = new BlockMerge(new RunMerge(workers.context(protocol, false),
          (q, entry, line) -> Location.ofLine(source, line)), source, false);
      blocks.scored = scored;
      blocks.sink = sink;
      Scan scan = read(bytes, opener, options, workers, blocks);
      if (blocks.notGrouped != null) {
        throw blocks.notGrouped;
      }
      return scan;
    });
  }

  private static void stream(TrecRunStream stream, Counting raw, BlockMerge blocks, StreamingEvaluation.Options options,
      EvaluationWorkers workers) throws IOException {
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

  private static void report(StreamingEvaluation.Options options, Counting raw, BlockMerge blocks) {
    if (options.progress() != null) {
      options.progress().update(raw.count, blocks.queriesDone);
    }
  }

  /** A block handed to a worker: its result to come, and the bytes its buffer holds until then. */
  private record InFlight(Future<BlockResult> result, int bytes) {}

  private static void drain(ArrayDeque<InFlight> inflight, BlockMerge blocks) {
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

  private static BlockResult work(TrecRunStream stream, QueryScorer scorer, LineBlocks.Block b, EvaluationWorkers workers,
      Predicate<String> scored) {
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
