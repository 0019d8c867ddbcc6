package dev.caliber.result;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;

/**
 * A measure's mean over the protocol's query set.
 *
 * <p>Exact where the mathematics is rational, explicit where it is not: {@link #mean()} is the
 * exact fraction and is null for a measure whose mean is no fraction (nDCG, ERR, RBP: {@link
 * Measure#rational()} is false; a geometric mean such as GMAP), so code written for any measure
 * reads {@link #value()} (the exact fraction where there is one, else the double, as every
 * per-query value is a {@link Value}) or {@link #decimalMean()} (always the double, as trec_eval
 * prints it).
 *
 * @param measure the measure
 * @param count the denominator: queries of the set with a value (all of them unless the
 *     no-relevant policy excludes some)
 * @param mean the exact mean, or null: null when the measure is not rational (nDCG's values are
 *     doubles), when its {@link Measure#mean()} is geometric (GMAP), and when count is 0; read
 *     {@link #value()} or {@link #decimalMean()} for a mean of any measure
 * @param decimalMean the mean as trec_eval computes it: the double sum of per-query values in
 *     query-set order divided by count, or for a {@link dev.caliber.measure.Mean#GEOMETRIC}
 *     measure exp of the mean of their floored logarithms (NaN when count is 0)
 * @param decimalSum the double sum of per-query values (trec_eval prints sums for counts)
 * @param bounds the mean's bounds under holes, when the evaluation was asked for them (see {@link
 *     Bounds}); null when it was not
 */
public record MeasureSummary(Measure measure, int count, Fraction mean, double decimalMean, double decimalSum,
    Bounds bounds) {
  /**
   * A summary without bounds, as an evaluation not asked for them makes it.
   *
   * @param measure the measure
   * @param count the queries with a value
   * @param mean the exact mean, or null
   * @param decimalMean the double mean
   * @param decimalSum the double sum of per-query values
   */
  public MeasureSummary(Measure measure, int count, Fraction mean, double decimalMean, double decimalSum) {
    this(measure, count, mean, decimalMean, decimalSum, null);
  }

  /**
   * A mean's bounds under holes (pooled judgments): its lowest and highest value if every unjudged
   * document within the evaluated depth were judged, non-relevant or relevant (as relevant as the
   * most relevant judged document), per query the lesser and the greater value of the two, averaged
   * over the same queries as the mean (docs/MEASURES.md, "Bounds under holes"). Under exhaustive
   * judgments, or where no ranked document is unjudged, both equal the mean.
   *
   * @param low the low bound, exact where the measure is rational; null when the measure has no
   *     bounds (it measures the judging itself, or reads subtopics, preferences or judgment groups)
   *     or no query has a value
   * @param high the high bound, as {@code low}
   */
  public record Bounds(Value low, Value high) {
    /** The bounds of a measure that has none. */
    public static final Bounds NONE = new Bounds(null, null);

    /**
     * Validates.
     *
     * @param low the low bound, or null
     * @param high the high bound, or null
     * @throws IllegalArgumentException if only one of the two is null
     */
    public Bounds {
      if ((low == null) != (high == null)) {
        throw new IllegalArgumentException("illegal bounds: a low and a high bound, both or neither");
      }
    }
  }

  /**
   * The mean of any measure as a {@link Value}, the type of every per-query value: exact ({@link
   * Value#isExact()}, the fraction {@link #mean()}) where the mean is a fraction, else the double
   * {@link #decimalMean()} (nDCG, GMAP). Its {@link Value#decimal()} is always {@link
   * #decimalMean()}, trec_eval's double, even where the fraction is known.
   *
   * @return the mean, or null when no query has a value (count is 0, so there is no mean)
   */
  public Value value() {
    return count == 0 ? null : new Value(mean, decimalMean);
  }
}
