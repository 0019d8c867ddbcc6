package dev.caliber.error;

/**
 * Well-formed input that breaks the evaluation protocol: an unjudged document under exhaustive
 * judgments, a run query outside the split, a duplicate document in a ranking. The whole input is
 * rejected; nothing is scored.
 */
public final class ProtocolViolationException extends CaliberInputException {
  private static final long serialVersionUID = 1L;

  /** The leniency that would accept the input, or null. */
  private final Remedy remedy;
  /** The detail without the remedy. */
  private final String bareDetail;

  /**
   * A violation that no declared leniency would accept.
   *
   * @param location where the offending value is; null or {@link Location#NONE} when unknown
   * @param reason the rule that was broken, in stable wording tests may match (see {@link
   *     Violations})
   * @param detail the bad value and what was expected; null or empty for none
   */
  public ProtocolViolationException(Location location, String reason, String detail) {
    this(location, reason, detail, null);
  }

  /**
   * A violation that a declared leniency would accept: the detail ends with the remedy's {@link
   * Remedy#text()}.
   *
   * @param location where the offending value is; null or {@link Location#NONE} when unknown
   * @param reason the rule that was broken, in stable wording tests may match (see {@link
   *     Violations})
   * @param detail the bad value and what was expected; null or empty for none
   * @param remedy the leniency, or null for none
   */
  public ProtocolViolationException(Location location, String reason, String detail, Remedy remedy) {
    super(location, reason, withRemedy(detail, remedy == null ? null : remedy.text()));
    this.remedy = remedy;
    this.bareDetail = detail == null ? "" : detail;
  }

  private static String withRemedy(String detail, String remedyText) {
    if (remedyText == null) {
      return detail;
    }
    return detail == null || detail.isEmpty() ? remedyText : detail + "; " + remedyText;
  }

  /**
   * The leniency that would accept the input, so that a front end can name its own spelling of it.
   *
   * @return the remedy, or null when there is none
   */
  public Remedy remedy() {
    return remedy;
  }

  /**
   * The message with the remedy in other words (a front end's spelling of the same leniency), or
   * the message itself when there is no remedy.
   *
   * @param remedyText the front end's wording of {@link #remedy()}, such as the option that
   *     declares it; null leaves the detail without a remedy
   * @return the message rendered with {@code remedyText} in place of {@link Remedy#text()}, or
   *     {@link #getMessage()} when there is no remedy
   */
  public String messageWith(String remedyText) {
    if (remedy == null) {
      return getMessage();
    }
    return render(location(), reason(), withRemedy(bareDetail, remedyText));
  }

  /**
   * A violation with no known location and no detail.
   *
   * @param reason the rule that was broken, in stable wording tests may match (see {@link
   *     Violations})
   */
  public ProtocolViolationException(String reason) {
    this(Location.NONE, reason, "", null);
  }
}
