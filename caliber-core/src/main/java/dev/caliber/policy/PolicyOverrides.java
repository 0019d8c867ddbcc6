package dev.caliber.policy;

/**
 * The single rules a user gives over a preset's policy ({@code --judgments}, {@code
 * --relevance-threshold}, {@code --gain}, {@code --ordering}, {@code --no-relevant}, {@code
 * --unknown-queries}, {@code --depth}): the one place where they are laid over it, for the
 * command line and the Spark job alike. A null rule leaves the preset's.
 *
 * @param judgments what an unjudged ranked document means, or null
 * @param relevanceThreshold the lowest label counted relevant, or null
 * @param gain how labels become nDCG gain, or null
 * @param ordering which order of a run's entries is the ranking, or null
 * @param noRelevant what a query without relevant documents contributes, or null
 * @param unknownQueries what a run query outside the query set means, or null
 * @param depth how many ranked documents per query are evaluated, or null
 */
public record PolicyOverrides(Judgments judgments, Integer relevanceThreshold, Gain gain, Ordering ordering,
    NoRelevant noRelevant, UnknownQueries unknownQueries, Integer depth) {
  /**
   * No rule given: every rule the preset's.
   *
   * @return overrides that change nothing
   */
  public static PolicyOverrides none() {
    return new PolicyOverrides(null, null, null, null, null, null, null);
  }

  /**
   * The policy with every given rule in place of the base's.
   *
   * @param base the preset's policy, not null
   * @return a policy equal to {@code base} but for the given rules
   * @throws IllegalArgumentException if the threshold is below 1 or the depth below 0 (as {@link
   *     Policy} refuses them)
   */
  public Policy over(Policy base) {
    Policy p = base;
    if (judgments != null) {
      p = p.withJudgments(judgments);
    }
    if (relevanceThreshold != null) {
      p = p.withRelevanceThreshold(relevanceThreshold);
    }
    if (gain != null) {
      p = p.withGain(gain);
    }
    if (ordering != null) {
      p = p.withOrdering(ordering);
    }
    if (noRelevant != null) {
      p = p.withNoRelevant(noRelevant);
    }
    if (unknownQueries != null) {
      p = p.withUnknownQueries(unknownQueries);
    }
    if (depth != null) {
      p = p.withDepth(depth);
    }
    return p;
  }
}
