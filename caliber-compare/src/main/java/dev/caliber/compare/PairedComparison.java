package dev.caliber.compare;

import dev.caliber.compare.stats.EffectSize;
import dev.caliber.compare.stats.Interval;
import dev.caliber.compare.stats.SignFlipResult;
import dev.caliber.compare.stats.TTestResult;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import java.util.List;
import java.util.Objects;

/**
 * One measure, one pair of runs: the per-query deltas and every statistic drawn from them. Built
 * by {@link Comparisons}; pure data for the writers.
 *
 * <p>When no query has a value in both runs, the means, the interval and the randomization test
 * are null and the t-test and effect size say why they are undefined.
 *
 * @param measure the measure
 * @param baseline the baseline run's name
 * @param system the system run's name
 * @param deltas one per query with a value in both runs, in query-set order
 * @param baselineMean the baseline's mean over those queries, exact when rational, or null
 * @param systemMean the system's mean over those queries, or null
 * @param meanDelta systemMean - baselineMean (= mean of the deltas), or null
 * @param wins queries where the system is better
 * @param ties queries where both are equal
 * @param losses queries where the system is worse
 * @param interval the percentile bootstrap interval of the mean delta, or null
 * @param randomization the sign-flip test, or null
 * @param holmP the randomization p-value adjusted by Holm-Bonferroni over every comparison of the
 *     report, or null
 * @param tTest the paired t-test
 * @param effectSize Cohen's d_z
 * @param worse the queries that got worse, largest loss first, then by query ID (code point order)
 */
public record PairedComparison(
    Measure measure,
    String baseline,
    String system,
    List<QueryDelta> deltas,
    Value baselineMean,
    Value systemMean,
    Value meanDelta,
    int wins,
    int ties,
    int losses,
    Interval interval,
    SignFlipResult randomization,
    Double holmP,
    TTestResult tTest,
    EffectSize effectSize,
    List<QueryDelta> worse) {

  /**
   * Copies the lists and checks the counts.
   *
   * @param measure the measure, not null
   * @param baseline the baseline run's name, not null
   * @param system the system run's name, not null
   * @param deltas one per query with a value in both runs; not null, no null element
   * @param baselineMean the baseline's mean over those queries, or null when there is none
   * @param systemMean the system's mean over those queries, or null
   * @param meanDelta the mean of the deltas, or null
   * @param wins queries where the system is better
   * @param ties queries where both are equal
   * @param losses queries where the system is worse
   * @param interval the bootstrap interval, or null
   * @param randomization the sign-flip test, or null
   * @param holmP the Holm-adjusted randomization p-value, or null
   * @param tTest the paired t-test, not null
   * @param effectSize Cohen's d_z, not null
   * @param worse the queries that got worse, {@code losses} of them; not null, no null element
   * @throws IllegalArgumentException if wins, ties and losses do not add up to the deltas, or
   *     {@code worse} does not hold exactly {@code losses} queries
   * @throws NullPointerException if a required part, a list or an element is null
   */
  public PairedComparison {
    Objects.requireNonNull(measure, "measure");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(system, "system");
    Objects.requireNonNull(tTest, "tTest");
    Objects.requireNonNull(effectSize, "effectSize");
    deltas = List.copyOf(deltas);
    worse = List.copyOf(worse);
    if (wins + ties + losses != deltas.size() || worse.size() != losses) {
      throw new IllegalArgumentException("illegal counts: " + wins + "/" + ties + "/" + losses + " for " + deltas.size()
          + " deltas and " + worse.size() + " worse queries");
    }
  }

  /**
   * The deltas ordered by delta ascending (largest loss first), then by query ID: the bar chart's
   * order.
   *
   * @return a new unmodifiable list of every delta; exact deltas are compared exactly
   */
  public List<QueryDelta> byDelta() {
    return deltas.stream().sorted(QueryDelta.LARGEST_LOSS_FIRST).toList();
  }

  /** A copy with the bootstrap interval. */
  PairedComparison withInterval(Interval ci) {
    return new PairedComparison(measure, baseline, system, deltas, baselineMean, systemMean, meanDelta, wins, ties, losses,
        ci, randomization, holmP, tTest, effectSize, worse);
  }

  /** A copy with the Holm-adjusted p-value. */
  PairedComparison withHolmP(Double p) {
    return new PairedComparison(measure, baseline, system, deltas, baselineMean, systemMean, meanDelta, wins, ties, losses,
        interval, randomization, p, tTest, effectSize, worse);
  }
}
