package dev.caliber.compare;

import dev.caliber.protocol.QueryGroups;

/**
 * Everything besides the runs that changes a number in a comparison; every field is printed with
 * the result.
 *
 * @param seed the seed of every generator (each comparison's bootstrap and randomization test
 *     start their own generator from it, so one comparison's numbers do not depend on the others)
 * @param resamples bootstrap resamples for the confidence interval, at least 1
 * @param permutations the randomization test's budget of random sign assignments, at least 1;
 *     when {@code 2^n} is within it, all {@code 2^n} are enumerated instead
 * @param confidence the confidence level of the interval, strictly between 0 and 1
 * @param mode which pairs are compared
 * @param baseline the baseline run's name in {@link Mode#BASELINE} mode, or null for the first
 *     run; must be null in {@link Mode#ALL_PAIRS} mode
 * @param groups the query groups whose queries are resampled together (the bootstrap draws
 *     groups, the randomization test and the Tukey HSD test permute them whole), or null for
 *     one query per group
 */
public record CompareSettings(long seed, int resamples, int permutations, double confidence, Mode mode, String baseline,
    QueryGroups groups) {
  /**
   * The most bootstrap resamples: each one's mean is kept for the percentiles (8 bytes a resample
   * and comparison), so this bounds that memory at 80 MB a comparison.
   */
  public static final int MAX_RESAMPLES = 10_000_000;

  /** The default seed. */
  public static final long DEFAULT_SEED = 42;
  /** The default number of bootstrap resamples. */
  public static final int DEFAULT_RESAMPLES = 10_000;
  /** The default permutation budget. */
  public static final int DEFAULT_PERMUTATIONS = 10_000;
  /** The default confidence level. */
  public static final double DEFAULT_CONFIDENCE = 0.95;

  /** Which pairs of runs are compared. */
  public enum Mode {
    /** Every other run against one baseline (the first run unless named). */
    BASELINE,
    /** Every pair of runs; in each pair the run given first is the baseline. */
    ALL_PAIRS
  }

  /**
   * Validates, so that a comparison never starts with settings it cannot honour.
   *
   * @param seed the seed of every generator; any long
   * @param resamples bootstrap resamples, at least 1
   * @param permutations the randomization test's budget, at least 1
   * @param confidence the interval's confidence level, strictly between 0 and 1
   * @param mode which pairs are compared, not null
   * @param baseline the baseline run's name, or null for the first run; null with {@link
   *     Mode#ALL_PAIRS}
   * @param groups the query groups resampled together, or null for one query per group
   * @throws IllegalArgumentException if a number is out of range, or a baseline is named with all
   *     pairs
   * @throws NullPointerException if {@code mode} is null
   */
  public CompareSettings {
    if (resamples < 1 || resamples > MAX_RESAMPLES) {
      throw new IllegalArgumentException("illegal resamples value: " + resamples + ", must be from 1 to " + MAX_RESAMPLES
          + " (each resample's mean is kept for the percentiles)");
    }
    if (permutations < 1) {
      throw new IllegalArgumentException("illegal permutations value: " + permutations + ", must be a positive integer");
    }
    if (!(confidence > 0.0 && confidence < 1.0)) {
      throw new IllegalArgumentException("illegal confidence value: " + confidence + ", must be strictly between 0 and 1");
    }
    if (mode == null) {
      throw new NullPointerException("mode");
    }
    if (mode == Mode.ALL_PAIRS && baseline != null) {
      throw new IllegalArgumentException("illegal baseline " + baseline + " with all pairs: every pair has its own baseline");
    }
  }

  /**
   * Settings with one query per group.
   *
   * @param seed the seed of every generator; any long
   * @param resamples bootstrap resamples, at least 1
   * @param permutations the randomization test's budget, at least 1
   * @param confidence the interval's confidence level, strictly between 0 and 1
   * @param mode which pairs are compared, not null
   * @param baseline the baseline run's name, or null for the first run; null with {@link
   *     Mode#ALL_PAIRS}
   * @throws IllegalArgumentException as the canonical constructor
   * @throws NullPointerException if {@code mode} is null
   */
  public CompareSettings(long seed, int resamples, int permutations, double confidence, Mode mode, String baseline) {
    this(seed, resamples, permutations, confidence, mode, baseline, null);
  }

  /**
   * The significance level of every mark and verdict in a report: {@code 1 − confidence} (0.05 by
   * default), so that the marks and the intervals speak at one level. A p-value is significant
   * when it is strictly below it.
   *
   * @return {@code 1.0 - confidence()}
   */
  public double alpha() {
    return 1.0 - confidence;
  }

  /**
   * Seed 42, 10000 resamples, 10000 permutations, 95% confidence, against the first run.
   *
   * @return the defaults, as {@code caliber compare} uses them
   */
  public static CompareSettings defaults() {
    return new CompareSettings(DEFAULT_SEED, DEFAULT_RESAMPLES, DEFAULT_PERMUTATIONS, DEFAULT_CONFIDENCE, Mode.BASELINE, null);
  }

  /**
   * A copy with another seed.
   *
   * @param s the seed, any long
   * @return new settings, otherwise equal to these
   */
  public CompareSettings withSeed(long s) {
    return new CompareSettings(s, resamples, permutations, confidence, mode, baseline, groups);
  }

  /**
   * A copy with another number of resamples.
   *
   * @param r bootstrap resamples, at least 1
   * @return new settings, otherwise equal to these
   * @throws IllegalArgumentException if {@code r} is below 1
   */
  public CompareSettings withResamples(int r) {
    return new CompareSettings(seed, r, permutations, confidence, mode, baseline, groups);
  }

  /**
   * A copy with another permutation budget.
   *
   * @param p the randomization test's budget, at least 1
   * @return new settings, otherwise equal to these
   * @throws IllegalArgumentException if {@code p} is below 1
   */
  public CompareSettings withPermutations(int p) {
    return new CompareSettings(seed, resamples, p, confidence, mode, baseline, groups);
  }

  /**
   * A copy with another confidence level.
   *
   * @param c the confidence level, strictly between 0 and 1 (0.95 for 95%)
   * @return new settings, otherwise equal to these
   * @throws IllegalArgumentException if {@code c} is not strictly between 0 and 1
   */
  public CompareSettings withConfidence(double c) {
    return new CompareSettings(seed, resamples, permutations, c, mode, baseline, groups);
  }

  /**
   * A copy comparing every other run against the named one.
   *
   * @param name the baseline run's name; null for the first run
   * @return new settings, otherwise equal to these, in {@link Mode#BASELINE} mode
   */
  public CompareSettings withBaseline(String name) {
    return new CompareSettings(seed, resamples, permutations, confidence, Mode.BASELINE, name, groups);
  }

  /**
   * A copy comparing all pairs.
   *
   * @return new settings in {@link Mode#ALL_PAIRS} mode, with no baseline, otherwise equal to these
   */
  public CompareSettings allPairs() {
    return new CompareSettings(seed, resamples, permutations, confidence, Mode.ALL_PAIRS, null, groups);
  }

  /**
   * A copy resampling whole query groups.
   *
   * @param g the query groups, or null for one query per group
   * @return new settings, otherwise equal to these
   */
  public CompareSettings withGroups(QueryGroups g) {
    return new CompareSettings(seed, resamples, permutations, confidence, mode, baseline, g);
  }
}
