package dev.caliber.eval;

import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.protocol.CompactMap;
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
 */
public record QueryResult(
    String query,
    boolean missing,
    int returned,
    int relevant,
    int unjudged,
    Map<Measure, Value> values,
    Map<Integer, Integer> tiesAtCutoff) {

  /** Copies the maps into compact unmodifiable ones, keeping order (values may be null). */
  public QueryResult {
    values = CompactMap.copyOf(values);
    tiesAtCutoff = CompactMap.copyOf(tiesAtCutoff);
  }

  /** The value of a measure, or null when the query is excluded from it. */
  public Value value(Measure m) {
    return values.get(m);
  }
}
