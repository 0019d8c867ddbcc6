package dev.caliber.compare;

import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The comparison at a glance, the first table of every readable report: one row per run, one cell
 * per measure, each run against the reference (the baseline, or with all pairs the run given
 * first), marked where the difference is significant after Holm's correction. Pure data, made by
 * {@link Comparison#summary()}.
 *
 * <p>A difference is significant when its Holm-adjusted randomization p-value is below {@link
 * #alpha()}, one minus the confidence level of the intervals (0.05 by default), so that the marks
 * and the intervals speak at one level.
 *
 * @param reference the run every other row is compared against
 * @param alpha the significance level of the marks
 * @param rows one per run, in the order given (the reference first)
 */
public record Summary(String reference, double alpha, List<Row> rows) {
  /**
   * Copies the list.
   *
   * @param reference the reference run's name, not null
   * @param alpha the significance level, strictly between 0 and 1
   * @param rows one per run; not null, no null element
   * @throws NullPointerException if the name, the list or an element is null
   */
  public Summary {
    Objects.requireNonNull(reference, "reference");
    rows = List.copyOf(rows);
  }

  /**
   * One run's row.
   *
   * @param run the run's name
   * @param cells one per measure, in the protocol's order
   */
  public record Row(String run, List<Cell> cells) {
    /**
     * Copies the list.
     *
     * @param run the run's name, not null
     * @param cells one per measure; not null, no null element
     * @throws NullPointerException if the name, the list or an element is null
     */
    public Row {
      Objects.requireNonNull(run, "run");
      cells = List.copyOf(cells);
    }
  }

  /**
   * One run's mean of one measure, and how it compares with the reference's.
   *
   * @param measure the measure
   * @param mean the run's mean over the query set (exact where rational, its decimal as trec_eval
   *     computes it), or null when no query has a value
   * @param vsReference the comparison with the reference, or null in the reference's own row
   * @param mark whether the difference is significantly better or worse after Holm
   */
  public record Cell(Measure measure, Value mean, PairedComparison vsReference, Mark mark) {
    /**
     * Validates.
     *
     * @param measure the measure, not null
     * @param mean the mean, or null
     * @param vsReference the comparison with the reference, or null
     * @param mark the mark, not null
     * @throws NullPointerException if {@code measure} or {@code mark} is null
     */
    public Cell {
      Objects.requireNonNull(measure, "measure");
      Objects.requireNonNull(mark, "mark");
    }

    /**
     * How many queries got worse than under the reference.
     *
     * @return the number of worse queries, or null in the reference's own row
     */
    public Integer worse() {
      return vsReference == null ? null : vsReference.losses();
    }
  }

  /** Whether a difference from the reference is significant after Holm, and in which direction. */
  public enum Mark {
    /** Significantly better than the reference. */
    BETTER,
    /** Significantly worse than the reference. */
    WORSE,
    /** Not significant, not compared, or the reference itself. */
    NONE
  }

  /** The summary of a comparison: each run's means, each compared with the reference's. */
  static Summary of(Comparison c) {
    String reference = c.baseline() != null ? c.baseline() : c.runNames().get(0);
    double alpha = c.settings().alpha();
    List<Row> rows = new ArrayList<>();
    for (RunResult r : c.runs()) {
      List<Cell> cells = new ArrayList<>();
      for (Measure m : c.measures()) {
        PairedComparison p = r.runName().equals(reference) ? null : c.comparisons(m).stream()
            .filter(x -> x.baseline().equals(reference) && x.system().equals(r.runName())).findFirst().orElse(null);
        cells.add(new Cell(m, mean(r.summary(m)), p, mark(p, alpha)));
      }
      rows.add(new Row(r.runName(), cells));
    }
    return new Summary(reference, alpha, rows);
  }

  private static Value mean(MeasureSummary s) {
    return s == null ? null : s.value();
  }

  /**
   * The mark of one comparison: better or worse where its Holm-adjusted p-value is below alpha, in
   * the direction of its mean delta.
   *
   * @param p a comparison, or null
   * @param alpha the significance level
   * @return {@link Mark#NONE} when {@code p} is null, has no Holm p-value or no mean delta, or is
   *     not significant
   */
  public static Mark mark(PairedComparison p, double alpha) {
    if (p == null || p.holmP() == null || p.meanDelta() == null || !(p.holmP() < alpha)) {
      return Mark.NONE;
    }
    int sign = p.meanDelta().isExact() ? p.meanDelta().exact().signum() : (int) Math.signum(p.meanDelta().decimal());
    return sign > 0 ? Mark.BETTER : sign < 0 ? Mark.WORSE : Mark.NONE;
  }
}
