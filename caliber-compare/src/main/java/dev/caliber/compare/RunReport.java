package dev.caliber.compare;

import dev.caliber.measure.Measure;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One run's evaluation with the spread of its per-query values: the data of a single-run report
 * ({@code caliber evaluate --format md|html}). Pure data.
 *
 * @param run the evaluated run
 * @param distributions one per measure with at least one value, in the protocol's measure order
 */
public record RunReport(RunResult run, List<Distribution> distributions) {
  /**
   * Copies the list.
   *
   * @param run the evaluated run, not null
   * @param distributions one per measure with a value; not null, no null element
   * @throws NullPointerException if {@code run}, the list or a distribution is null
   */
  public RunReport {
    Objects.requireNonNull(run, "run");
    distributions = List.copyOf(distributions);
  }

  /**
   * The report of a run: its distributions computed from its rows.
   *
   * @param run the evaluated run, not null
   * @return the report, with a distribution for every measure that some query has a value of
   */
  public static RunReport of(RunResult run) {
    List<Distribution> out = new ArrayList<>();
    for (Measure m : run.measures()) {
      Distribution d = Distributions.of(run, m);
      if (d != null) {
        out.add(d);
      }
    }
    return new RunReport(run, out);
  }

  /**
   * The distribution of a measure.
   *
   * @param m a measure
   * @return the distribution, or null when no query has a value of {@code m} (or {@code m} is not
   *     one of the run's measures)
   */
  public Distribution distribution(Measure m) {
    return distributions.stream().filter(d -> d.measure().equals(m)).findFirst().orElse(null);
  }
}
