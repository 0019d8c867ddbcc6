package dev.caliber.spark;

/** An input that the Spark job cannot read as runs or judgments: a missing column, a row without a value. */
public final class SparkInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * An input error in caliber's words.
   *
   * @param message the one-line message: the input, the bad value, what was expected
   */
  public SparkInputException(String message) {
    super(message);
  }
}
