/**
 * What the engine hands out per query: {@link dev.caliber.result.ScoredQuery}, one query of a run as
 * the engine scored it (its row, or the violation that stops it), immutable and serializable, so
 * that a query scored on one machine can be merged on another ({@code dev.caliber.eval.QueryScoring}).
 */
package dev.caliber.result;
