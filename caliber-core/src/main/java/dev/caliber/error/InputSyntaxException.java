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

  /**
   * A syntax error that the given remedy would accept, such as an input beyond a limit that may be
   * raised: the detail ends with the remedy's {@link Remedy#text()}.
   *
   * @param location where in the file; null or {@link Location#NONE} when unknown
   * @param reason what the format requires, in stable wording tests may match
   * @param detail the bad value and what was expected; null or empty for none
   * @param remedy what would accept the input, or null for nothing
   */
  public InputSyntaxException(Location location, String reason, String detail, Remedy remedy) {
    super(location, reason, detail, remedy);
  }

  /**
   * The same error at another place, such as a line numbered in the whole input rather than in a
   * block of it: the reason, detail and remedy are kept.
   *
   * @param at the new location, not null
   * @return a new exception
   */
  public InputSyntaxException at(Location at) {
    return new InputSyntaxException(java.util.Objects.requireNonNull(at, "at"), reason(), bareDetail, remedy());
  }
}
