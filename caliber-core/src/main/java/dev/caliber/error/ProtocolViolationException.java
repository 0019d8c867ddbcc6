package dev.caliber.error;

/**
 * Well-formed input that breaks the evaluation protocol: an unjudged document under exhaustive
 * judgments, a run query outside the split, a duplicate document in a ranking. The whole input is
 * rejected; nothing is scored.
 */
public final class ProtocolViolationException extends CaliberInputException {
  private static final long serialVersionUID = 1L;

  /** See {@link CaliberInputException#CaliberInputException(Location, String, String)}. */
  public ProtocolViolationException(Location location, String reason, String detail) {
    super(location, reason, detail);
  }

  /** A violation with no known location and no detail. */
  public ProtocolViolationException(String reason) {
    super(Location.NONE, reason, "");
  }
}
