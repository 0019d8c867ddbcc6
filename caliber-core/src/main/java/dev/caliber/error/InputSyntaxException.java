package dev.caliber.error;

/** A file that cannot be read as its declared format: bad JSON, wrong shape, wrong column count. */
public final class InputSyntaxException extends CaliberInputException {
  private static final long serialVersionUID = 1L;

  /** See {@link CaliberInputException#CaliberInputException(Location, String, String)}. */
  public InputSyntaxException(Location location, String reason, String detail) {
    super(location, reason, detail);
  }
}
