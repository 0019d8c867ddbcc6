package dev.caliber.compare.agreement;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How two judgment sets for the same topics agree ({@link Agreement#of}): which queries and pairs
 * only one of them judges, the agreement over the pairs both judge, overall and per query, and
 * (when runs were given) whether the sets order the systems alike ({@link SystemOrderings}). Pure
 * data; the writers of {@code dev.caliber.compare.report} render it.
 *
 * @param threshold the lowest relevant label of the binary kappa (and of the measures)
 * @param queriesOnlyA the queries only A judges, in code point order
 * @param queriesOnlyB the queries only B judges, in code point order
 * @param pairsOnlyA the (query, document) pairs only A judges, in every query
 * @param pairsOnlyB the pairs only B judges
 * @param overall the agreement over every pair both judge
 * @param queries one row per query both judge, in code point order
 * @param orderings the systems' orderings under A and B, or null when no run was given
 * @param sourcesA for judgments that name their sources, how many of A's labels (those that count)
 *     each source gave, in order of first appearance; empty when A names no source
 * @param sourcesB the same of B
 */
public record QrelsAgreement(
    int threshold,
    List<String> queriesOnlyA,
    List<String> queriesOnlyB,
    long pairsOnlyA,
    long pairsOnlyB,
    LabelAgreement overall,
    List<QueryAgreement> queries,
    SystemOrderings orderings,
    Map<String, Integer> sourcesA,
    Map<String, Integer> sourcesB) {

  /**
   * Copies the lists.
   *
   * @param threshold the relevance threshold
   * @param queriesOnlyA queries only A judges, not null
   * @param queriesOnlyB queries only B judges, not null
   * @param pairsOnlyA pairs only A judges
   * @param pairsOnlyB pairs only B judges
   * @param overall the overall agreement, not null
   * @param queries the per-query rows, not null
   * @param orderings the orderings, or null
   * @param sourcesA labels per source of A, not null; empty for none
   * @param sourcesB labels per source of B, not null; empty for none
   * @throws NullPointerException if a list, a map or the overall agreement is null
   */
  public QrelsAgreement {
    queriesOnlyA = List.copyOf(queriesOnlyA);
    queriesOnlyB = List.copyOf(queriesOnlyB);
    Objects.requireNonNull(overall, "overall");
    queries = List.copyOf(queries);
    sourcesA = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sourcesA));
    sourcesB = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sourcesB));
  }

  /**
   * This agreement with the systems' orderings.
   *
   * @param o the orderings, not null
   * @return a copy holding them
   */
  public QrelsAgreement withOrderings(SystemOrderings o) {
    return new QrelsAgreement(threshold, queriesOnlyA, queriesOnlyB, pairsOnlyA, pairsOnlyB, overall, queries,
        Objects.requireNonNull(o, "orderings"), sourcesA, sourcesB);
  }
}
