/**
 * The doors to the engine and the results they make. Doors: {@code Evaluation.evaluate} (a run
 * held in memory), {@code StreamingEvaluation} (a TREC run scored while it is read, one door per
 * source of its bytes, each taking one {@code StreamingEvaluation.Options}; {@code
 * EvaluationWorkers}, what the runs of one call share: threads, buffers and the engine's context;
 * its thread runtime, package-private, is {@code BlockPipeline} and {@code BlockMerge}) and {@code
 * QueryScoring} (a run scored query by query apart, on a cluster, and merged elsewhere). Each
 * calls into {@code dev.caliber.engine} and turns its totals into a result.
 * {@code EvalProtocol} is what runs are scored under: judgments, query set, corpus, policy,
 * measures; a value, fingerprinted once, that keeps nothing about the runs scored under it.
 *
 * <p>The results as data: {@code RunResult} (its rows a {@code RowTable}, a list view of the
 * engine's columns), {@code QueryResult}, {@code MeasureSummary}, {@code Coverage} (mean Judged@k
 * at each of the measures' cutoffs, computed for every run, and whether it is low), {@code
 * OrderDisagreement}. The seed's report: {@code Evaluator} (the seed's checks, in the seed's order
 * and wording, then a view of the engine's result), {@code EvaluationReport}, {@code QueryRow}.
 *
 * <p>Rules held here once: a general protocol's fingerprint ({@code EvalProtocol.sha256}, with the
 * subtopic judgments, subtopic_qrels, only when there are some, so that plain protocols keep their
 * fingerprints); the seed's own checks and wording ({@code Evaluator.validate}); a query scored
 * apart from its run and a run merged from such queries ({@code QueryScoring.score}, {@code
 * QueryScoring.merge}); coverage and when it is low ({@code Coverage.of}: pooled judgments and
 * under half of the top k judged).
 */
package dev.caliber.eval;
