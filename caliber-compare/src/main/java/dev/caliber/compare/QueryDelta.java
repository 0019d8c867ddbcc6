package dev.caliber.compare;

import dev.caliber.json.PyJson;
import dev.caliber.measure.Value;
import java.util.Comparator;
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
  /**
   * Largest loss first, then query ID by code point: the order worse queries are listed in
   * everywhere. Exact deltas are compared exactly.
   */
  public static final Comparator<QueryDelta> LARGEST_LOSS_FIRST = Comparator
      .comparing(QueryDelta::delta, QueryDelta::compareValues)
      .thenComparing(QueryDelta::query, PyJson.CODE_POINT_ORDER);

  /**
   * One query's delta, system - baseline: exact when both values are, else the doubles'
   * difference.
   *
   * @param query the query ID, not null
   * @param baseline the baseline's value, not null
   * @param system the system's value, not null
   * @param baselineRank the baseline's first relevant rank, or null
   * @param systemRank the system's first relevant rank, or null
   * @return the delta
   * @throws NullPointerException if the query or a value is null
   */
  public static QueryDelta of(String query, Value baseline, Value system, Integer baselineRank, Integer systemRank) {
    return new QueryDelta(query, baseline, system, difference(system, baseline), baselineRank, systemRank);
  }

  /** {@code a − b}: exact when both are, else in doubles. */
  static Value difference(Value a, Value b) {
    return a.isExact() && b.isExact() ? Value.of(a.exact().minus(b.exact())) : Value.ofDouble(a.decimal() - b.decimal());
  }

  static int compareValues(Value a, Value b) {
    return a.isExact() && b.isExact() ? a.exact().compareTo(b.exact()) : Double.compare(a.decimal(), b.decimal());
  }

  /**
   * Requires the query and the three values.
   *
   * @param query the query ID, not null
   * @param baseline the baseline's value, not null
   * @param system the system's value, not null
   * @param delta system - baseline, not null
   * @param baselineRank the baseline's first relevant rank, or null
   * @param systemRank the system's first relevant rank, or null
   * @throws NullPointerException if the query or a value is null
   */
  public QueryDelta {
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(system, "system");
    Objects.requireNonNull(delta, "delta");
  }

  /**
   * The sign of the delta: wins, ties and losses count it.
   *
   * @return -1, 0 or 1 as the system did worse, the same or better on this query; exact for an
   *     exact delta
   */
  public int sign() {
    return delta.isExact() ? delta.exact().signum() : (int) Math.signum(delta.decimal());
  }
}
