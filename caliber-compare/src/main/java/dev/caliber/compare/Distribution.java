package dev.caliber.compare;

import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import java.util.Objects;

/**
 * How one run's per-query values of one measure are spread: the five numbers of a box plot and
 * the mean, over the queries with a value. Quantiles interpolate linearly between order
 * statistics (Hyndman and Fan's type 7, numpy's default).
 *
 * @param run the run's name
 * @param measure the measure
 * @param count queries with a value (at least 1)
 * @param mean the mean, exact when the measure is rational
 * @param min the smallest value
 * @param q1 the first quartile
 * @param median the median
 * @param q3 the third quartile
 * @param max the largest value
 */
public record Distribution(String run, Measure measure, int count, Value mean, double min, double q1, double median,
    double q3, double max) {
  /**
   * Requires at least one value and ordered quantiles, so that a box plot is always drawable.
   *
   * @param run the run's name, not null
   * @param measure the measure, not null
   * @param count queries with a value, at least 1
   * @param mean the mean, not null
   * @param min the smallest value
   * @param q1 the first quartile, at least {@code min}
   * @param median the median, at least {@code q1}
   * @param q3 the third quartile, at least {@code median}
   * @param max the largest value, at least {@code q3}
   * @throws IllegalArgumentException if {@code count} is below 1 or the five numbers are not in
   *     order (a NaN among them included)
   * @throws NullPointerException if {@code run}, {@code measure} or {@code mean} is null
   */
  public Distribution {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(measure, "measure");
    Objects.requireNonNull(mean, "mean");
    if (count < 1) {
      throw new IllegalArgumentException("illegal count: " + count + ", a distribution needs at least one value");
    }
    if (!(min <= q1 && q1 <= median && median <= q3 && q3 <= max)) {
      throw new IllegalArgumentException("illegal quantiles " + min + " " + q1 + " " + median + " " + q3 + " " + max
          + ", must be ordered");
    }
  }
}
