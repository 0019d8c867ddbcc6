package dev.caliber.error;

/**
 * What would accept input that an error rejects: a declared leniency (for a protocol violation) or
 * a raised limit (for an input beyond one of its {@code InputLimits}). An error names its remedy
 * in library terms ({@link #text()}); a front end that spells the remedy differently (the command
 * line names its option) renders the error with its own words through {@link
 * CaliberInputException#messageWith(String)}.
 */
public enum Remedy {
  /** Unjudged ranked documents count as non-relevant. */
  POOLED_JUDGMENTS("to count unjudged documents as non-relevant, declare pooled judgments", "pooled judgments"),
  /** Run queries outside the query set are listed, not scored, instead of rejecting the run. */
  LIST_UNKNOWN_QUERIES("to list such queries instead of rejecting the run, declare the unknown-queries rule 'list'",
      "the unknown-queries rule 'list'"),
  /** TREC run lines with more than six columns are read, the columns after the sixth ignored. */
  IGNORE_EXTRA_COLUMNS("to ignore columns after the sixth, as trec_eval does, declare that extra columns are ignored",
      "extra columns ignored"),
  /** A longer line limit. */
  RAISE_LINE_LIMIT("to accept longer lines, raise the line limit", "a higher line limit"),
  /** A larger limit on one query's lines in a streamed run. */
  RAISE_QUERY_LIMIT("to accept larger queries, raise the query limit", "a higher query limit"),
  /** A larger limit on an input's size after decompression. */
  RAISE_INPUT_LIMIT("to accept larger inputs, raise the input size limit", "a higher input size limit"),
  /** Runs fused after reading them whole, rather than query by query in step (fusion). */
  READ_WHOLE("to fuse runs whose queries differ or come in other orders, read them whole", "runs read whole");

  private final String text;
  private final String rule;

  Remedy(String text, String rule) {
    this.text = text;
    this.rule = rule;
  }

  /**
   * The rule to declare (or the limit to raise), without the reason, as a list of several
   * remedies names it.
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
