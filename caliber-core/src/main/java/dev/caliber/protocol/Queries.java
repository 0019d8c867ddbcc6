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

  /** Queries in the given order. */
  public static Queries of(Map<String, Query> queries, Origin origin) {
    Objects.requireNonNull(queries, "queries");
    Map<String, Query> copy = new LinkedHashMap<>(queries.size() * 2);
    queries.forEach((id, q) -> copy.put(Objects.requireNonNull(id, "query ID"), Objects.requireNonNull(q, "query")));
    return new Queries(copy, Objects.requireNonNull(origin, "origin"));
  }

  /** Queries built in code. */
  public static Queries of(Map<String, Query> queries) {
    return of(queries, Origin.NONE);
  }

  /** The IDs of the queries in {@code split}, in input order: the denominator the split fixes. */
  public List<String> inSplit(String split) {
    List<String> ids = new ArrayList<>();
    queries.forEach((id, q) -> {
      if (q.split().equals(split)) {
        ids.add(id);
      }
    });
    return Collections.unmodifiableList(ids);
  }

  /** All query IDs in input order. */
  public Set<String> ids() {
    return queries.keySet();
  }

  /** The query with this ID, or null. */
  public Query get(String id) {
    return queries.get(id);
  }

  /** Number of queries across all splits. */
  public int size() {
    return queries.size();
  }

  /** ID to query, in input order, unmodifiable. */
  public Map<String, Query> asMap() {
    return queries;
  }

  /** Where each query came from. */
  public Origin origin() {
    return origin;
  }
}
