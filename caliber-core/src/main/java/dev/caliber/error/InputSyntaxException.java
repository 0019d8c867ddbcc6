package dev.caliber.error;

/** A file that cannot be read as its declared format: bad JSON, wrong shape, wrong column count. */
public final class InputSyntaxException extends CaliberInputException {
  private static final long serialVersionUID = 1L;

  /**
   * A syntax error; the message renders as {@code location: reason (detail)}.
   *
   * @param location where in the file; null or {@link Location#NONE} when unknown
   * @param reason what the format requires, in stable wording tests may match
   * @param detail the bad value and what was expected; null or empty for none
   */
  public InputSyntaxException(Location location, String reason, String detail) {
    super(location, reason, detail);
  }
}
