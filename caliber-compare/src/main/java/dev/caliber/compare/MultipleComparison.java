package dev.caliber.compare;

import dev.caliber.compare.stats.AnovaResult;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import java.util.List;
import java.util.Objects;

/**
 * Which of these runs really differ, for one measure: every run at once, over the queries where
 * every run has a value. A two-way ANOVA without replication (run x query) and the randomised
 * Tukey HSD test of every pair (docs/COMPARE.md, "All runs at once"). Built by {@link
 * MultipleComparisons}; pure data for the writers.
 *
 * @param measure the measure
 * @param runs the run names, in the order given
 * @param queries the queries where every run has a value, in query-set order
 * @param means each run's mean over those queries, in run order, exact when rational; empty when
 *     there is no such query
 * @param anova the ANOVA table, or null with fewer than two such queries
 * @param permutations the assignments the Tukey HSD test looked at: {@code (k!)^n} when exact,
 *     else the permutation budget; 0 when there is no such query
 * @param exact whether the Tukey HSD test enumerated every assignment
 * @param alpha the significance level of {@link Pair#significant()}
 * @param pairs every pair of runs (a given before b), in the order (r_0, r_1), (r_0, r_2), ...,
 *     (r_1, r_2), ...; empty when there is no such query
 */
public record MultipleComparison(
    Measure measure,
    List<String> runs,
    List<String> queries,
    List<Value> means,
    AnovaResult anova,
    long permutations,
    boolean exact,
    double alpha,
    List<Pair> pairs) {

  /**
   * Copies the lists.
   *
   * @param measure the measure, not null
   * @param runs the run names; not null
   * @param queries the queries every run has a value of; not null
   * @param means each run's mean, one per run or none; not null
   * @param anova the ANOVA table, or null
   * @param permutations the assignments looked at, at least 0
   * @param exact whether every assignment was enumerated
   * @param alpha the significance level, strictly between 0 and 1
   * @param pairs every pair of runs, or none; not null
   * @throws NullPointerException if the measure, a list or an element is null
   */
  public MultipleComparison {
    Objects.requireNonNull(measure, "measure");
    runs = List.copyOf(runs);
    queries = List.copyOf(queries);
    means = List.copyOf(means);
    pairs = List.copyOf(pairs);
  }

  /**
   * The pair of two runs, in either order.
   *
   * @param x a run's name
   * @param y another run's name
   * @return the pair of {@code x} and {@code y}, or null when there is none
   */
  public Pair pair(String x, String y) {
    return pairs.stream().filter(p -> p.a().equals(x) && p.b().equals(y) || p.a().equals(y) && p.b().equals(x))
        .findFirst().orElse(null);
  }

  /**
   * One pair's Tukey HSD result.
   *
   * @param a the run given first
   * @param b the run given later
   * @param meanA a's mean over the common queries, exact when rational
   * @param meanB b's mean over the common queries
   * @param difference {@code meanA − meanB}, exact when both are
   * @param p the randomised Tukey HSD p-value, in (0, 1]
   * @param significant whether {@code p < alpha}
   * @param effectSize Sakai's standardised difference {@code (meanA − meanB) / √V_E}, V_E the
   *     ANOVA's error mean square; null when the ANOVA or its V_E is undefined or 0
   */
  public record Pair(String a, String b, Value meanA, Value meanB, Value difference, double p, boolean significant,
      Double effectSize) {
    /**
     * Checks that the parts are there.
     *
     * @param a the run given first, not null
     * @param b the run given later, not null
     * @param meanA a's mean, not null
     * @param meanB b's mean, not null
     * @param difference {@code meanA − meanB}, not null
     * @param p the p-value
     * @param significant whether {@code p < alpha}
     * @param effectSize the standardised difference, or null
     * @throws NullPointerException if a name or a value is null
     */
    public Pair {
      Objects.requireNonNull(a, "a");
      Objects.requireNonNull(b, "b");
      Objects.requireNonNull(meanA, "meanA");
      Objects.requireNonNull(meanB, "meanB");
      Objects.requireNonNull(difference, "difference");
    }
  }
}
