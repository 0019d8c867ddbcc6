package dev.caliber.compare.stats;

/**
 * The outcome of a paired randomization (sign-flip) test; see {@link dev.caliber.compare.stats.SignFlip}.
 *
 * @param nonZero deltas that a sign flip changes (zero deltas are left out: flipping them changes
 *     nothing)
 * @param hits sign assignments whose |sum of deltas| is at least the observed one: over all
 *     {@code 2^nonZero} assignments (the identity included) when exact, over the random ones
 *     (the identity not included) otherwise
 * @param permutations assignments looked at: {@code 2^nonZero} when exact, else the budget
 * @param exact whether every assignment was enumerated
 * @param p the two-sided p-value: {@code hits / 2^nonZero} when exact, else
 *     {@code (hits + 1) / (permutations + 1)}; never 0
 */
public record SignFlipResult(int nonZero, long hits, long permutations, boolean exact, double p) {
  /**
   * Validates, so that no result claims p = 0 or more hits than assignments.
   *
   * @param nonZero deltas that a sign flip changes
   * @param hits sign assignments whose |sum of deltas| is at least the observed one, from 0 to
   *     {@code permutations}
   * @param permutations assignments looked at
   * @param exact whether every assignment was enumerated
   * @param p the two-sided p-value, in (0, 1]
   * @throws IllegalArgumentException if {@code p} is not in (0, 1] or {@code hits} not in [0,
   *     {@code permutations}]
   */
  public SignFlipResult {
    if (!(p > 0.0 && p <= 1.0)) {
      throw new IllegalArgumentException("illegal p value: " + p + ", must be in (0, 1]");
    }
    if (hits < 0 || hits > permutations) {
      throw new IllegalArgumentException("illegal hits: " + hits + ", must be in [0, " + permutations + "]");
    }
  }
}
