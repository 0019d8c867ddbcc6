package dev.caliber.measure;

import dev.caliber.math.Fraction;
import java.util.List;
import java.util.Set;

/**
 * Recall@k: the share of a query's relevant documents found in the first k positions.
 *
 * <pre>
 *   Recall@k = |{ distinct relevant documents in ranking[0..k) }| / |relevant|
 * </pre>
 *
 * <p>The denominator is the number of relevant documents in the judged corpus: never k, never the
 * number of documents returned (Manning, Raghavan &amp; Schütze, <i>Introduction to Information
 * Retrieval</i>, 2008, section 8.3). A query with no relevant document has no Recall (null), not 0.
 * A ranking shorter than k is not padded. "Found at least one" is Success@k (hit rate), a different
 * measure that must never be reported under this name.
 */
public final class RecallAtK {
  private RecallAtK() {}

  /**
   * Counts the distinct relevant documents among the first {@code k} of {@code ranking}.
   *
   * @throws IllegalArgumentException if k is not positive
   */
  public static int hits(List<String> ranking, Set<String> relevant, int k) {
    requirePositive(k);
    int end = Math.min(k, ranking.size());
    return (int) ranking.subList(0, end).stream().distinct().filter(relevant::contains).count();
  }

  /**
   * Recall@k as an exact fraction, or null when {@code relevant} is empty.
   *
   * @throws IllegalArgumentException if k is not positive
   */
  public static Fraction of(List<String> ranking, Set<String> relevant, int k) {
    int hits = hits(ranking, relevant, k);
    return relevant.isEmpty() ? null : Fraction.of(hits, relevant.size());
  }

  static void requirePositive(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("illegal k value: " + k + ", must be a positive integer");
    }
  }
}
