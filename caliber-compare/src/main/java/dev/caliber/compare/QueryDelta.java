package dev.caliber.compare;

import dev.caliber.measure.Value;
import java.util.Objects;

/**
 * One query's paired values under one measure.
 *
 * @param query the query ID
 * @param baseline the baseline's value
 * @param system the system's value
 * @param delta system - baseline: exact when the measure is rational
 * @param baselineRank the baseline's first relevant rank, or null when it has none or the
 *     measure is not about the protocol's relevance level (see {@link Comparisons})
 * @param systemRank the system's first relevant rank, or null likewise
 */
public record QueryDelta(String query, Value baseline, Value system, Value delta, Integer baselineRank, Integer systemRank) {
  /** Requires the query and the three values. */
  public QueryDelta {
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(system, "system");
    Objects.requireNonNull(delta, "delta");
  }

  /** -1, 0 or 1 as the system did worse, the same or better on this query. */
  public int sign() {
    return delta.isExact() ? delta.exact().signum() : (int) Math.signum(delta.decimal());
  }
}
