package dev.caliber.measure;

import dev.caliber.math.Fraction;
import java.util.List;
import java.util.Set;

/**
 * RR@k: the reciprocal of the rank of the first relevant document, if it is within the first k
 * positions; 0 otherwise. Its mean over a fixed query set is MRR@k.
 *
 * <pre>
 *   RR@k = 1 / r   where r = min { i in 1..k : ranking[i-1] is relevant }
 *   RR@k = 0       when no relevant document is in the first k
 * </pre>
 *
 * <p>The cutoff matters: a first relevant document at rank 3 gives RR@2 = 0, not 1/3. A query with
 * no relevant document has no RR (null), not 0. Same definition as ir_measures' {@code RR@k} and
 * trec_eval's {@code -M k -m recip_rank}.
 */
public final class ReciprocalRankAtK {
  private ReciprocalRankAtK() {}

  /**
   * The 1-based rank of the first relevant document within the first {@code k}, or null.
   *
   * @throws IllegalArgumentException if k is not positive
   */
  public static Integer firstRelevantRank(List<String> ranking, Set<String> relevant, int k) {
    RecallAtK.requirePositive(k);
    int end = Math.min(k, ranking.size());
    for (int i = 0; i < end; i++) {
      if (relevant.contains(ranking.get(i))) {
        return i + 1;
      }
    }
    return null;
  }

  /**
   * RR@k as an exact fraction, or null when {@code relevant} is empty.
   *
   * @throws IllegalArgumentException if k is not positive
   */
  public static Fraction of(List<String> ranking, Set<String> relevant, int k) {
    Integer first = firstRelevantRank(ranking, relevant, k);
    if (relevant.isEmpty()) {
      return null;
    }
    return first == null ? Fraction.ZERO : Fraction.of(1, first);
  }
}
