package dev.caliber.engine;

import dev.caliber.math.Fraction;
import dev.caliber.math.FractionSum;
import dev.caliber.measure.Mean;
import dev.caliber.measure.Measure;

/**
 * A measure's mean over a run's rows ({@link #of}: the one mean), as the door reports it in a
 * {@code MeasureSummary}.
 *
 * @param measure the measure
 * @param count the rows with a value
 * @param mean the exact mean, or null (not rational, geometric, or no row)
 * @param decimalMean the double mean, NaN when no row has a value
 * @param decimalSum the double sum of the values in row order
 */
public record MeasureMean(Measure measure, int count, Fraction mean, double decimalMean, double decimalSum) {
  /**
   * The mean of a measure over the rows with a value, summed in row order (so that the double sum
   * is trec_eval's), read by column; exact for a rational measure (a common denominator, reduced
   * once).
   */
  public static MeasureMean of(Measure m, RowColumns rows) {
    int j = rows.measures().indexOf(m);
    int count = 0;
    boolean geometric = m.mean() == Mean.GEOMETRIC;
    FractionSum exact = m.rational() && !geometric ? new FractionSum() : null;
    double sum = 0.0;
    double logs = 0.0;
    for (int i = 0; i < rows.size(); i++) {
      double d = rows.decimal(i, j);
      if (Double.isNaN(d)) {
        continue; // no value: the query is excluded
      }
      count++;
      sum += d;
      if (geometric) {
        logs += Math.log(Math.max(d, Mean.GEOMETRIC_FLOOR));
      }
      if (exact != null) {
        exact.add(rows.exact(i, j));
      }
    }
    Fraction mean = exact == null || count == 0 ? null : exact.snapshot().dividedBy(count);
    double decimalMean = count == 0 ? Double.NaN : geometric ? Math.exp(logs / count) : sum / count;
    return new MeasureMean(m, count, mean, decimalMean, sum);
  }
}

