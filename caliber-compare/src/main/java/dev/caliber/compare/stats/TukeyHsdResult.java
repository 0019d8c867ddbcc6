package dev.caliber.compare.stats;

import java.util.List;
import java.util.Objects;

/**
 * The outcome of a randomised Tukey HSD test; see {@link TukeyHsd}.
 *
 * @param systems k, the number of systems (rows)
 * @param topics n, the number of topics (columns)
 * @param permutations the assignments looked at: {@code (k!)^n} when exact, else the budget
 * @param exact whether every assignment was enumerated
 * @param pairs one per pair of systems (a &lt; b), in the order (0, 1), (0, 2), ..., (1, 2), ...
 */
public record TukeyHsdResult(int systems, int topics, long permutations, boolean exact, List<Pair> pairs) {
  /**
   * Copies the pairs and checks their number.
   *
   * @param systems k, at least 2
   * @param topics n, at least 1
   * @param permutations the assignments looked at, at least 1
   * @param exact whether every assignment was enumerated
   * @param pairs k (k − 1) / 2 pairs; not null, no null element
   * @throws IllegalArgumentException if the shape is too small or the pairs are not one per pair
   * @throws NullPointerException if {@code pairs} or a pair is null
   */
  public TukeyHsdResult {
    if (systems < 2 || topics < 1 || permutations < 1) {
      throw new IllegalArgumentException("illegal Tukey HSD result: " + systems + " systems, " + topics + " topics, "
          + permutations + " permutations");
    }
    pairs = List.copyOf(Objects.requireNonNull(pairs, "pairs"));
    if (pairs.size() != systems * (systems - 1) / 2) {
      throw new IllegalArgumentException("illegal Tukey HSD result: " + pairs.size() + " pairs for " + systems + " systems");
    }
  }

  /**
   * One pair's p-value.
   *
   * @param a the first system's row
   * @param b the second system's row, after {@code a}
   * @param hits assignments whose range of system means is at least |mean_a − mean_b|: over all of
   *     them (the identity included) when exact, over the random ones otherwise
   * @param p {@code hits / (k!)^n} when exact, else {@code (hits + 1) / (permutations + 1)}; in
   *     (0, 1]
   */
  public record Pair(int a, int b, long hits, double p) {
    /**
     * Checks the order and the p-value.
     *
     * @param a the first system's row, at least 0
     * @param b the second system's row, after {@code a}
     * @param hits assignments at least as extreme, at least 0
     * @param p the p-value, in (0, 1]
     * @throws IllegalArgumentException if a number is out of range
     */
    public Pair {
      if (a < 0 || b <= a || hits < 0 || !(p > 0.0 && p <= 1.0)) {
        throw new IllegalArgumentException("illegal Tukey HSD pair (" + a + ", " + b + "): hits " + hits + ", p " + p);
      }
    }
  }
}
