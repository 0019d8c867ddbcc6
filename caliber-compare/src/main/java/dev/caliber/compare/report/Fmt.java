package dev.caliber.compare.report;

import dev.caliber.compare.Comparison;
import dev.caliber.compare.Summary;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.report.Numbers;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * What the human-readable writers (Markdown, HTML, LaTeX) print for absent numbers, ranks, counts
 * and chart coordinates; numbers themselves are {@link Numbers}', the one format of every readable
 * output, so equal values always print equal text.
 */
final class Fmt {
  private Fmt() {}

  /** A double statistic's decimals ({@link Numbers#decimal(double)}). */
  static String fixed4(double d) {
    return Numbers.decimal(d);
  }

  /** {@code +0.3333}, {@code -0.5000}, {@code 0.0000}. */
  static String signed4(double d) {
    return Numbers.signed(d);
  }

  /** A value's decimals (chart labels), or an en dash when there is none. */
  static String decimal(Value v) {
    return v == null ? "–" : Numbers.decimal(v);
  }

  /** A value in the report's style, or an en dash when there is none. */
  static String value(Value v, Numbers n) {
    return v == null ? "–" : n.value(v);
  }

  /**
   * A mean's bounds under holes in the report's style, {@code [low, high]}, or an en dash for a
   * measure without them (or without a value).
   */
  static String bounds(dev.caliber.result.MeasureSummary.Bounds b, Numbers n) {
    return b.low() == null ? "–" : "[" + n.value(b.low()) + ", " + n.value(b.high()) + "]";
  }

  /** A measure's per-query value in the report's style (a count as a whole number), or an en dash when there is none. */
  static String value(Measure m, Value v, Numbers n) {
    return v == null ? "–" : n.value(m, v);
  }

  /** A measure's per-query delta in the report's style, or an en dash when there is none. */
  static String signed(Measure m, Value v, Numbers n) {
    return v == null ? "–" : n.signed(m, v);
  }

  /** A signed value (a delta) in the report's style, or an en dash when there is none. */
  static String signed(Value v, Numbers n) {
    return v == null ? "–" : n.signed(v);
  }

  /** A p-value ({@link Numbers#p(double)}), or an en dash when there is none. */
  static String p(Double p) {
    return p == null ? "–" : Numbers.p(p);
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

  /** A significance level as the confidence was given: 0.05, not 0.050000000000000044. */
  static String alpha(double alpha) {
    return new BigDecimal(Double.toString(alpha)).setScale(10, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
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

  /** The summary's mark after a mean: {@code " ▲"} (better), {@code " ▼"} (worse), or nothing. */
  static String mark(Summary.Mark m) {
    return switch (m) {
      case BETTER -> " ▲";
      case WORSE -> " ▼";
      case NONE -> "";
    };
  }

  /** The line under the summary table that says what its marks mean; {@code reference} already escaped. */
  static String summaryLegend(Comparison c, String reference) {
    String alpha = BigDecimal.ONE.subtract(new BigDecimal(Double.toString(c.settings().confidence()))).stripTrailingZeros()
        .toPlainString(); // the summary's alpha, 1 - confidence, as the confidence was given
    return "▲ / ▼: significantly better / worse than " + reference + " after Holm's correction (p Holm < "
        + alpha + "); (N worse): queries that got worse than under " + reference + "."
        + (c.baseline() == null ? " With all pairs, every pair is in the details below." : "");
  }
}
