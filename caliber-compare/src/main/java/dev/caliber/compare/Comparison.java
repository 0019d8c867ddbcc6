package dev.caliber.compare;

import dev.caliber.measure.Measure;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.Objects;

/**
 * The answer to "is run B better than run A", per measure and pair, with every statistic and
 * every setting that produced it. Pure data: the writers in {@code dev.caliber.compare.report}
 * render it and compute nothing.
 *
 * @param settings seed, resamples, permutations, confidence and mode, as given
 * @param rng the generator's algorithm and seeding, as declared in reports
 * @param protocolSha256 the one protocol's fingerprint
 * @param protocol the protocol every run was scored under
 * @param runs the runs, in the order given
 * @param baseline the baseline's name in baseline mode, or null with all pairs
 * @param comparisons one per compared measure ({@link #measures()}) and pair: measures in protocol
 *     order, then pairs in order
 * @param holmFamilySize m, the number of p-values Holm's correction is taken over (comparisons
 *     with at least one paired query)
 * @param distributions per run and measure of the protocol (the curves' levels included), for
 *     runs with at least one value; runs in order, then measures
 * @param cutoffSeries measure families present at several cutoffs
 * @param curves the protocol's precision-recall curves: views of each run, not compared and not
 *     in Holm's family
 */
public record Comparison(
    CompareSettings settings,
    String rng,
    String protocolSha256,
    EvalProtocol protocol,
    List<RunResult> runs,
    String baseline,
    List<PairedComparison> comparisons,
    int holmFamilySize,
    List<Distribution> distributions,
    List<CutoffSeries> cutoffSeries,
    List<RecallCurve> curves) {

  /**
   * Copies the lists.
   *
   * @param settings seed, resamples, permutations, confidence and mode; not null
   * @param rng the generator's algorithm and seeding; not null
   * @param protocolSha256 the one protocol's fingerprint; not null
   * @param protocol the protocol every run was scored under; not null
   * @param runs the runs, in the order given; not null, no null element
   * @param baseline the baseline's name in baseline mode, or null with all pairs
   * @param comparisons one per measure and pair; not null, no null element
   * @param holmFamilySize the number of p-values Holm's correction is taken over
   * @param distributions per run and measure; not null, no null element
   * @param cutoffSeries measure families present at several cutoffs; not null, no null element
   * @param curves the protocol's precision-recall curves; not null, no null element
   * @throws NullPointerException if a required part, a list or an element is null
   */
  public Comparison {
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(rng, "rng");
    Objects.requireNonNull(protocolSha256, "protocolSha256");
    Objects.requireNonNull(protocol, "protocol");
    runs = List.copyOf(runs);
    comparisons = List.copyOf(comparisons);
    distributions = List.copyOf(distributions);
    cutoffSeries = List.copyOf(cutoffSeries);
    curves = List.copyOf(curves);
  }

  /**
   * The compared measures: the protocol's, in order, but for the points of its precision-recall
   * curves ({@link #curves()}), which are a view and not compared.
   *
   * @return the measures, unmodifiable; empty when the protocol's measures are one curve's levels
   */
  public List<Measure> measures() {
    return RecallCurve.outside(protocol.measures());
  }

  /**
   * The run names, in order.
   *
   * @return a new unmodifiable list, one name per run in the order given
   */
  public List<String> runNames() {
    return runs.stream().map(RunResult::runName).toList();
  }

  /**
   * The comparisons of one measure, in pair order.
   *
   * @param m a measure
   * @return a new unmodifiable list; empty when {@code m} is not one of the protocol's measures
   */
  public List<PairedComparison> comparisons(Measure m) {
    return comparisons.stream().filter(c -> c.measure().equals(m)).toList();
  }

  /**
   * The distribution of a run's values of a measure.
   *
   * @param run a run's name
   * @param m a measure
   * @return the distribution, or null when the run has no value of {@code m} (or there is no such
   *     run or measure)
   */
  public Distribution distribution(String run, Measure m) {
    return distributions.stream().filter(d -> d.run().equals(run) && d.measure().equals(m)).findFirst().orElse(null);
  }

  /**
   * The named run's result.
   *
   * @param name a run's name
   * @return the result, or null when no run has that name
   */
  public RunResult run(String name) {
    return runs.stream().filter(r -> r.runName().equals(name)).findFirst().orElse(null);
  }

  /**
   * The comparison at a glance: each run's means, each marked against the reference where the
   * difference is significant after Holm.
   *
   * @return the summary, made on each call
   */
  public Summary summary() {
    return Summary.of(this);
  }
}
