package dev.caliber.engine;

import dev.caliber.measure.Value;
import java.util.List;
import java.util.Map;

/**
 * One query's row as the scorer computes it: what a {@code QueryResult} holds but the query and the
 * missing flag, with the values in the protocol's measure order.
 *
 * @param returned entries the run gave for the query, before any depth cut
 * @param relevant judged relevant documents at the protocol's threshold
 * @param unjudged ranked documents within the evaluated depth without a judgment
 * @param values each measure's value in the protocol's order; null where the policy leaves the query out
 * @param tiesAtCutoff cutoff to the size of the group of equal scores that straddles it, only where one does
 * @param firstRelevantRank 1-based rank of the first relevant document within the evaluated depth, or null
 */
public record Row(int returned, int relevant, int unjudged, List<Value> values, Map<Integer, Integer> tiesAtCutoff,
    Integer firstRelevantRank) {}
