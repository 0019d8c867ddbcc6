package dev.caliber.compare.stats;

/**
 * A two-sided paired t-test, or why there is none.
 *
 * @param t the t statistic, or null when undefined
 * @param df the degrees of freedom (paired queries - 1), or null when undefined
 * @param p the two-sided p-value, or null when undefined
 * @param undefinedReason why the test is undefined (fewer than two pairs, or every delta equal so
 *     the standard deviation is 0), or null when it is defined
 */
public record TTestResult(Double t, Double df, Double p, String undefinedReason) {
  /**
   * Requires either all three numbers (finite) or a reason.
   *
   * @param t the t statistic, finite; or null when undefined
   * @param df the degrees of freedom, finite; or null when undefined
   * @param p the two-sided p-value, in [0, 1]; or null when undefined
   * @param undefinedReason why the test is undefined; or null when the numbers are given
   * @throws IllegalArgumentException if the numbers are partly given, given together with a
   *     reason, absent without one, or out of range
   */
  public TTestResult {
    boolean numbers = t != null && df != null && p != null;
    if (numbers == (undefinedReason != null) || (!numbers && (t != null || df != null || p != null))) {
      throw new IllegalArgumentException("a t-test result has either t, df and p, or a reason it is undefined");
    }
    if (numbers && !(Double.isFinite(t) && Double.isFinite(df) && p >= 0.0 && p <= 1.0)) {
      throw new IllegalArgumentException("illegal t-test result t=" + t + ", df=" + df + ", p=" + p);
    }
  }

  /**
   * A defined test.
   *
   * @param t the t statistic, finite
   * @param df the degrees of freedom, finite
   * @param p the two-sided p-value, in [0, 1]
   * @return the result, with no reason
   * @throws IllegalArgumentException if a number is out of range
   */
  public static TTestResult of(double t, double df, double p) {
    return new TTestResult(t, df, p, null);
  }

  /**
   * An undefined test and why.
   *
   * @param reason why the test is undefined, printed in reports; not null
   * @return the result with null numbers
   * @throws IllegalArgumentException if {@code reason} is null
   */
  public static TTestResult undefined(String reason) {
    return new TTestResult(null, null, null, reason);
  }

  /**
   * Whether the test is defined.
   *
   * @return true when t, df and p are given; false when {@link #undefinedReason()} says why not
   */
  public boolean defined() {
    return undefinedReason == null;
  }
}
