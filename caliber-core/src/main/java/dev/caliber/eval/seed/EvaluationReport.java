package dev.caliber.eval.seed;

import dev.caliber.math.Fraction;
import java.util.List;
import java.util.Objects;

/**
 * The result of evaluating one run under the seed protocol: pure data, rendered by writers that
 * compute nothing (see {@code dev.caliber.report.ReportJson}).
 *
 * @param protocolSha256 fingerprint of corpus, queries, qrels, split and k
 * @param split the split whose queries form the denominator
 * @param k the cutoff
 * @param totalQueries number of queries in the split
 * @param eligibleQueries queries with at least one relevant document: the denominator of the means
 * @param noRelevantQueries queries with no relevant document, left out of both means
 * @param missingQueries queries the run had no entry for, scored as empty rankings
 * @param recallAtK macro mean of Recall@k over eligible queries, or null when none is eligible
 * @param mrrAtK macro mean of RR@k over eligible queries, or null when none is eligible
 * @param rows one row per query of the split, in the protocol's query order
 */
public record EvaluationReport(
    String protocolSha256,
    String split,
    int k,
    int totalQueries,
    int eligibleQueries,
    List<String> noRelevantQueries,
    List<String> missingQueries,
    Fraction recallAtK,
    Fraction mrrAtK,
    List<QueryRow> rows) {

  /**
   * Copies the lists, so that the report stays as built.
   *
   * @param protocolSha256 fingerprint of corpus, queries, qrels, split and k; not null
   * @param split the split whose queries form the denominator; not null
   * @param k the cutoff
   * @param totalQueries number of queries in the split
   * @param eligibleQueries queries with at least one relevant document
   * @param noRelevantQueries queries with no relevant document; not null, no null element
   * @param missingQueries queries the run had no entry for; not null, no null element
   * @param recallAtK macro mean of Recall@k, or null when no query is eligible
   * @param mrrAtK macro mean of RR@k, or null when no query is eligible
   * @param rows one row per query of the split; not null, no null element
   * @throws NullPointerException if a list, an element, {@code protocolSha256} or {@code split} is
   *     null
   */
  public EvaluationReport {
    Objects.requireNonNull(protocolSha256, "protocolSha256");
    Objects.requireNonNull(split, "split");
    noRelevantQueries = List.copyOf(noRelevantQueries);
    missingQueries = List.copyOf(missingQueries);
    rows = List.copyOf(rows);
  }

  /**
   * The row of a query, found by a scan.
   *
   * @param query a query ID, compared exactly
   * @return the first row with that ID, or null if the query is not in the split
   */
  public QueryRow row(String query) {
    return rows.stream().filter(r -> r.query().equals(query)).findFirst().orElse(null);
  }
}
