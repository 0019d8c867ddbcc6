package dev.caliber.compare;

import dev.caliber.compare.stats.Quantiles;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Builds {@link Distribution}s from a run's rows. */
final class Distributions {
  private Distributions() {}

  /** The distribution of a run's values of a measure, or null when no query has one. */
  static Distribution of(RunResult r, Measure m) {
    List<Value> values = new ArrayList<>();
    for (QueryResult q : r.rows()) {
      if (q.value(m) != null) {
        values.add(q.value(m));
      }
    }
    if (values.isEmpty()) {
      return null;
    }
    double[] sorted = values.stream().mapToDouble(Value::decimal).toArray();
    Arrays.sort(sorted);
    return new Distribution(r.runName(), m, values.size(), Comparisons.mean(values), sorted[0], Quantiles.of(sorted, 0.25),
        Quantiles.of(sorted, 0.5), Quantiles.of(sorted, 0.75), sorted[sorted.length - 1]);
  }
}
