package dev.caliber.compare.diff;

import java.util.List;
import java.util.Objects;

/**
 * What changed for one query between run A and run B: RBO over the rankings (within the
 * evaluation depth) and the top-k lists at each cutoff. A query one run lacks is an empty ranking
 * there.
 *
 * @param query the query ID
 * @param inA whether run A has the query (an entry, even an empty one)
 * @param inB whether run B has the query
 * @param rankedA the documents of A's ranking that count (within the depth)
 * @param rankedB the documents of B's ranking that count
 * @param rbo rank-biased overlap of the two rankings
 * @param cutoffs one comparison per cutoff, in the settings' order
 */
public record QueryDiff(String query, boolean inA, boolean inB, int rankedA, int rankedB, Rbo rbo, List<TopK> cutoffs) {
  /**
   * Validates and copies.
   *
   * @param query the query ID, not null
   * @param inA whether run A has the query
   * @param inB whether run B has the query
   * @param rankedA 0 or more
   * @param rankedB 0 or more
   * @param rbo not null
   * @param cutoffs not null
   * @throws NullPointerException if an argument is null
   */
  public QueryDiff {
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(rbo, "rbo");
    cutoffs = List.copyOf(cutoffs);
  }

  /**
   * The comparison at one cutoff.
   *
   * @param k a cutoff of the settings
   * @return its comparison
   * @throws IllegalArgumentException if {@code k} is not one of the cutoffs
   */
  public TopK at(int k) {
    return cutoffs.stream().filter(c -> c.k() == k).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("illegal cutoff " + k + ", not among " + cutoffs.stream().map(TopK::k).toList()));
  }
}
