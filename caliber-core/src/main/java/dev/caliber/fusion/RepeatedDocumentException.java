package dev.caliber.fusion;

/**
 * An input ranks a document twice for one query, which no fusion can score (which of its ranks
 * counts?). Thrown by {@link Pool#of}; callers that know where the input came from locate it
 * ({@link Fusion#fuse(String, java.util.List)} by the runs' origins, {@link RunsInStep.Step#line}).
 */
public final class RepeatedDocumentException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The input's index. */
  private final int input;

  /** The repeating entry's index in the input's list, in the list's entry order. */
  private final int entry;

  /** The document. */
  private final String doc;

  RepeatedDocumentException(int input, int entry, String doc) {
    super("document " + doc + " is ranked twice by input " + (input + 1) + "; expected each document once per query");
    this.input = input;
    this.entry = entry;
    this.doc = doc;
  }

  /**
   * The input that repeats the document.
   *
   * @return its 0-based index among the inputs
   */
  public int input() {
    return input;
  }

  /**
   * The repetition's entry.
   *
   * @return its 0-based index in that input's list, in the list's (file) order
   */
  public int entry() {
    return entry;
  }

  /**
   * The document ranked twice.
   *
   * @return its ID
   */
  public String doc() {
    return doc;
  }
}
