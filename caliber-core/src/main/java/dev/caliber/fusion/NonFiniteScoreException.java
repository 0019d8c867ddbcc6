package dev.caliber.fusion;

/**
 * A fused score beyond a double's range: the method's arithmetic over a document's (normalised)
 * scores overflowed, as {@code combsum} of two scores of 1e308 does. A fused run with an infinite
 * score cannot be written or ranked honestly, so the fusion refuses it instead. Thrown by {@link
 * Fusion#fuse(java.util.List)}; callers that know the query and the inputs' names say which with
 * {@link Fusion#nonFinite}.
 */
public final class NonFiniteScoreException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The document. */
  private final String doc;

  /** The fused score: an infinity, or NaN where two infinities met. */
  private final double score;

  NonFiniteScoreException(String doc, double score) {
    super("document " + doc + " fuses to " + score + "; expected a finite fused score");
    this.doc = doc;
    this.score = score;
  }

  /**
   * The document whose fused score is not finite.
   *
   * @return its ID
   */
  public String doc() {
    return doc;
  }

  /**
   * The fused score.
   *
   * @return an infinity or NaN
   */
  public double score() {
    return score;
  }
}
