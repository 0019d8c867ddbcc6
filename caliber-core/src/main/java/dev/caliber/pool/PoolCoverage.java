package dev.caliber.pool;

import java.util.List;
import java.util.Objects;

/**
 * How much of the runs' top k the judgments cover: of the distinct (query, document) pairs that
 * some run ranks in its top k, how many are judged now, and how many would be once the listed
 * holes are judged. Per query and over all queries.
 *
 * @param depth the pool depth k
 * @param pairs the distinct pairs of every run's top k, 0 or more
 * @param judged how many of them the judgments have a label for (any label)
 * @param after {@code judged} plus the holes listed
 * @param queries the same counts per query, in code point order of the query IDs
 */
public record PoolCoverage(int depth, long pairs, long judged, long after, List<Query> queries) {
  /**
   * Copies.
   *
   * @param depth the pool depth
   * @param pairs the pairs
   * @param judged the judged pairs
   * @param after the judged pairs once the listed holes are judged
   * @param queries per query, copied
   * @throws NullPointerException if {@code queries} is null
   */
  public PoolCoverage {
    queries = List.copyOf(Objects.requireNonNull(queries, "queries"));
  }

  /**
   * One query's coverage.
   *
   * @param query the query ID
   * @param pairs the distinct documents of the runs' top k for it
   * @param judged how many of them are judged
   * @param after {@code judged} plus the holes of the query listed
   */
  public record Query(String query, int pairs, int judged, int after) {}
}
