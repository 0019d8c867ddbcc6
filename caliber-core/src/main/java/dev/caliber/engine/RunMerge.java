package dev.caliber.engine;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.result.ScoredQuery;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A run's scored queries merged into its totals, for every path: each scored query goes through
 * the one ordered list of checks ({@link RunChecks}) and, when it passes, into the totals ({@link
 * RunTotals}). Scored queries arrive in the run's order (file order, or the order of an in-memory run's
 * map), from one or many blocks; what is reported never depends on how many threads scored them.
 */
public final class RunMerge {
  /** Where an entry of the run came from, for the location of its violations. */
  @FunctionalInterface
  public interface Locator {
    /**
     * The location of entry {@code entry} (0-based, in the query's order) of {@code query}, read on
     * {@code line} (0 when it came from no line).
     *
     * @param query the query ID
     * @param entry the entry, or -1 for the query itself
     * @param line the entry's line, or 0
     * @return the location
     */
    Location locate(String query, int entry, long line);
  }

  private final ScoringContext context;
  private final QueryScorer scorer;
  private final RunChecks checks;
  private final RunTotals totals;
  private final boolean[] seenInSet;
  private final Set<String> seenOthers = new HashSet<>();

  /**
   * A merge of one run scored in {@code context}; counts the run as started there.
   *
   * @param context what the runs under one protocol share
   * @param locator where violations are located
   */
  public RunMerge(ScoringContext context, Locator locator) {
    this.context = context;
    List<String> set = context.parts().querySet();
    context.runStarted();
    this.scorer = new QueryScorer(context);
    this.checks = new RunChecks(context.parts(), locator);
    this.totals = new RunTotals(context.parts(), scorer.coverageCutoffs.length, context.bounds());
    this.seenInSet = new boolean[set.size()];
  }

  /**
   * A scorer for this merge's protocol and query set (one per thread).
   *
   * @return a new scorer
   */
  public QueryScorer newScorer() {
    return new QueryScorer(context);
  }

  /**
   * The scorer of the calling thread, when one thread does all the work.
   *
   * @return the merge's own scorer
   */
  public QueryScorer scorer() {
    return scorer;
  }

  /**
   * Whether the query was merged before (then the run is not grouped by query); marks it merged.
   *
   * @param s a scored query
   * @return true when its query came before
   */
  public boolean seenBefore(ScoredQuery s) {
    int index = context.indexOf(s.query());
    if (index >= 0) {
      boolean before = seenInSet[index];
      seenInSet[index] = true;
      return before;
    }
    return !seenOthers.add(s.query());
  }

  /**
   * Merges one scored query.
   *
   * @param s the scored query
   * @param lineOffset the lines before the query's block, so that its lines become the input's
   *     (0 for a run in memory, whose entries have line 0, or a query whose lines are the input's)
   */
  public void add(ScoredQuery s, long lineOffset) {
    int index = context.indexOf(s.query());
    if (checks.add(s, index, lineOffset)) {
      totals.add(index, s);
    }
  }

  /**
   * The run's totals, once every scored query has been merged.
   *
   * @return the totals
   * @throws ProtocolViolationException the first violation in {@link RunChecks}' order
   */
  public MergedRun finish() {
    checks.throwFirst();
    return totals.finish(scorer, checks.ignored());
  }
}
