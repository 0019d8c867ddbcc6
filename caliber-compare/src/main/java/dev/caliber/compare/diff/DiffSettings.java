package dev.caliber.compare.diff;

import dev.caliber.policy.Ordering;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Everything that changes a number of a diff, printed with it: RBO's persistence, the cutoffs of
 * the top-k comparisons, the evaluation depth, how a run's entries become a ranking, and whether
 * run A is the exact answer that run B approximates (ANN recall).
 *
 * @param p RBO's persistence, strictly between 0 and 1 (Webber et al. 2010: the probability that
 *     the reader of a ranking goes on from one rank to the next)
 * @param cutoffs the k of overlap@k, Jaccard@k, the rank changes and recall@k, each at least 1, in
 *     the order given, none twice
 * @param depth how many ranked documents of each query count, RBO's included; 0 for every one
 * @param ordering how a run's entries become its ranking: {@link Ordering#SCORE} (score
 *     descending, ties by document ID descending, as trec_eval; the default) or {@link
 *     Ordering#GIVEN} (file order), as {@code dev.caliber.policy.RankingOrder} applies it
 * @param ann whether to report recall@k of run B against run A taken as the exact nearest
 *     neighbours (docs/DIFF.md, "ANN recall")
 */
public record DiffSettings(double p, List<Integer> cutoffs, int depth, Ordering ordering, boolean ann) {
  /** The default persistence, 0.9: about 86% of RBO's weight on the first 10 ranks. */
  public static final double DEFAULT_P = 0.9;

  /** The default cutoff of the top-k comparisons. */
  public static final int DEFAULT_K = 10;

  /**
   * Validates.
   *
   * @param p RBO's persistence, strictly between 0 and 1
   * @param cutoffs each k at least 1, none twice, at least one; copied
   * @param depth documents per query that count, 0 for all, not negative
   * @param ordering how entries become a ranking, not null
   * @param ann whether to report recall@k against run A
   * @throws IllegalArgumentException if a number is out of range or a cutoff repeats
   * @throws NullPointerException if {@code cutoffs} or {@code ordering} is null
   */
  public DiffSettings {
    requirePersistence(p);
    cutoffs = List.copyOf(requireCutoffs(cutoffs));
    if (depth < 0) {
      throw new IllegalArgumentException("illegal depth " + depth + ", must be 0 (every document) or more");
    }
    Objects.requireNonNull(ordering, "ordering");
  }

  /**
   * The defaults: p = 0.9, k = 10, every ranked document, score order, no ANN recall.
   *
   * @return the default settings
   */
  public static DiffSettings defaults() {
    return new DiffSettings(DEFAULT_P, List.of(DEFAULT_K), 0, Ordering.SCORE, false);
  }

  /**
   * Refuses a persistence outside (0, 1): at 0 only the first rank would count, at 1 no rank more
   * than another, and RBO's weights would not sum to 1.
   *
   * @param p a persistence
   * @return {@code p}
   * @throws IllegalArgumentException if {@code p} is not strictly between 0 and 1 (NaN included)
   */
  public static double requirePersistence(double p) {
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("illegal persistence " + p + ", must be strictly between 0 and 1");
    }
    return p;
  }

  /**
   * Refuses an empty list of cutoffs, a cutoff below 1 or a cutoff given twice.
   *
   * @param cutoffs the cutoffs
   * @return {@code cutoffs}
   * @throws IllegalArgumentException if the list is empty, a k is below 1 or repeats
   * @throws NullPointerException if the list or a k is null
   */
  public static List<Integer> requireCutoffs(List<Integer> cutoffs) {
    Objects.requireNonNull(cutoffs, "cutoffs");
    if (cutoffs.isEmpty()) {
      throw new IllegalArgumentException("illegal cutoffs []: give at least one k");
    }
    Set<Integer> seen = new HashSet<>();
    for (Integer k : cutoffs) {
      if (Objects.requireNonNull(k, "cutoff") < 1) {
        throw new IllegalArgumentException("illegal cutoff " + k + ", must be 1 or more");
      }
      if (!seen.add(k)) {
        throw new IllegalArgumentException("illegal cutoffs " + cutoffs + ": " + k + " is given twice");
      }
    }
    return cutoffs;
  }

  /**
   * These settings with another persistence.
   *
   * @param persistence RBO's p, strictly between 0 and 1
   * @return new settings
   * @throws IllegalArgumentException if {@code persistence} is out of range
   */
  public DiffSettings withP(double persistence) {
    return new DiffSettings(persistence, cutoffs, depth, ordering, ann);
  }

  /**
   * These settings with other cutoffs.
   *
   * @param ks each k at least 1, none twice, at least one
   * @return new settings
   * @throws IllegalArgumentException if a k is below 1 or repeats, or none is given
   */
  public DiffSettings withCutoffs(Integer... ks) {
    return new DiffSettings(p, List.of(ks), depth, ordering, ann);
  }

  /**
   * These settings with another evaluation depth.
   *
   * @param documents documents per query that count, 0 for all
   * @return new settings
   * @throws IllegalArgumentException if {@code documents} is negative
   */
  public DiffSettings withDepth(int documents) {
    return new DiffSettings(p, cutoffs, documents, ordering, ann);
  }

  /**
   * These settings with another ordering.
   *
   * @param order how entries become a ranking, not null
   * @return new settings
   */
  public DiffSettings withOrdering(Ordering order) {
    return new DiffSettings(p, cutoffs, depth, order, ann);
  }

  /**
   * These settings with ANN recall on or off.
   *
   * @param recall whether to report recall@k of run B against run A
   * @return new settings
   */
  public DiffSettings withAnn(boolean recall) {
    return new DiffSettings(p, cutoffs, depth, ordering, recall);
  }
}
