/**
 * Pooling: which unjudged (query, document) pairs of the runs' top k to judge next, and the new
 * judgments merged back (docs/POOLING.md).
 *
 * <p>{@code Pooling} ranks the holes by a {@code Strategy} (depth-k pooling, or the RBP weight the
 * pair carries in each run: Moffat, Webber and Zobel 2007) under {@code PoolSettings}, into a
 * {@code PoolResult} (the {@code Hole}s and the {@code PoolCoverage} before and after);
 * {@code PoolTexts} attaches the query and document texts a judge reads; {@code QrelsMerge}
 * appends new judgments to old ones and refuses a pair given two labels.
 *
 * <p>Rules held here once: the order of holes ({@code Pooling.ORDER}); what counts as judged (any
 * label, 0 and negative ones included); a run's top k is its entries in {@code
 * dev.caliber.policy.RankingOrder}'s order under the settings' ordering, the same rule evaluate
 * ranks by. Writers live in caliber-compare's {@code compare.report}.
 */
package dev.caliber.pool;
