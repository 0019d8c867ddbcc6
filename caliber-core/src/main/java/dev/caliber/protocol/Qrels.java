package dev.caliber.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Relevance judgments: query ID to (document ID to integer label), in input order. A missing cell
 * is not a 0: whether an unjudged document is an error or non-relevant is the protocol's decision,
 * not this container's.
 */
public final class Qrels {
  private final Map<String, Map<String, Integer>> labels;
  private final Origin origin;

  private Qrels(Map<String, Map<String, Integer>> labels, Origin origin) {
    this.labels = labels;
    this.origin = origin;
  }

  /** Judgments in the given order (deep-copied). */
  public static Qrels of(Map<String, ? extends Map<String, Integer>> labels, Origin origin) {
    Objects.requireNonNull(labels, "labels");
    Map<String, Map<String, Integer>> copy = new LinkedHashMap<>(labels.size() * 2);
    labels.forEach((q, row) -> {
      Map<String, Integer> kept;
      if (row instanceof CompactMap) {
        // Immutable already: checked and kept as it is.
        row.forEach((d, label) -> {
          Objects.requireNonNull(d, "document ID");
          Objects.requireNonNull(label, "label");
        });
        kept = row;
      } else {
        Map<String, Integer> r = new LinkedHashMap<>(row.size() * 2);
        row.forEach((d, label) -> r.put(Objects.requireNonNull(d, "document ID"), Objects.requireNonNull(label, "label")));
        kept = CompactMap.copyOf(r); // compact: one per query
      }
      copy.put(Objects.requireNonNull(q, "query ID"), kept);
    });
    return new Qrels(Collections.unmodifiableMap(copy), Objects.requireNonNull(origin, "origin"));
  }

  /** Judgments built in code. */
  public static Qrels of(Map<String, ? extends Map<String, Integer>> labels) {
    return of(labels, Origin.NONE);
  }

  /** The judged row of a query, or null when the query has none. */
  public Map<String, Integer> row(String queryId) {
    return labels.get(queryId);
  }

  /** Query to row, in input order, unmodifiable. */
  public Map<String, Map<String, Integer>> asMap() {
    return labels;
  }

  /** Where each judgment came from. */
  public Origin origin() {
    return origin;
  }
}
