/**
 * The doors to the engine. {@code Evaluation.evaluate} (a run held in memory), {@code
 * StreamingEvaluation} (a TREC run scored while it is read, one door per source of its bytes, each
 * taking one {@code StreamingEvaluation.Options}; {@code EvaluationWorkers}, what the runs of one
 * call share: threads, buffers and the engine's context; its thread runtime, package-private, is
 * {@code BlockPipeline} and {@code BlockMerge}) and {@code QueryScoring} (a run scored query by
 * query apart, on a cluster, and merged elsewhere). Each calls into {@code dev.caliber.engine} and
 * turns its totals into a {@code dev.caliber.result.RunResult}. Beside them: exact shards ({@code
 * Shards}), a run read in parts ({@code RunParts}) and the means per facet value ({@code
 * FacetMeans}). The seed's report is in {@code dev.caliber.eval.seed}.
 *
 * <p>Rules held here once: a query scored apart from its run and a run merged from such queries
 * ({@code QueryScoring.score}, {@code QueryScoring.merge}).
 */
package dev.caliber.eval;
