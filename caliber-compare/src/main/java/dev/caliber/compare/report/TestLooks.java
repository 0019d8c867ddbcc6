package dev.caliber.compare.report;

/**
 * How often the test split has been evaluated under the report's protocol, as a history counts it
 * (docs/HISTORY.md), for the readable reports made with one: Markdown and HTML say it in their
 * policy block, LaTeX in its caption. Plain data; the writers only word it.
 *
 * @param looks the evaluations of the test split recorded under the protocol, this one included
 *     when it is one
 * @param limit how many looks the user allows before a warning ({@code --max-test-looks})
 */
public record TestLooks(int looks, int limit) {
  /**
   * Validates.
   *
   * @param looks 0 or more
   * @param limit 0 or more
   * @throws IllegalArgumentException if either is negative
   */
  public TestLooks {
    if (looks < 0 || limit < 0) {
      throw new IllegalArgumentException("illegal test looks " + looks + " (limit " + limit + "), must be >= 0");
    }
  }

  /**
   * The count in words.
   *
   * @return {@code looked at 3 times under this protocol (limit 5)}, and past the limit {@code ;
   *     more than the limit: tune on another split}
   */
  public String words() {
    return "looked at " + looks + (looks == 1 ? " time" : " times") + " under this protocol (limit " + limit + ")"
        + (looks > limit ? "; more than the limit: tune on another split" : "");
  }
}
