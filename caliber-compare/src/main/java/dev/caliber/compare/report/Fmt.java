package dev.caliber.compare.report;

import dev.caliber.measure.Value;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

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

  /** A p-value: four decimals, or two significant digits in scientific form below 0.0001. */
  static String p(Double p) {
    if (p == null) {
      return "–";
    }
    return p >= 0.0001 ? fixed4(p) : String.format(Locale.ROOT, "%.1e", p);
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
