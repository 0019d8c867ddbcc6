/**
 * Is run B better than run A, per query, with declared statistics (docs/COMPARE.md); kept out of
 * caliber-core so that core keeps one runtime dependency. {@code Compare.runs} and {@code
 * Compare.pair} for Java callers; {@code Comparisons.compare} turns results scored under one
 * protocol and {@code CompareSettings} into a {@code Comparison}, pure data: a {@code
 * PairedComparison} per measure and pair ({@code QueryDelta}s, wins, ties and losses, worse
 * queries, interval, randomization test, Holm's p, t-test, effect size), {@code Distribution}s,
 * {@code CutoffSeries}, {@code RecallCurve}, and its {@code Summary} (each run against the
 * reference, marked where significant after Holm). The comparisons and the lanes of their
 * bootstraps run in parallel, each from its own generators, so the numbers do not depend on the
 * cores. Also here: {@code RunReport} (one run's report data), {@code Trend} (a measure over time,
 * from the history), {@code FacetComparisons} (every comparison again per facet value, into a
 * {@code FacetComparison}) and {@code ProtocolMismatchException} (names the protocol parts that
 * differ).
 *
 * <p>Rules held here once: paired deltas, the worse queries and their order ({@code
 * Comparisons.compare}; each delta and their order: {@code QueryDelta.of}, {@code
 * QueryDelta.LARGEST_LOSS_FIRST}); which p-values Holm corrects, the randomization test's of every
 * comparison in a report, not the precision-recall curve's levels, which are a view ({@code
 * Comparisons}, {@code RecallCurve}), and those per facet value in a family of their own ({@code
 * FacetComparisons}); when a difference is marked significant, a Holm-adjusted p
 * below one minus the confidence ({@code Summary}).
 */
package dev.caliber.compare;
