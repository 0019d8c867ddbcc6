package dev.caliber.compare;

import dev.caliber.eval.RunResult;
import dev.caliber.measure.Measure;
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
  /** Copies the list. */
  public RunReport {
    Objects.requireNonNull(run, "run");
    distributions = List.copyOf(distributions);
  }

  /** The report of a run: its distributions computed from its rows. */
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

  /** The distribution of a measure, or null when no query has a value. */
  public Distribution distribution(Measure m) {
    return distributions.stream().filter(d -> d.measure().equals(m)).findFirst().orElse(null);
  }
}
