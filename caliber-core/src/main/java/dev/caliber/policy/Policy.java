package dev.caliber.policy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Every rule that changes a number, fixed before results are seen, fingerprinted, and printed with
 * every result.
 *
 * @param judgments what an unjudged ranked document means
 * @param relevanceThreshold the lowest label that counts as relevant for binary measures
 * @param gain how labels become nDCG gain
 * @param ordering which order of a run's entries is the ranking
 * @param noRelevant what a query without relevant documents contributes
 * @param unknownQueries what a run query outside the query set means
 * @param depth how many ranked documents per query are evaluated (trec_eval's -M), or 0 for all
 */
public record Policy(
    Judgments judgments,
    int relevanceThreshold,
    Gain gain,
    Ordering ordering,
    NoRelevant noRelevant,
    UnknownQueries unknownQueries,
    int depth) {

  /**
   * Validates, so that a policy that exists can be fingerprinted and applied.
   *
   * @param judgments what an unjudged ranked document means, not null
   * @param relevanceThreshold the lowest label that counts as relevant for binary measures, 1 or
   *     more
   * @param gain how labels become nDCG gain, not null
   * @param ordering which order of a run's entries is the ranking, not null
   * @param noRelevant what a query without relevant documents contributes, not null
   * @param unknownQueries what a run query outside the query set means, not null
   * @param depth how many ranked documents per query are evaluated, 0 or more; 0 for all
   * @throws NullPointerException if a rule is null
   * @throws IllegalArgumentException if {@code relevanceThreshold} is below 1 or {@code depth} is
   *     negative
   */
  public Policy {
    Objects.requireNonNull(judgments, "judgments");
    Objects.requireNonNull(gain, "gain");
    Objects.requireNonNull(ordering, "ordering");
    Objects.requireNonNull(noRelevant, "noRelevant");
    Objects.requireNonNull(unknownQueries, "unknownQueries");
    if (relevanceThreshold < 1) {
      throw new IllegalArgumentException("illegal relevance threshold: " + relevanceThreshold + ", must be >= 1");
    }
    if (depth < 0) {
      throw new IllegalArgumentException("illegal depth: " + depth + ", must be >= 0 (0 means all)");
    }
  }

  /**
   * The seed's protocol: exhaustive, threshold 1, given order, no-relevant excluded, unknown
   * queries rejected.
   *
   * @return the strict policy, linear gain, no depth limit
   */
  public static Policy strict() {
    return new Policy(Judgments.EXHAUSTIVE, 1, Gain.LINEAR, Ordering.GIVEN, NoRelevant.EXCLUDE, UnknownQueries.ERROR, 0);
  }

  /**
   * The rules under which caliber reproduces {@code trec_eval -c}.
   *
   * @return pooled judgments, threshold 1, linear gain, score order, no-relevant queries scoring
   *     0, unknown queries listed, no depth limit
   */
  public static Policy trecEval() {
    return new Policy(Judgments.POOLED, 1, Gain.LINEAR, Ordering.SCORE, NoRelevant.ZERO, UnknownQueries.LIST, 0);
  }

  /**
   * Whether these are trec_eval's rules ({@link #trecEval()}) whatever the relevance threshold, the
   * depth and the gain, which trec_eval sets by its own flags ({@code -l}, {@code -M}, the gains of
   * {@code ndcg}). Readers of a result ask the policy, never the preset that named it, so that a
   * preset and its rules spelt out are one protocol.
   *
   * @return true when only the threshold, the depth or the gain differ from trec_eval's policy
   */
  public boolean hasTrecEvalRules() {
    Policy t = trecEval();
    return withRelevanceThreshold(t.relevanceThreshold()).withDepth(t.depth()).withGain(t.gain()).equals(t);
  }

  /**
   * A copy with another threshold.
   *
   * @param threshold the lowest label that counts as relevant, 1 or more
   * @return a new policy, equal to this one but for that rule
   * @throws IllegalArgumentException if {@code threshold} is below 1
   */
  public Policy withRelevanceThreshold(int threshold) {
    return new Policy(judgments, threshold, gain, ordering, noRelevant, unknownQueries, depth);
  }

  /**
   * A copy with another judgments rule.
   *
   * @param j the judgments rule, not null
   * @return a new policy, equal to this one but for that rule
   * @throws NullPointerException if {@code j} is null
   */
  public Policy withJudgments(Judgments j) {
    return new Policy(j, relevanceThreshold, gain, ordering, noRelevant, unknownQueries, depth);
  }

  /**
   * A copy with another gain rule.
   *
   * @param g the gain rule, not null
   * @return a new policy, equal to this one but for that rule
   * @throws NullPointerException if {@code g} is null
   */
  public Policy withGain(Gain g) {
    return new Policy(judgments, relevanceThreshold, g, ordering, noRelevant, unknownQueries, depth);
  }

  /**
   * A copy with another ordering.
   *
   * @param o the ordering, not null
   * @return a new policy, equal to this one but for that rule
   * @throws NullPointerException if {@code o} is null
   */
  public Policy withOrdering(Ordering o) {
    return new Policy(judgments, relevanceThreshold, gain, o, noRelevant, unknownQueries, depth);
  }

  /**
   * A copy with another no-relevant rule.
   *
   * @param n the no-relevant rule, not null
   * @return a new policy, equal to this one but for that rule
   * @throws NullPointerException if {@code n} is null
   */
  public Policy withNoRelevant(NoRelevant n) {
    return new Policy(judgments, relevanceThreshold, gain, ordering, n, unknownQueries, depth);
  }

  /**
   * A copy with another unknown-query rule.
   *
   * @param u the unknown-query rule, not null
   * @return a new policy, equal to this one but for that rule
   * @throws NullPointerException if {@code u} is null
   */
  public Policy withUnknownQueries(UnknownQueries u) {
    return new Policy(judgments, relevanceThreshold, gain, ordering, noRelevant, u, depth);
  }

  /**
   * A copy with another depth.
   *
   * @param d how many ranked documents per query are evaluated, 0 or more; 0 for all
   * @return a new policy, equal to this one but for that rule
   * @throws IllegalArgumentException if {@code d} is negative
   */
  public Policy withDepth(int d) {
    return new Policy(judgments, relevanceThreshold, gain, ordering, noRelevant, unknownQueries, d);
  }

  /**
   * The policy as ordered JSON data, lower-case names; what the fingerprint and reports show.
   *
   * @return a new mutable map, in the record's component order, with snake_case keys ({@code
   *     relevance_threshold}), lower-case rule names and integer threshold and depth
   */
  public Map<String, Object> toData() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("judgments", judgments.name().toLowerCase(java.util.Locale.ROOT));
    m.put("relevance_threshold", relevanceThreshold);
    m.put("gain", gain.name().toLowerCase(java.util.Locale.ROOT));
    m.put("ordering", ordering.name().toLowerCase(java.util.Locale.ROOT));
    m.put("no_relevant", noRelevant.name().toLowerCase(java.util.Locale.ROOT));
    m.put("unknown_queries", unknownQueries.name().toLowerCase(java.util.Locale.ROOT));
    m.put("depth", depth);
    return m;
  }

  /*
   * equals and hashCode written out, as the record would make them, rule by rule: the generated
   * ones are bootstrapped at their first call (ObjectMethods), which builds method-handle classes
   * for all seven components, about 20 ms of a short process's start (bench/README.md, "Small
   * runs"), and every evaluation compares a policy once (hasTrecEvalRules).
   */

  @Override
  public boolean equals(Object o) {
    return o instanceof Policy p && judgments == p.judgments && relevanceThreshold == p.relevanceThreshold
        && gain == p.gain && ordering == p.ordering && noRelevant == p.noRelevant && unknownQueries == p.unknownQueries
        && depth == p.depth;
  }

  @Override
  public int hashCode() {
    return Objects.hash(judgments, relevanceThreshold, gain, ordering, noRelevant, unknownQueries, depth);
  }
}
