/**
 * The results as data. {@code RunResult}: one run's rows ({@code QueryRows}: the engine keeps them as
 * columns and makes each {@code QueryResult} on demand) and means ({@code MeasureSummary}), with
 * {@code Coverage} (mean Judged@k at each of the measures' cutoffs, and whether it is low: pooled
 * judgments and under half of the top k judged, {@code Coverage.of}) and {@code
 * OrderDisagreement}. {@link dev.caliber.result.ScoredQuery}: one query of a run as the engine scored
 * it (its row, or the violation that stops it), immutable and serializable, so that a query scored
 * on one machine can be merged on another ({@code dev.caliber.eval.QueryScoring}).
 */
package dev.caliber.result;
