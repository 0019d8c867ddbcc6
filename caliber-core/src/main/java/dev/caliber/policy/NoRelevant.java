package dev.caliber.policy;

/** What a query without any relevant document contributes to a mean. */
public enum NoRelevant {
  /** The seed's rule: its values are null and it leaves every mean's denominator. */
  EXCLUDE,
  /** trec_eval's rule: it scores 0 (or what the measure gives an empty relevant set) and counts. */
  ZERO
}
