/**
 * trec_eval compatibility, the drop-in's Java API: {@link dev.caliber.treceval.TrecEval} runs
 * trec_eval 10.0's command line (its query set, {@code -q}, {@code -c}, {@code -l}, {@code -M},
 * {@code -R}, {@code -Z}, and where it stops, with its exit status) through caliber's one engine;
 * {@link dev.caliber.treceval.TrecEvalArguments} reads its flags as typed;
 * {@link dev.caliber.treceval.TrecEvalView} holds what its text shows (sums, means, z-scores,
 * the {@code -c} placeholder queries), for that command and for any result ({@code caliber
 * evaluate --format trec}), and {@link dev.caliber.treceval.TrecEvalText} writes it.
 *
 * <p>trec_eval's table of measure names, parameters and output order is {@link
 * dev.caliber.measure.TrecEvalMeasures}, beside the registry whose parser reads it: this package
 * reads it too, and no package below this one depends on this one.
 *
 * <p>Rules held here once: trec_eval's judgment formats and the measures each allows ({@code
 * TrecEval.RelFormat.computes}), -Z, and where trec_eval stops with its exit status ({@code
 * TrecEval.Stopped}); the flags caliber refuses, by name ({@code TrecEvalArguments}); what
 * trec_eval reads of a run and its -c placeholder document (the package-private {@code
 * TrecEvalRankings}); what trec_eval's text shows, the counts' sums, the z-scores and their means,
 * the -c placeholder queries and num_rel ({@code TrecEvalView}, written by {@code TrecEvalText}).
 */
package dev.caliber.treceval;
