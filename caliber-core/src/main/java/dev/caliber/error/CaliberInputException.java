package dev.caliber.error;

/**
 * Bad input: the user's fault, never caliber's. The message starts with where the problem is
 * ({@link Location}), then the reason, then the offending value and what was expected.
 *
 * <p>Two kinds: {@link InputSyntaxException} when a file cannot be read as the declared format,
 * and {@link ProtocolViolationException} when well-formed input breaks the evaluation protocol.
 */
public abstract class CaliberInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Where the problem is; {@link Location#NONE} when unknown, never null. */
  private final Location location;
  /** The rule that was broken, in stable wording. */
  private final String reason;
  /** The bad value and what was expected; empty when there is nothing to add, never null. */
  private final String detail;

  /**
   * @param location where; {@link Location#NONE} when unknown
   * @param reason the rule that was broken, in stable wording tests may match
   * @param detail the bad value and what was expected; may be empty
   */
  protected CaliberInputException(Location location, String reason, String detail) {
    super(render(location, reason, detail));
    this.location = location == null ? Location.NONE : location;
    this.reason = reason;
    this.detail = detail == null ? "" : detail;
  }

  /** The message: location, reason and detail, as every input error renders them. */
  static String render(Location location, String reason, String detail) {
    StringBuilder sb = new StringBuilder();
    if (location != null && !location.isUnknown()) {
      sb.append(location).append(": ");
    }
    sb.append(reason);
    if (detail != null && !detail.isEmpty()) {
      sb.append(" (").append(detail).append(')');
    }
    return sb.toString();
  }

  /**
   * Where the problem is.
   *
   * @return the location; {@link Location#NONE} when unknown, never null
   */
  public Location location() {
    return location;
  }

  /**
   * The rule that was broken, without location or detail: the stable part to match on.
   *
   * @return the reason as given to the constructor
   */
  public String reason() {
    return reason;
  }

  /**
   * The offending value and the expectation.
   *
   * @return the detail; empty, never null, when the constructor was given none
   */
  public String detail() {
    return detail;
  }
}
