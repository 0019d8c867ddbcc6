/**
 * What changed between two runs, before anyone judged (docs/DIFF.md): {@code Diff} describes a diff
 * (two {@code ScoredRun}s, {@code DiffSettings}, a query set, judgments) and computes a {@code
 * RunDiff}, pure data: a {@code QueryDiff} per query (its {@code Rbo}, a {@code TopK} per cutoff with
 * its {@code DocumentRanks}) and the {@code DiffMean}, which the writers of {@code
 * dev.caliber.compare.report} render ({@code DiffJson}, {@code DiffTable}, {@code DiffMarkdown},
 * {@code DiffHtml}).
 *
 * <p>Rules held here once: RBO's bounds and estimate ({@code Rbo.of}; Webber, Moffat and Zobel
 * 2010); the persistence and cutoffs a diff accepts ({@code DiffSettings.requirePersistence},
 * {@code requireCutoffs}); the query set, a ranking (caliber's ordering, {@code
 * dev.caliber.policy.RankingOrder}, cut at the depth), the top-k lists and ANN recall's denominator,
 * and the means ({@code Diff}). A document ranked twice is the engine's check ({@code
 * dev.caliber.eval.Evaluation.requireEachDocumentOnce}).
 */
package dev.caliber.compare.diff;
