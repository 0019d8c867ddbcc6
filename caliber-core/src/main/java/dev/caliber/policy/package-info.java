/**
 * Every rule that changes a number: {@code Policy} (judgments, relevance threshold, gain,
 * ordering, no-relevant rule, unknown-query rule, depth) and its enums {@code Judgments}, {@code
 * Gain}, {@code Ordering}, {@code NoRelevant} and {@code UnknownQueries}; and {@code
 * RankingOrder}, the ranking rule stated once over an index view ({@code RankingOrder.Entries})
 * that {@code dev.caliber.protocol.RankedList} (IDs as strings) and the engine's view of a block
 * (IDs as bytes) both implement.
 *
 * <p>Rules held here once: ranking order and ties ({@code RankingOrder.precedes}, {@code
 * RankingOrder.sameScore}); a label's gain, the largest gain, and the largest label an exponential
 * gain takes ({@code Gain.of}, {@code Gain.MAX_GAIN}, {@code Gain.largestLabel}; a larger label is
 * refused by the protocol, {@code EvalProtocol}, through {@code Measures.largestLabel}). The
 * engine's {@code QueryScorer} applies what an unjudged document means ({@code Policy.judgments})
 * and what a query without relevant documents contributes ({@code Policy.noRelevant}).
 */
package dev.caliber.policy;
