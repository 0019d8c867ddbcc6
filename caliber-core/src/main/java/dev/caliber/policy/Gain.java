package dev.caliber.policy;

/**
 * How a graded label becomes nDCG gain. Labels below 0 never gain (see docs/MEASURES.md).
 *
 * <p>Every gain a measure sums is at most {@link #MAX_GAIN} in magnitude, so that a sum over any
 * ranking (at most 2^31 documents, each weighted by at most 1) stays within a double: an infinity
 * would make nDCG NaN, and nDCG of a label whose gain overflows is no number at all. Under {@link
 * #EXPONENTIAL} that bounds the label at {@link #largestLabel()}, 992; the protocol refuses a
 * judgment above it, naming its line.
 */
public enum Gain {
  /** gain = label, as trec_eval's ndcg and ndcg_cut. */
  LINEAR,
  /** gain = 2^label - 1 (Burges et al., 2005), as many learning-to-rank papers use. */
  EXPONENTIAL;

  /** 2^992: the largest gain in magnitude, about 4.2e298 (2^992 times 2^31 documents is below 2^1024). */
  public static final double MAX_GAIN = 0x1p992;

  /**
   * The gain of a positive label.
   *
   * @param label a label above 0 and at most {@link #largestLabel()}
   * @return {@code label} or {@code 2^label - 1}
   */
  public double of(int label) {
    return of((double) label);
  }

  /**
   * The gain of a positive fractional label (an LLM judge's {@code 0.7}).
   *
   * @param label a label above 0 and at most {@link #largestLabel()}
   * @return {@code label} or {@code 2^label - 1}
   */
  public double of(double label) {
    return this == LINEAR ? label : Math.pow(2.0, label) - 1.0;
  }

  /**
   * The largest label whose gain is at most {@link #MAX_GAIN}.
   *
   * @return {@link Integer#MAX_VALUE} for linear gain, 992 for exponential
   */
  public int largestLabel() {
    return this == LINEAR ? Integer.MAX_VALUE : 992;
  }
}
