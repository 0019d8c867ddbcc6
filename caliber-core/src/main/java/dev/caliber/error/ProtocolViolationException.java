package dev.caliber.error;

/**
 * Well-formed input that breaks the evaluation protocol: an unjudged document under exhaustive
 * judgments, a run query outside the split, a duplicate document in a ranking. The whole input is
 * rejected; nothing is scored.
 */
public final class ProtocolViolationException extends CaliberInputException {
  private static final long serialVersionUID = 1L;

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
    super(location, reason, detail, remedy);
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
