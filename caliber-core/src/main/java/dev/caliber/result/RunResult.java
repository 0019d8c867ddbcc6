package dev.caliber.result;

import dev.caliber.measure.Measure;
import dev.caliber.protocol.EvalProtocol;
import java.util.List;

/**
 * The evaluation of one run under an {@link EvalProtocol}: pure data for the writers.
 *
 * @param runName the run's name
 * @param protocol the protocol it was scored under
 * @param protocolSha256 the protocol's fingerprint
 * @param rows one row per query of the query set, in its order; kept as columns ({@link
 *     QueryRows}; the engine's keep them as columns, about half the memory of the records, so each
 *     {@code get} makes a new row equal to the one given), and every row must have the same measures
 *     in the same order
 * @param summaries one mean per measure, in the protocol's measure order
 * @param missingQueries queries of the set the run had no entry for (scored as empty)
 * @param ignoredQueries run queries outside the query set, listed and not scored (policy LIST)
 * @param noRelevantQueries queries of the set without a relevant document at the threshold
 * @param tag the run's TREC tag (metadata; the run is named by {@code runName}), or null when it has
 *     none
 * @param orderDisagreement how far the run's given order disagrees with its scores or rank column
 * @param coverage the mean Judged@k at each of the measures' cutoffs, and whether it is low
 */
public record RunResult(
    String runName,
    EvalProtocol protocol,
    String protocolSha256,
    List<QueryResult> rows,
    List<MeasureSummary> summaries,
    List<String> missingQueries,
    List<String> ignoredQueries,
    List<String> noRelevantQueries,
    String tag,
    OrderDisagreement orderDisagreement,
    Coverage coverage) {

  /**
   * Copies the lists; the rows through {@link QueryRows#of}.
   *
   * @param runName the run's name
   * @param protocol the protocol it was scored under; {@link #measures()} reads it
   * @param protocolSha256 the protocol's fingerprint
   * @param rows one row per query of the query set, every row with the same measures in the same
   *     order; not null
   * @param summaries one mean per measure; not null, no null element
   * @param missingQueries queries of the set the run had no entry for; not null, no null element
   * @param ignoredQueries run queries outside the query set; not null, no null element
   * @param noRelevantQueries queries of the set without a relevant document; not null, no null
   *     element
   * @param tag the run's TREC tag, or null
   * @param orderDisagreement how far the given order disagrees with the scores or rank column, not
   *     null
   * @param coverage the coverage at the measures' cutoffs, not null
   * @throws IllegalArgumentException if the rows do not all have the same measures in the same order
   * @throws NullPointerException if a list, a row, {@code orderDisagreement} or the coverage is null
   */
  public RunResult {
    java.util.Objects.requireNonNull(coverage, "coverage");
    rows = QueryRows.of(rows);
    summaries = List.copyOf(summaries);
    missingQueries = List.copyOf(missingQueries);
    ignoredQueries = List.copyOf(ignoredQueries);
    noRelevantQueries = List.copyOf(noRelevantQueries);
    java.util.Objects.requireNonNull(orderDisagreement, "orderDisagreement");
  }

  /**
   * A result without a tag, whose order agrees with its scores, without coverage ({@link
   * Coverage#NONE}): for callers that build results themselves.
   *
   * @param runName the run's name
   * @param protocol the protocol it was scored under
   * @param protocolSha256 the protocol's fingerprint
   * @param rows one row per query of the query set, as for the canonical constructor
   * @param summaries one mean per measure; not null, no null element
   * @param missingQueries queries of the set the run had no entry for; not null, no null element
   * @param ignoredQueries run queries outside the query set; not null, no null element
   * @param noRelevantQueries queries of the set without a relevant document; not null, no null
   *     element
   */
  public RunResult(String runName, EvalProtocol protocol, String protocolSha256, List<QueryResult> rows,
      List<MeasureSummary> summaries, List<String> missingQueries, List<String> ignoredQueries,
      List<String> noRelevantQueries) {
    this(runName, protocol, protocolSha256, rows, summaries, missingQueries, ignoredQueries, noRelevantQueries, null,
        OrderDisagreement.NONE, Coverage.NONE);
  }

  /**
   * The summary of a measure.
   *
   * @param m a measure
   * @return its summary, or null when {@code m} is not one of the protocol's measures
   */
  public MeasureSummary summary(Measure m) {
    return summaries.stream().filter(s -> s.measure().equals(m)).findFirst().orElse(null);
  }

  /**
   * The row of a query, found by hashing, not by a scan.
   *
   * @param query a query ID, compared exactly; may be null
   * @return a new row equal to the first with that ID, or null when the query is not in the set
   */
  public QueryResult row(String query) {
    int i = ((QueryRows) rows).position(query);
    return i < 0 ? null : rows.get(i);
  }

  /**
   * The measures, as the protocol fixes them.
   *
   * @return the protocol's measures in report order, unmodifiable, never empty
   */
  public List<Measure> measures() {
    return protocol.measures();
  }
}
