/**
 * The engine every path scores runs with, not exported: {@link dev.caliber.engine.QueryScorer}
 * scores one query of an {@code EntryBlock} (with {@link dev.caliber.engine.Duplicates} and {@link
 * dev.caliber.engine.JudgedRanks}) into a {@link dev.caliber.result.ScoredQuery}, and {@link
 * dev.caliber.engine.RunMerge} merges a run's scored queries through the ordered checks ({@link
 * dev.caliber.engine.RunChecks}) into the totals ({@link dev.caliber.engine.RunTotals}).
 *
 * <p>The doors in {@code dev.caliber.eval} ({@code Evaluation}, {@code StreamingEvaluation}, {@code
 * QueryScoring}) call in here and turn what comes back into results. Nothing here imports {@code
 * dev.caliber.eval}: the engine reads a protocol as its parts ({@link
 * dev.caliber.engine.ProtocolParts}) and hands back rows as columns ({@link
 * dev.caliber.engine.RowColumns}) and totals ({@link dev.caliber.engine.MergedRun}).
 */
package dev.caliber.engine;
