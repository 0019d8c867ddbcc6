package dev.caliber.error;

/**
 * Bad input: the user's fault, never caliber's. The message starts with where the problem is
 * ({@link Location}), then the reason, then the offending value and what was expected.
 *
 * <p>Two kinds: {@link InputSyntaxException} when a file cannot be read as the declared format,
 * and {@link ProtocolViolationException} when well-formed input breaks the evaluation protocol.
 * Either may name the {@link Remedy} that would accept the input (a declared leniency, a raised
 * limit); a front end spells it in its own words through {@link #messageWith(String)}.
 */
public abstract class CaliberInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Where the problem is; {@link Location#NONE} when unknown, never null. */
  private final Location location;
  /** The rule that was broken, in stable wording. */
  private final String reason;
  /** The bad value and what was expected; empty when there is nothing to add, never null. */
  private final String detail;
  /** What would accept the input, or null. */
  private final Remedy remedy;
  /** The detail without the remedy; never null. */
  final String bareDetail;

  /**
   * @param location where; {@link Location#NONE} when unknown
   * @param reason the rule that was broken, in stable wording tests may match
   * @param detail the bad value and what was expected; may be empty
   */
  protected CaliberInputException(Location location, String reason, String detail) {
    this(location, reason, detail, null);
  }

  /**
   * @param location where; {@link Location#NONE} when unknown
   * @param reason the rule that was broken, in stable wording tests may match
   * @param detail the bad value and what was expected; may be empty; the message's detail ends
   *     with the remedy's {@link Remedy#text()}
   * @param remedy what would accept the input, or null for nothing
   */
  protected CaliberInputException(Location location, String reason, String detail, Remedy remedy) {
    super(render(location, reason, withRemedy(detail, remedy == null ? null : remedy.text())));
    this.location = location == null ? Location.NONE : location;
    this.reason = reason;
    this.bareDetail = detail == null ? "" : detail;
    this.detail = withRemedy(this.bareDetail, remedy == null ? null : remedy.text());
    this.remedy = remedy;
  }

  private static String withRemedy(String detail, String remedyText) {
    if (remedyText == null) {
      return detail;
    }
    return detail == null || detail.isEmpty() ? remedyText : detail + "; " + remedyText;
  }

  /**
   * What would accept the input: a declared leniency or a raised limit.
   *
   * @return the remedy, or null when there is none
   */
  public Remedy remedy() {
    return remedy;
  }

  /**
   * The message with the remedy in other words (a front end's spelling of the same remedy, such as
   * the option that declares it), or the message itself when there is no remedy.
   *
   * @param remedyText the front end's wording of {@link #remedy()}; null leaves the detail without
   *     a remedy
   * @return the message rendered with {@code remedyText} in place of {@link Remedy#text()}, or
   *     {@link #getMessage()} when there is no remedy
   */
  public String messageWith(String remedyText) {
    if (remedy == null) {
      return getMessage();
    }
    return render(location(), reason(), withRemedy(bareDetail, remedyText));
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
