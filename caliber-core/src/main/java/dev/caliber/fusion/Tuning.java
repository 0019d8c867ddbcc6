package dev.caliber.fusion;

import dev.caliber.eval.Evaluation;
import dev.caliber.eval.EvaluationWorkers;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A grid search: every point of a {@link Grid} fused from the same inputs and evaluated under one
 * protocol (the dev queries) by one measure's mean; the chosen point has the highest mean, the
 * first in grid order among equals. Means are compared exactly when both are fractions (the
 * rational measures), else as doubles. The protocol decides which queries count; keeping test
 * queries out of it is the caller's part (the command line refuses a test split and a lock's
 * queries).
 *
 * @param grid the grid searched
 * @param measure the measure optimised
 * @param values each point's mean, in grid order
 * @param chosen the chosen point's index
 * @param result the chosen point's evaluation (its run named as the fused run)
 */
public record Tuning(Grid grid, Measure measure, List<Value> values, int chosen, RunResult result) {
  /**
   * Copies.
   *
   * @param grid the grid searched
   * @param measure the measure optimised
   * @param values each point's mean
   * @param chosen the chosen point's index
   * @param result the chosen point's evaluation
   * @throws NullPointerException if a part is null
   */
  public Tuning {
    Objects.requireNonNull(grid, "grid");
    Objects.requireNonNull(measure, "measure");
    values = List.copyOf(values);
    Objects.requireNonNull(result, "result");
  }

  /**
   * Searches the grid.
   *
   * @param runs the inputs, in input order
   * @param grid the points
   * @param protocol the dev protocol; {@code measure} must be among its measures
   * @param measure the measure whose mean is maximised
   * @param name the fused run's name
   * @return the search
   * @throws IllegalArgumentException if the measure is not the protocol's
   * @throws dev.caliber.error.CaliberInputException if a fused run breaks the protocol (a document
   *     outside the corpus, a query outside the set: as evaluating it would)
   */
  public static Tuning search(List<ScoredRun> runs, Grid grid, EvalProtocol protocol, Measure measure, String name) {
    if (!protocol.measures().contains(measure)) {
      throw new IllegalArgumentException("illegal measure " + measure + ": not among the protocol's " + protocol.measures());
    }
    List<Value> values = new ArrayList<>();
    int best = -1;
    RunResult bestResult = null;
    // one grid point after another under one protocol: the judged tables are made once, not per point
    try (EvaluationWorkers shared = new EvaluationWorkers(1)) {
      for (Fusion f : grid.points()) {
        RunResult r = Evaluation.evaluate(protocol, f.fuse(name, runs), shared, false);
        Value v = mean(r.summary(measure));
        values.add(v);
        if (best < 0 || greater(v, values.get(best))) {
          best = values.size() - 1;
          bestResult = r;
        }
      }
    }
    return new Tuning(grid, measure, values, best, bestResult);
  }

  /**
   * The chosen fusion.
   *
   * @return the grid's point at {@link #chosen()}
   */
  public Fusion fusion() {
    return grid.points().get(chosen);
  }

  /**
   * The chosen point's mean.
   *
   * @return the value at {@link #chosen()}
   */
  public Value value() {
    return values.get(chosen);
  }

  /**
   * A summary's mean as a value: exact when it is a fraction.
   *
   * @param s the summary
   * @return the mean
   */
  public static Value mean(MeasureSummary s) {
    return s.mean() != null ? Value.of(s.mean()) : Value.ofDouble(s.decimalMean());
  }

  /** Strictly greater: exact when both are fractions; NaN (no query counted) is never greater. */
  static boolean greater(Value a, Value b) {
    if (a.exact() != null && b.exact() != null) {
      return a.exact().compareTo(b.exact()) > 0;
    }
    return a.decimal() > b.decimal() || (Double.isNaN(b.decimal()) && !Double.isNaN(a.decimal()));
  }
}
