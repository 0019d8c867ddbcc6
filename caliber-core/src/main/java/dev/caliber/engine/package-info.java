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
 *
 * <p>The sources: {@code Evaluation.evaluate} writes each query of a run held in memory into an
 * {@code EntryBlock} (its IDs encoded as UTF-8); {@code StreamingEvaluation} has the calling
 * thread cut a TREC file into blocks, workers parse and score them, and the calling thread merges
 * them in file order (line numbers across blocks, a malformed line first, a run not grouped by
 * query read again whole). Results never depend on the thread count or the block size. {@code
 * QueryScoring} splits the engine for a cluster (caliber-spark). What the runs under one protocol
 * share is a {@link dev.caliber.engine.ScoringContext}, opened for each evaluation, or kept in the
 * {@code EvaluationWorkers} that a sweep's runs share (the command line's repeated
 * --run, {@code Tuning.search}, fuse --tune's inputs): from the second run on it keeps each
 * query's {@link dev.caliber.engine.JudgedTable}, so a sweep pays for the judgments once.
 *
 * <p>Rules held here once: the protocol's checks and their order ({@link
 * dev.caliber.engine.RunChecks}, its class comment; every broken policy at once, {@code
 * RunChecks.throwFirst}); a document ranked twice ({@code Duplicates.find}, worded by {@code
 * RunChecks.duplicate}; for a run ranked but not scored, {@code RepeatedDocuments}); the denominator, a row for every query of the set, a missing one scored
 * as an empty ranking ({@code RunTotals.finish}); the mean, exact for a rational measure and
 * geometric where the measure says ({@link dev.caliber.engine.MeasureMean#of}); ties straddling a
 * cutoff and the first relevant rank ({@code JudgedRanks.ties}, {@code QueryScorer}); a given
 * order that disagrees with the scores or the rank column ({@code JudgedRanks.countDisagreeing},
 * summed by {@code RunTotals}); the judged entries at each coverage cutoff ({@code QueryScorer},
 * summed by {@code RunTotals}); subtopic judgments per query in ndeval's tie order ({@code
 * JudgedTable}), and the refusal of an intent-aware measure without them when scoring starts
 * ({@code QueryScorer}).
 */
package dev.caliber.engine;
