package dev.caliber.error;

/**
 * A declared leniency that would accept input a protocol violation rejects. A violation names its
 * remedy in library terms ({@link #text()}); a front end that spells the remedy differently (the
 * command line names its option) renders the violation with its own words through {@link
 * ProtocolViolationException#messageWith(String)}.
 */
public enum Remedy {
  /** Unjudged ranked documents count as non-relevant. */
  POOLED_JUDGMENTS("to count unjudged documents as non-relevant, declare pooled judgments", "pooled judgments"),
  /** Run queries outside the query set are listed, not scored, instead of rejecting the run. */
  LIST_UNKNOWN_QUERIES("to list such queries instead of rejecting the run, declare the unknown-queries rule 'list'",
      "the unknown-queries rule 'list'");

  private final String text;
  private final String rule;

  Remedy(String text, String rule) {
    this.text = text;
    this.rule = rule;
  }

  /**
   * The rule to declare, without the reason, as a list of several remedies names it.
   *
   * @return a noun phrase such as {@code pooled judgments}, never null
   */
  public String rule() {
    return rule;
  }

  /**
   * The remedy in library terms, as it ends a violation's detail.
   *
   * @return a sentence fragment starting with "to", never null
   */
  public String text() {
    return text;
  }
}
