package dev.caliber.result;

import dev.caliber.internal.CompactMap;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import java.util.Map;

/**
 * One query's row: every measure's value (null where the policy leaves the query out), and what
 * explains it.
 *
 * @param query the query ID
 * @param missing true when the run had no entry for the query (scored as an empty ranking)
 * @param returned entries the run gave for the query, before any depth cut
 * @param relevant judged relevant documents at the protocol's threshold
 * @param unjudged ranked documents (within the evaluated depth) without a judgment
 * @param values measure to value, in the protocol's measure order; a null value means excluded
 * @param tiesAtCutoff cutoff to the size of the group of equal scores that straddles it, only for
 *     cutoffs where one does: there, tools that break ties differently disagree
 * @param firstRelevantRank 1-based rank of the first document relevant at the protocol's threshold
 *     within the evaluated depth (no measure's cutoff applies), or null when none is ranked; it
 *     explains a change in RR or Success that the values alone hide
 */
public record QueryResult(
    String query,
    boolean missing,
    int returned,
    int relevant,
    int unjudged,
    Map<Measure, Value> values,
    Map<Integer, Integer> tiesAtCutoff,
    Integer firstRelevantRank) {

  /**
   * Copies the maps into compact unmodifiable ones, keeping order (values may be null); requires a
   * positive rank or null.
   *
   * @param query the query ID
   * @param missing true when the run had no entry for the query
   * @param returned entries the run gave for the query, before any depth cut
   * @param relevant judged relevant documents at the protocol's threshold
   * @param unjudged ranked documents within the evaluated depth without a judgment
   * @param values measure to value, in the protocol's measure order; not null, no null key, null
   *     values allowed (excluded)
   * @param tiesAtCutoff cutoff to the size of the tie group straddling it; not null, no null key
   * @param firstRelevantRank 1-based rank of the first relevant document within the evaluated
   *     depth, or null when none is ranked
   * @throws IllegalArgumentException if {@code firstRelevantRank} is below 1
   * @throws NullPointerException if a map or a key is null
   */
  public QueryResult {
    values = CompactMap.copyOf(values);
    tiesAtCutoff = CompactMap.copyOf(tiesAtCutoff);
    if (firstRelevantRank != null && firstRelevantRank < 1) {
      throw new IllegalArgumentException("illegal first relevant rank: " + firstRelevantRank + ", must be >= 1 or null");
    }
  }

  /**
   * A row without the first relevant rank (null), for callers written before it existed.
   *
   * @param query the query ID
   * @param missing true when the run had no entry for the query
   * @param returned entries the run gave for the query, before any depth cut
   * @param relevant judged relevant documents at the protocol's threshold
   * @param unjudged ranked documents within the evaluated depth without a judgment
   * @param values measure to value, in the protocol's measure order; not null, null values
   *     allowed (excluded)
   * @param tiesAtCutoff cutoff to the size of the tie group straddling it; not null
   * @throws NullPointerException if a map or a key is null
   */
  public QueryResult(String query, boolean missing, int returned, int relevant, int unjudged,
      Map<Measure, Value> values, Map<Integer, Integer> tiesAtCutoff) {
    this(query, missing, returned, relevant, unjudged, values, tiesAtCutoff, null);
  }

  /**
   * The value of a measure.
   *
   * @param m a measure of the protocol
   * @return the value; null when the policy excludes the query from it, or when {@code m} is not
   *     one of the row's measures
   */
  public Value value(Measure m) {
    return values.get(m);
  }
}
