package dev.caliber.error;

/**
 * The seed's rejection messages, word for word. Every {@link
 * dev.caliber.error.ProtocolViolationException} of the seed protocol carries one of these as its
 * {@code reason()}; tests and users may match on them.
 */
public final class Violations {
  private Violations() {}

  /** k is not a positive integer (0, negative, boolean, 1.5). */
  public static final String K = "k must be a positive integer";
  /** Empty corpus or empty query set. */
  public static final String NONEMPTY = "nonempty corpus and queries, mapping run required";
  /** The judged queries are not exactly the protocol's queries. */
  public static final String QRELS_COVER = "qrels must cover every query";
  /** The selected split has no query. */
  public static final String EMPTY_SPLIT = "split has no queries";
  /** A run names a query outside the selected split. */
  public static final String WRONG_SPLIT_QUERY = "unknown or wrong-split query";
  /** A judged row does not cover exactly the corpus. */
  public static final String UNJUDGED = "unjudged or unknown documents: exhaustive qrels required";
  /** A label is not the integer 0 or 1. */
  public static final String LABELS = "qrels labels must be integer 0 or 1";
  /** A ranking is not a list of document ID strings. */
  public static final String RANKING_SHAPE = "ranking must be a list of document IDs";
  /** A document appears twice in one ranking, anywhere. */
  public static final String DUPLICATE_DOCUMENT = "duplicate document ID; deduplicate upstream explicitly";
  /** A ranked document is not in the corpus. */
  public static final String UNKNOWN_DOCUMENT = "unknown document ID";
  /**
   * The reason of a violation that stands for several, each of another policy ({@link
   * ProtocolViolationException#of}); not one of the seed's messages, which rejected one rule at a
   * time.
   */
  public static final String SEVERAL_POLICIES = "several policies of the protocol are broken";
}
