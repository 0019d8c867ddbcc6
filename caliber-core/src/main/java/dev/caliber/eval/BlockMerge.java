package dev.caliber.eval;

import dev.caliber.engine.RunMerge;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.read.TrecRunStream;
import dev.caliber.io.text.LineBlocks;
import dev.caliber.result.ScoredQuery;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A run's blocks merged in file order, on the calling thread ({@link BlockPipeline}): line numbers
 * across blocks, a malformed line (thrown when its block is merged: every block before it was
 * well-formed), and whether the run is grouped by query; each query's outcome goes on to the
 * engine's {@link RunMerge}, or for a shard or a run's part to a sink.
 */
final class BlockMerge {
  final RunMerge merge;
  final String source;
  final boolean canReopen;
  long firstLine = 1;
  /** Queries merged so far, for progress. */
  int queriesDone;
  RunNotGroupedException notGrouped;
  /** For a shard: the queries scored (the others are only checked for grouping), and where they go instead of the merge. */
  Predicate<String> scored;
  Consumer<ScoredQuery> sink;

  /** One block, parsed and scored on a worker: its lines, and its first malformed line or its queries. */
  record BlockResult(int lines, InputSyntaxException error, ScoredQuery[] queries) {}

  BlockMerge(RunMerge merge, String source, boolean canReopen) {
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
