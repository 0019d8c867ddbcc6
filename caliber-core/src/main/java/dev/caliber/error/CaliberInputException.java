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

  private final Location location;
  private final String reason;
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

  /** Where the problem is. */
  public Location location() {
    return location;
  }

  /** The rule that was broken, without location or detail. */
  public String reason() {
    return reason;
  }

  /** The offending value and the expectation, or empty. */
  public String detail() {
    return detail;
  }
}
