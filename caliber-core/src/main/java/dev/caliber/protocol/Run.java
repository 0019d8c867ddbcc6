package dev.caliber.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A system's output: query ID to document IDs, best first. The given order is the ranking. A
 * query absent from the run is different from a query with an empty list: the first is reported
 * as missing.
 */
public final class Run {
  private final String name;
  private final Map<String, List<String>> rankings;
  private final Origin origin;

  private Run(String name, Map<String, List<String>> rankings, Origin origin) {
    this.name = name;
    this.rankings = rankings;
    this.origin = origin;
  }

  /** A run with a name (for reports) and its rankings (copied; order kept). */
  public static Run of(String name, Map<String, ? extends List<String>> rankings, Origin origin) {
    Objects.requireNonNull(rankings, "rankings");
    Map<String, List<String>> copy = new LinkedHashMap<>(rankings.size() * 2);
    rankings.forEach((q, docs) -> copy.put(Objects.requireNonNull(q, "query ID"), List.copyOf(docs)));
    return new Run(Objects.requireNonNull(name, "name"), Collections.unmodifiableMap(copy), Objects.requireNonNull(origin, "origin"));
  }

  /** A run built in code. */
  public static Run of(String name, Map<String, ? extends List<String>> rankings) {
    return of(name, rankings, Origin.NONE);
  }

  /** The run's name. */
  public String name() {
    return name;
  }

  /** Whether the run has an entry (possibly empty) for the query. */
  public boolean has(String queryId) {
    return rankings.containsKey(queryId);
  }

  /** The ranking for a query; empty when the query is missing. */
  public List<String> ranking(String queryId) {
    return rankings.getOrDefault(queryId, List.of());
  }

  /** Query to ranking, in input order, unmodifiable. */
  public Map<String, List<String>> asMap() {
    return rankings;
  }

  /** Where each ranking entry came from. */
  public Origin origin() {
    return origin;
  }
}
