/**
 * The statistics, one procedure per class, each documented with its formula and source, beside the
 * record it returns: {@code Bootstrap} (an {@code Interval}), {@code SignFlip} (the randomization
 * test, a {@code SignFlipResult}), {@code PairedT} (Commons Statistics; a {@code TTestResult}),
 * {@code CohenDz} (an {@code EffectSize}), {@code Holm}, {@code Quantiles} (type 7), {@code
 * Generators}, {@code Spread}, and for every run at once {@code Anova} (two-way, without
 * replication; an {@code AnovaResult}) and {@code TukeyHsd} (randomised; a {@code TukeyHsdResult}). The package-private {@code IndexDraws} draws a bootstrap's
 * indexes as Commons RNG's {@code nextInt(n)} would, with the generator's state held in itself;
 * bootstraps of one number of deltas share one stream, and {@code Bootstrap.Batch} lets several
 * threads share a large one.
 *
 * <p>Rules held here once: the one source of randomness ({@code Generators}: xoroshiro128++,
 * seeded); whether deltas have a spread to divide by, so that the t-test and d_z are undefined
 * together ({@code Spread.degenerate}).
 */
package dev.caliber.compare.stats;
