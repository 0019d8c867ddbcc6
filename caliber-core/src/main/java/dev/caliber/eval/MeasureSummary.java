package dev.caliber.eval;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;

/**
 * A measure's mean over the protocol's query set.
 *
 * @param measure the measure
 * @param count the denominator: queries of the set with a value (all of them unless the
 *     no-relevant policy excludes some)
 * @param mean the exact mean when the measure is rational and its {@link Measure#mean()} is
 *     arithmetic, else null; null also when count is 0
 * @param decimalMean the mean as trec_eval computes it: the double sum of per-query values in
 *     query-set order divided by count, or for a {@link dev.caliber.measure.Mean#GEOMETRIC}
 *     measure exp of the mean of their floored logarithms (NaN when count is 0)
 * @param decimalSum the double sum of per-query values (trec_eval prints sums for counts)
 */
public record MeasureSummary(Measure measure, int count, Fraction mean, double decimalMean, double decimalSum) {}
