package dev.caliber.compare.report;

import dev.caliber.measure.Value;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Number formatting shared by the human-readable writers (Markdown, HTML, LaTeX): four decimals
 * rounded half-even on the exact binary value (as trec_eval's printf), Locale.ROOT, so equal
 * doubles always print equal text. The JSON and CSV writers print exact fractions instead.
 */
final class Fmt {
  private Fmt() {}

  /** {@code 0.8333}; never "-0.0000". */
  static String fixed4(double d) {
    return new BigDecimal(d).setScale(4, RoundingMode.HALF_EVEN).toPlainString();
  }

  /** {@code +0.3333}, {@code -0.5000}, {@code 0.0000}. */
  static String signed4(double d) {
    String s = fixed4(d);
    return s.startsWith("-") || s.equals("0.0000") ? s : "+" + s;
  }

  /** A value, or an en dash when there is none. */
  static String value(Value v) {
    return v == null ? "–" : fixed4(v.decimal());
  }

  /**
   * A p-value in the one number format of the readable reports: four decimals, or {@code < 0.0001}
   * below that (scientific notation beside fixed decimals misreads, and in LaTeX {@code 1.0e-04}
   * typesets as a subtraction).
   */
  static String p(Double p) {
    if (p == null) {
      return "–";
    }
    return p >= 0.0001 ? fixed4(p) : "< 0.0001";
  }

  /** "1 comparison", "3 comparisons": a count and its noun, singular for one. */
  static String count(long n, String singular, String plural) {
    return n + " " + (n == 1 ? singular : plural);
  }

  /** A rank or an en dash. */
  static String rank(Integer r) {
    return r == null ? "–" : r.toString();
  }

  /** The confidence level as a percentage: 95, 99.5. */
  static String percent(double confidence) {
    return new BigDecimal(Double.toString(confidence)).movePointRight(2).stripTrailingZeros().toPlainString();
  }

  /** A short axis tick: up to three decimals, trailing zeros dropped ("0.5", "-1", "0.25"). */
  static String tick(double d) {
    String s = new BigDecimal(d).setScale(3, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
    return s.equals("-0") ? "0" : s;
  }

  /** A coordinate for SVG: two decimals at most. */
  static String xy(double d) {
    String s = new BigDecimal(d).setScale(2, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
    return s.equals("-0") ? "0" : s;
  }
}
