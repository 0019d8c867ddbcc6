package dev.caliber.eval;

import dev.caliber.engine.ScoringContext;
import dev.caliber.io.text.EntryBlock;
import dev.caliber.io.text.LineBlocks;
import dev.caliber.protocol.EvalProtocol;
import java.io.IOException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * What the runs of one call share when it evaluates them one after another (a sweep of many runs):
 * the worker threads, the block buffers and the workers' parse arrays, made once for the call, not
 * once per run; and, while the runs are scored under the same protocol, each query's judged table,
 * made once from the second run on (runs read whole share it too: {@link
 * Evaluation#evaluate(EvalProtocol, dev.caliber.protocol.ScoredRun, EvaluationWorkers, boolean)}). All of it is let go when
 * closed. Results never depend on whether runs share them. Used by one calling thread, one run at a
 * time; given to {@link StreamingEvaluation} by {@link StreamingEvaluation.Options#withWorkers}.
 */
public final class EvaluationWorkers implements AutoCloseable {
  private final int threads;
  final LineBlocks.Buffers buffers = new LineBlocks.Buffers();
  /** Parse arrays between blocks, whichever thread parses next (at most one per thread and block in flight). */
  final ConcurrentLinkedQueue<EntryBlock> parsed = new ConcurrentLinkedQueue<>();
  private ExecutorService pool;
  /** The protocol of the last run, whether it had bounds, and the engine's context for it: what its runs share. */
  private EvalProtocol protocol;
  private boolean bounds;
  private ScoringContext context;

  /**
   * Workers for runs evaluated on {@code threads} threads; the threads start with the first run
   * that needs them.
   *
   * @param threads worker threads, from 1 to {@link StreamingEvaluation#MAX_THREADS} (with 1, the
   *     calling thread does the work)
   * @throws IllegalArgumentException if {@code threads} is outside 1 to {@link StreamingEvaluation#MAX_THREADS}
   */
  public EvaluationWorkers(int threads) {
    StreamingEvaluation.requireThreads(threads);
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

  /** The threads, started on first use. */
  ExecutorService pool() {
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

  /** What is done on a set of workers. */
  @FunctionalInterface
  interface Work<T> {
    T on(EvaluationWorkers workers) throws IOException;
  }

  /**
   * Does {@code work} on the workers {@code options} give, not closed, or on a set made for it
   * alone, closed after.
   */
  static <T> T with(StreamingEvaluation.Options options, Work<T> work) throws IOException {
    if (options.workers() != null) {
      return work.on(options.workers());
    }
    try (EvaluationWorkers own = new EvaluationWorkers(options.threads())) {
      return work.on(own);
    }
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
