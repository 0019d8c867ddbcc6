package dev.caliber.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A run with scores and ranks, as TREC run files carry them: query ID to {@link RankedList}, in
 * file order. A query absent from the run differs from a query with an empty list.
 */
public final class ScoredRun {
  private final String name;
  private final String tag;
  private final Map<String, RankedList> lists;
  private final Origin origin;

  private ScoredRun(String name, String tag, Map<String, RankedList> lists, Origin origin) {
    this.name = name;
    this.tag = tag;
    this.lists = lists;
    this.origin = origin;
  }

  /**
   * A run without a tag (copied; order kept).
   *
   * @param name the run's name (its NAME=, or its file's name), not null
   * @param lists query ID to that query's entries in file order; no key or list may be null
   * @param origin where each entry was read from, not null; {@link Origin#NONE} for none
   * @return the run
   * @throws NullPointerException if an argument, a query ID or a list is null
   */
  public static ScoredRun of(String name, Map<String, RankedList> lists, Origin origin) {
    return of(name, null, lists, origin);
  }

  /**
   * A run (copied; order kept).
   *
   * @param name the run's name (its NAME=, or its file's name), not null
   * @param tag the TREC tag column the file's lines carry (kept as metadata; it does not name the
   *     run), or null for a run without one (three-column and JSON runs, runs built in code)
   * @param lists query ID to that query's entries in file order; no key or list may be null
   * @param origin where each entry was read from, not null; {@link Origin#NONE} for none
   * @return the run
   * @throws NullPointerException if {@code name}, {@code lists}, {@code origin}, a query ID or a
   *     list is null
   */
  public static ScoredRun of(String name, String tag, Map<String, RankedList> lists, Origin origin) {
    Objects.requireNonNull(lists, "lists");
    Map<String, RankedList> copy = new LinkedHashMap<>(lists.size() * 2);
    lists.forEach((q, l) -> copy.put(Objects.requireNonNull(q, "query ID"), Objects.requireNonNull(l, "list")));
    return new ScoredRun(Objects.requireNonNull(name, "name"), tag, Collections.unmodifiableMap(copy),
        Objects.requireNonNull(origin, "origin"));
  }

  /**
   * A scored view of a plain run: the given order, with ranks 1..n and scores that decrease, so
   * that every ordering policy keeps the given order.
   *
   * @param run the run, not null
   * @return a run with the same name, queries and origin
   */
  public static ScoredRun of(Run run) {
    Map<String, RankedList> lists = new LinkedHashMap<>();
    run.asMap().forEach((q, docs) -> lists.put(q, RankedList.ofOrder(docs)));
    return of(run.name(), lists, run.origin());
  }

  /**
   * The run's name.
   *
   * @return its NAME= or its file's name, as given; never null
   */
  public String name() {
    return name;
  }

  /**
   * The run's TREC tag.
   *
   * @return the tag column of the file's lines (one per file), or null when the run has none
   */
  public String tag() {
    return tag;
  }

  /**
   * Whether the run has an entry for the query.
   *
   * @param queryId a query ID, compared exactly
   * @return true when the run names the query, even with an empty list
   */
  public boolean has(String queryId) {
    return lists.containsKey(queryId);
  }

  /**
   * The query's entries.
   *
   * @param queryId a query ID, compared exactly
   * @return the list in file order, or null when the query is missing
   */
  public RankedList list(String queryId) {
    return lists.get(queryId);
  }

  /**
   * The whole run.
   *
   * @return query ID to list, in file order, unmodifiable
   */
  public Map<String, RankedList> asMap() {
    return lists;
  }

  /**
   * Where entries came from. For line formats, {@code locate(query, i)} gives the line of the
   * query's {@code i}-th entry in file order.
   *
   * @return the origin; {@link Origin#NONE} for a run built in code
   */
  public Origin origin() {
    return origin;
  }
}
