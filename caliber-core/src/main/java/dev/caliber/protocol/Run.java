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

  /**
   * A run with a name (for reports) and its rankings (copied; order kept).
   *
   * @param name the run's name as reports print it, not null
   * @param rankings query ID to document IDs, best first; no key, list or document ID may be null.
   *     An empty list is kept: the query was answered with nothing
   * @param origin where each ranking entry was read from, not null; {@link Origin#NONE} for none
   * @return the run
   * @throws NullPointerException if an argument, a query ID, a ranking or a document ID is null
   */
  public static Run of(String name, Map<String, ? extends List<String>> rankings, Origin origin) {
    Objects.requireNonNull(rankings, "rankings");
    Map<String, List<String>> copy = new LinkedHashMap<>(rankings.size() * 2);
    rankings.forEach((q, docs) -> copy.put(Objects.requireNonNull(q, "query ID"), List.copyOf(docs)));
    return new Run(Objects.requireNonNull(name, "name"), Collections.unmodifiableMap(copy), Objects.requireNonNull(origin, "origin"));
  }

  /**
   * A run built in code, whose errors name no file.
   *
   * @param name the run's name as reports print it, not null
   * @param rankings query ID to document IDs, best first; nothing null
   * @return the run, with {@link Origin#NONE}
   * @throws NullPointerException if an argument, a query ID, a ranking or a document ID is null
   */
  public static Run of(String name, Map<String, ? extends List<String>> rankings) {
    return of(name, rankings, Origin.NONE);
  }

  /**
   * The run's name.
   *
   * @return the name as given, never null
   */
  public String name() {
    return name;
  }

  /**
   * Whether the run has an entry (possibly empty) for the query: a missing query and an empty
   * ranking are reported differently.
   *
   * @param queryId a query ID, compared exactly
   * @return true when the run names the query, even with an empty ranking
   */
  public boolean has(String queryId) {
    return rankings.containsKey(queryId);
  }

  /**
   * The ranking for a query.
   *
   * @param queryId a query ID, compared exactly
   * @return the document IDs best first, unmodifiable; empty when the query is missing (see
   *     {@link #has(String)})
   */
  public List<String> ranking(String queryId) {
    return rankings.getOrDefault(queryId, List.of());
  }

  /**
   * The whole run.
   *
   * @return query ID to ranking, in input order, unmodifiable
   */
  public Map<String, List<String>> asMap() {
    return rankings;
  }

  /**
   * Where each ranking entry came from, so that a late violation can name its file and line.
   *
   * @return the origin, located by query ID and position; {@link Origin#NONE} for a run built in
   *     code
   */
  public Origin origin() {
    return origin;
  }
}
