package dev.caliber.engine;

import dev.caliber.measure.Measure;
import dev.caliber.result.ScoredQuery;
import dev.caliber.result.ScoredQuery.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one way a run's scored queries add up: rows placed by query-set index (a query the run has no
 * entry for is scored as an empty ranking and marked missing), each measure's mean summed in
 * query-set order over the queries with a value (the macro mean whose denominator the protocol
 * fixes: {@link MeasureMean#of}), the judged documents at each coverage cutoff, and the entries whose given
 * order disagrees with their scores or rank column. Only queries that passed {@link RunChecks} are
 * added.
 */
final class RunTotals {
  private final ProtocolParts parts;
  /** The rows added so far, placed by query-set index: as columns, compact while the run is read. */
  private final RowColumns.Builder rows;
  /** With bounds under holes: each row's low and high bounds, as columns of the same shape; else null. */
  private final RowColumns.Builder lows;
  private final RowColumns.Builder highs;
  private final int measures;
  /** Per coverage cutoff, the judged documents among the top k, summed over the added queries. */
  private final long[] judgedSums;
  private int disagreeingQueries;
  private long disagreeingLines;
  private long disagreeingByScore;
  private long disagreeingByRank;

  RunTotals(ProtocolParts parts, int coverageCutoffs, boolean bounds) {
    this.parts = parts;
    this.rows = new RowColumns.Builder(parts.querySet().size(), parts.measures());
    this.lows = bounds ? new RowColumns.Builder(parts.querySet().size(), parts.measures()) : null;
    this.highs = bounds ? new RowColumns.Builder(parts.querySet().size(), parts.measures()) : null;
    this.measures = parts.measures().size();
    this.judgedSums = new long[coverageCutoffs];
  }

  /**
   * Adds the row of the query at {@code index} in the query set.
   *
   * @throws IllegalArgumentException if the row has another number of values than the protocol has
   *     measures (a query scored elsewhere, under other measures)
   */
  void add(int index, ScoredQuery s) {
    Row r = s.row();
    if (r.values().size() != measures) {
      throw new IllegalArgumentException("illegal scored query " + s.query() + ": " + r.values().size()
          + " values for " + measures + " measures");
    }
    set(index, s.query(), false, r);
    if (r.disagreeing() > 0) {
      disagreeingQueries++;
      disagreeingLines += r.disagreeing();
      disagreeingByScore += r.disagreeingByScore();
      disagreeingByRank += r.disagreeingByRank();
    }
    List<Integer> judged = r.judgedAtCutoff();
    for (int c = 0; c < judgedSums.length; c++) {
      judgedSums[c] += judged.get(c); // a missing query adds 0: it ranks nothing
    }
  }

  /**
   * The totals, once every query has been added: the queries of the set not added are scored as
   * empty rankings by {@code scorer}.
   */
  MergedRun finish(QueryScorer scorer, List<String> ignored) {
    List<String> set = parts.querySet();
    for (int i = 0; i < set.size(); i++) {
      if (!rows.isSet(i)) {
        set(i, set.get(i), true, scorer.missing(set.get(i)));
      }
    }
    RowColumns table = rows.build();
    List<String> missing = new ArrayList<>();
    List<String> noRelevant = new ArrayList<>();
    for (int i = 0; i < table.size(); i++) {
      if (table.missing(i)) {
        missing.add(table.query(i));
      }
      if (table.relevant(i) == 0) {
        noRelevant.add(table.query(i));
      }
    }
    List<MeasureMean> means = new ArrayList<>();
    for (Measure m : parts.measures()) {
      means.add(MeasureMean.of(m, table));
    }
    return new MergedRun(table, missing, ignored, noRelevant, means, boundMeans(lows), boundMeans(highs),
        scorer.coverageCutoffs, judgedSums, disagreeingQueries, disagreeingLines, disagreeingByScore, disagreeingByRank);
  }

  /** Row {@code index}'s columns, and its bounds' with bounds (the bound columns keep only the values). */
  private void set(int index, String query, boolean missing, Row r) {
    rows.set(index, query, missing, r.returned(), r.relevant(), r.unjudged(), r.values(), r.tiesAtCutoff(),
        r.firstRelevantRank());
    if (lows != null) {
      lows.set(index, query, missing, 0, 0, 0, r.low(), Map.of(), null);
      highs.set(index, query, missing, 0, 0, 0, r.high(), Map.of(), null);
    }
  }

  /**
   * The mean of each measure's bounds, by the one mean ({@link MeasureMean#of}): over the queries
   * with a value, whose denominator the protocol fixes, so the mean of the low bounds is the low
   * bound of the mean. Null without bounds; null for a measure without bounds ({@link Holes#bounded}).
   */
  private List<MeasureMean> boundMeans(RowColumns.Builder bounds) {
    if (bounds == null) {
      return null;
    }
    RowColumns table = bounds.build();
    List<MeasureMean> means = new ArrayList<>();
    for (Measure m : parts.measures()) {
      means.add(Holes.bounded(m) ? MeasureMean.of(m, table) : null);
    }
    return means;
  }
}
