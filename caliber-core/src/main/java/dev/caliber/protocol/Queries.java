package dev.caliber.protocol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** The queries of a protocol with their splits, in input order. */
public final class Queries {
  private final Map<String, Query> queries;
  private final Origin origin;

  private Queries(Map<String, Query> queries, Origin origin) {
    this.queries = Collections.unmodifiableMap(queries);
    this.origin = origin;
  }

  /**
   * Queries in the given order.
   *
   * @param queries query ID to query, in the order to keep; copied. Neither IDs nor queries may be
   *     null
   * @param origin where each query was read from, not null; {@link Origin#NONE} for none
   * @return the queries, possibly empty (the protocol rejects an empty set, not this method)
   * @throws NullPointerException if the map, an ID, a query or {@code origin} is null
   */
  public static Queries of(Map<String, Query> queries, Origin origin) {
    Objects.requireNonNull(queries, "queries");
    Map<String, Query> copy = new LinkedHashMap<>(queries.size() * 2);
    queries.forEach((id, q) -> copy.put(Objects.requireNonNull(id, "query ID"), Objects.requireNonNull(q, "query")));
    return new Queries(copy, Objects.requireNonNull(origin, "origin"));
  }

  /**
   * Queries built in code, whose errors name no file.
   *
   * @param queries query ID to query, copied; neither IDs nor queries null
   * @return the queries, with {@link Origin#NONE}
   * @throws NullPointerException if the map, an ID or a query is null
   */
  public static Queries of(Map<String, Query> queries) {
    return of(queries, Origin.NONE);
  }

  /**
   * The IDs of the queries in a split: the denominator the split fixes.
   *
   * @param split a split name, compared exactly
   * @return an unmodifiable list in input order; empty when no query is in {@code split}
   */
  public List<String> inSplit(String split) {
    List<String> ids = new ArrayList<>();
    queries.forEach((id, q) -> {
      if (q.split().equals(split)) {
        ids.add(id);
      }
    });
    return Collections.unmodifiableList(ids);
  }

  /**
   * All query IDs, whatever their split.
   *
   * @return an unmodifiable view, in input order
   */
  public Set<String> ids() {
    return queries.keySet();
  }

  /**
   * The query with this ID.
   *
   * @param id a query ID, compared exactly
   * @return the query, or null when there is none with this ID
   */
  public Query get(String id) {
    return queries.get(id);
  }

  /**
   * The number of queries across all splits.
   *
   * @return the number of IDs, 0 or more
   */
  public int size() {
    return queries.size();
  }

  /**
   * The queries as the fingerprint hashes them.
   *
   * @return ID to query, in input order, unmodifiable
   */
  public Map<String, Query> asMap() {
    return queries;
  }

  /**
   * Where each query came from, so that a late violation can name its file and line.
   *
   * @return the origin, located by query ID; {@link Origin#NONE} for queries built in code
   */
  public Origin origin() {
    return origin;
  }
}
