package dev.caliber.eval;

import dev.caliber.measure.Measure;
import java.util.List;

/**
 * The evaluation of one run under an {@link EvalProtocol}: pure data for the writers.
 *
 * @param runName the run's name
 * @param protocol the protocol it was scored under
 * @param protocolSha256 the protocol's fingerprint
 * @param rows one row per query of the query set, in its order; kept as columns (see {@code
 *     RowTable}: a row costs about half the memory of the records), so each {@code get} makes a new
 *     row equal to the one given, and every row must have the same measures in the same order
 * @param summaries one mean per measure, in the protocol's measure order
 * @param missingQueries queries of the set the run had no entry for (scored as empty)
 * @param ignoredQueries run queries outside the query set, listed and not scored (policy LIST)
 * @param noRelevantQueries queries of the set without a relevant document at the threshold
 */
public record RunResult(
    String runName,
    EvalProtocol protocol,
    String protocolSha256,
    List<QueryResult> rows,
    List<MeasureSummary> summaries,
    List<String> missingQueries,
    List<String> ignoredQueries,
    List<String> noRelevantQueries) {

  /**
   * Copies the lists; the rows into columns.
   *
   * @throws IllegalArgumentException if the rows do not all have the same measures in the same order
   * @throws NullPointerException if a list or a row is null
   */
  public RunResult {
    rows = RowTable.copyOf(rows);
    summaries = List.copyOf(summaries);
    missingQueries = List.copyOf(missingQueries);
    ignoredQueries = List.copyOf(ignoredQueries);
    noRelevantQueries = List.copyOf(noRelevantQueries);
  }

  /** The summary of a measure, or null. */
  public MeasureSummary summary(Measure m) {
    return summaries.stream().filter(s -> s.measure().equals(m)).findFirst().orElse(null);
  }

  /** The row of a query (the first, should the ID repeat), or null; found by hashing, not by a scan. */
  public QueryResult row(String query) {
    int i = ((RowTable) rows).indexOf(query);
    return i < 0 ? null : rows.get(i);
  }

  /** The measures in order. */
  public List<Measure> measures() {
    return protocol.measures();
  }
}
