package dev.caliber.compare.diff;

import dev.caliber.math.Fraction;
import java.util.List;

/**
 * The means over the query set: every query counts, a query one run lacks as an empty ranking
 * there; RBO's in doubles summed in query order, the top-k values exact. ANN recall is averaged
 * over the queries it is defined for (those where run A ranks something).
 *
 * @param queries the queries averaged over
 * @param rbo the mean of each RBO value; null when there is no query
 * @param cutoffs one mean per cutoff, in the settings' order
 */
public record DiffMean(int queries, Rbo rbo, List<Cutoff> cutoffs) {
  /**
   * Copies.
   *
   * @param queries 0 or more
   * @param rbo the means, or null for no query
   * @param cutoffs not null
   */
  public DiffMean {
    cutoffs = List.copyOf(cutoffs);
  }

  /**
   * The means at one cutoff; each null when there is no query (recall: no query it is defined for).
   *
   * @param k the cutoff
   * @param overlap mean overlap@k, exact
   * @param overlapFraction mean overlap@k / k, exact
   * @param jaccard mean Jaccard@k, exact
   * @param recall mean recall@k over {@code recallQueries}, exact; null without ANN recall
   * @param recallQueries the queries with a recall (run A ranks something); 0 without ANN recall
   */
  public record Cutoff(int k, Fraction overlap, Fraction overlapFraction, Fraction jaccard, Fraction recall, int recallQueries) {}

  /**
   * The means at one cutoff.
   *
   * @param k a cutoff of the settings
   * @return its means
   * @throws IllegalArgumentException if {@code k} is not one of the cutoffs
   */
  public Cutoff at(int k) {
    return cutoffs.stream().filter(c -> c.k() == k).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("illegal cutoff " + k + ", not among " + cutoffs.stream().map(Cutoff::k).toList()));
  }
}
