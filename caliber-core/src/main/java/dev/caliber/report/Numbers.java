package dev.caliber.report;

import dev.caliber.measure.Count;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The one number format of the readable outputs (TSV/CSV, Markdown, LaTeX, HTML): decimals by
 * default, exact fractions when asked for ({@link #EXACT}, the command line's {@code --exact}).
 * JSON keeps exact fractions always; trec_eval's text format keeps trec_eval's own.
 *
 * <p>The rule (docs/FORMATS.md, "Numbers"):
 *
 * <ul>
 *   <li>fixed point, never scientific notation ({@code 1.0e-04} beside {@code 0.0005} misreads,
 *       and in LaTeX typesets as a subtraction), Locale.ROOT;
 *   <li>{@value #DIGITS} decimals, rounded half-even on the double's exact binary value (as
 *       trec_eval's {@code printf} rounds, so that a mean reads as trec_eval prints it); never
 *       {@code -0.0000};
 *   <li>a value that is not zero but would print as {@code 0.0000} prints with two significant
 *       digits instead ({@code 0.000037}, {@code -0.0000012}), so that no non-zero value reads as
 *       zero;
 *   <li>p-values are bounds below the smallest decimal shown: below 0.0001 a p-value prints as
 *       {@code < 0.0001} ({@link #p(double)}).
 * </ul>
 *
 * Under {@link #EXACT}, an exact value prints as its fraction ({@code 5/6}); a value that is not
 * rational (nDCG) and every statistic (intervals, p-values, effect sizes) still print as decimals.
 */
public enum Numbers {
  /** Decimals for every value: the default of every readable output. */
  DECIMAL,
  /** Exact fractions where a value is exact, decimals elsewhere. */
  EXACT;

  /** How many decimals a value prints with. */
  public static final int DIGITS = 4;

  private static final BigDecimal HALF_UNIT = BigDecimal.valueOf(5, DIGITS + 1);
  private static final MathContext TWO_SIGNIFICANT = new MathContext(2, RoundingMode.HALF_EVEN);

  /**
   * The style for a choice of exactness.
   *
   * @param exact whether exact values print as fractions
   * @return {@link #EXACT} or {@link #DECIMAL}
   */
  public static Numbers exact(boolean exact) {
    return exact ? EXACT : DECIMAL;
  }

  /**
   * A measure's value, a mean or a delta in this style.
   *
   * @param v the value, not null
   * @return its fraction under {@link #EXACT} when it is exact, else its decimal text ({@link
   *     #decimal(Value)})
   */
  public String value(Value v) {
    return this == EXACT && v.isExact() ? v.exact().toString() : decimal(v);
  }

  /**
   * A measure's per-query value or delta in this style: a count's (NumRet, NumRel) whole values
   * print as whole numbers ({@code 1000}), as trec_eval prints them; every other value as {@link
   * #value(Value)}.
   *
   * @param m the measure the value is of, not null
   * @param v the value, not null
   * @return its text
   */
  public String value(Measure m, Value v) {
    return whole(m, v) ? v.exact().numerator().toString() : value(v);
  }

  /**
   * A measure's delta as a signed number: {@code +3} for a count, else as {@link #signed(Value)}.
   *
   * @param m the measure the delta is of, not null
   * @param v the delta, not null
   * @return its text with a plus sign before a positive value
   */
  public String signed(Measure m, Value v) {
    return plus(value(m, v));
  }

  private static boolean whole(Measure m, Value v) {
    return m instanceof Count && v.isExact() && v.exact().denominator().equals(java.math.BigInteger.ONE);
  }

  /**
   * A value as a signed number, for deltas: {@code +0.3333}, {@code -0.5000}, {@code 0.0000}
   * ({@code +1/3} under {@link #EXACT}).
   *
   * @param v the value, not null
   * @return the text of {@link #value(Value)} with a plus sign before a positive value
   */
  public String signed(Value v) {
    return plus(value(v));
  }

  /**
   * A value's decimal text, rounded on its double (for AP and Bpref computed as trec_eval computes
   * it, so that these decimals are trec_eval's own).
   *
   * @param v the value, not null
   * @return fixed-point text as the class comment states
   */
  public static String decimal(Value v) {
    return decimal(v.decimal());
  }

  /**
   * A double's decimal text, rounded on its exact binary value.
   *
   * @param d a finite double
   * @return fixed-point text as the class comment states
   * @throws NumberFormatException if {@code d} is NaN or infinite
   */
  public static String decimal(double d) {
    BigDecimal exact = new BigDecimal(d);
    if (exact.signum() != 0 && exact.abs().compareTo(HALF_UNIT) < 0) {
      return exact.round(TWO_SIGNIFICANT).stripTrailingZeros().toPlainString();
    }
    BigDecimal rounded = exact.setScale(DIGITS, RoundingMode.HALF_EVEN);
    return (rounded.signum() == 0 ? rounded.abs() : rounded).toPlainString();
  }

  /**
   * A double as a signed number: {@code +0.3333}, {@code -0.5000}, {@code 0.0000}.
   *
   * @param d a finite double
   * @return {@link #decimal(double)} with a plus sign before a positive value
   * @throws NumberFormatException if {@code d} is NaN or infinite
   */
  public static String signed(double d) {
    return plus(decimal(d));
  }

  /**
   * A p-value: {@value #DIGITS} decimals, or {@code < 0.0001} below that.
   *
   * @param p a p-value between 0 and 1
   * @return its text
   */
  public static String p(double p) {
    return p >= 0.0001 ? decimal(p) : "< 0.0001";
  }

  /**
   * A p-value as a comparison, to follow the letter p: {@code = 0.0123}, or {@code < 0.0001} below
   * that ({@link #p}).
   *
   * @param p a p-value between 0 and 1
   * @return its text
   */
  public static String pStated(double p) {
    String text = p(p);
    return text.startsWith("<") ? text : "= " + text;
  }

  private static String plus(String s) {
    return s.startsWith("-") || isZero(s) ? s : "+" + s;
  }

  private static boolean isZero(String s) {
    return s.chars().allMatch(c -> c == '0' || c == '.');
  }
}
