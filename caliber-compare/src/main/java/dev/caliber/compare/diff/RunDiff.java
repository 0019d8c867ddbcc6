package dev.caliber.compare.diff;

import java.util.List;
import java.util.Objects;

/**
 * What changed between two runs, query by query and on average: pure data, which writers render
 * and compute nothing from.
 *
 * @param runA run A's name (the reference: the baseline, or the exact answer with ANN recall)
 * @param runB run B's name
 * @param settings everything that changes a number
 * @param querySetSource how the query set was fixed, such as {@code the union of both runs'
 *     queries (64)} or {@code the 26 queries listed in test-queries.txt}
 * @param missingFromA queries of the set that run A has no entry for (an empty ranking there), in
 *     query-set order
 * @param missingFromB queries of the set that run B has no entry for
 * @param ignored run queries outside a given query set, not compared, in code point order
 * @param judged whether judgments were given, so that documents new to B's top k say whether they
 *     are judged
 * @param queries one diff per query of the set, in its order
 * @param mean the means over the query set
 */
public record RunDiff(String runA, String runB, DiffSettings settings, String querySetSource, List<String> missingFromA,
    List<String> missingFromB, List<String> ignored, boolean judged, List<QueryDiff> queries, DiffMean mean) {
  /**
   * Validates and copies.
   *
   * @param runA not null
   * @param runB not null
   * @param settings not null
   * @param querySetSource not null
   * @param missingFromA not null
   * @param missingFromB not null
   * @param ignored not null
   * @param judged whether judgments were given
   * @param queries not null
   * @param mean not null
   * @throws NullPointerException if an argument is null
   */
  public RunDiff {
    Objects.requireNonNull(runA, "runA");
    Objects.requireNonNull(runB, "runB");
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(querySetSource, "querySetSource");
    missingFromA = List.copyOf(missingFromA);
    missingFromB = List.copyOf(missingFromB);
    ignored = List.copyOf(ignored);
    queries = List.copyOf(queries);
    Objects.requireNonNull(mean, "mean");
  }
}
