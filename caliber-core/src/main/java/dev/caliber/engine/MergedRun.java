package dev.caliber.engine;

import java.util.List;

/**
 * What merging a run's scored queries adds up to, once every check has passed: what the door
 * turns into a {@code RunResult}.
 *
 * @param rows one row per query of the query set, in its order (missing queries scored as empty rankings)
 * @param missing the queries of the set the run had no entry for, in query-set order
 * @param ignored the run's queries outside the set that the policy lists, in the run's order
 * @param noRelevant the queries of the set without a relevant document, in query-set order
 * @param means one mean per measure, in the protocol's order
 * @param lowMeans with bounds under holes, the mean of each measure's low bounds (null for a
 *     measure without bounds); null without bounds
 * @param highMeans with bounds under holes, the mean of each measure's high bounds, as {@code lowMeans}
 * @param coverageCutoffs the coverage cutoffs, smallest first
 * @param judgedSums per coverage cutoff k, the judged documents among the first k, summed over the rows
 * @param disagreeingQueries the scored queries with an entry whose given order disagrees with its score or rank
 * @param disagreeingLines such entries, for either reason
 * @param disagreeingByScore such entries whose score is higher than the one's before
 * @param disagreeingByRank such entries whose rank is not greater than the one's before
 */
public record MergedRun(RowColumns rows, List<String> missing, List<String> ignored, List<String> noRelevant,
    List<MeasureMean> means, List<MeasureMean> lowMeans, List<MeasureMean> highMeans, int[] coverageCutoffs,
    long[] judgedSums, int disagreeingQueries, long disagreeingLines, long disagreeingByScore, long disagreeingByRank) {}
