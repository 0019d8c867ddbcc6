package dev.caliber.measure;

import dev.caliber.math.Fraction;
import java.math.BigDecimal;

/**
 * Decimal parameters (recall levels, multiples of R, weights): parsed once, printed canonically
 * (shortest plain decimal: {@code 0.1}, {@code 1}, {@code -1}) so that equal values give equal
 * names, and kept exact for measures whose value they enter.
 */
final class Levels {
  private Levels() {}

  /**
   * The decimal written in {@code text}, as trec_eval reads it ({@code .25}, {@code 1.0},
   * {@code -1}).
   *
   * @throws IllegalArgumentException naming the parameter when it is not a finite decimal
   */
  static BigDecimal parse(String what, String text) {
    try {
      // an exponent of at most three digits: 1e999999999 would be a billion digits in the name
      if (text.isEmpty() || !text.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]{1,3})?")) {
        throw new NumberFormatException(text);
      }
      return new BigDecimal(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("illegal " + what + " value: " + text + ", must be a decimal number such as 0.5 or 1e3", e);
    }
  }

  /** The canonical text: no trailing zeros, no exponent. */
  static String text(BigDecimal d) {
    BigDecimal s = d.stripTrailingZeros();
    return s.signum() == 0 ? "0" : s.toPlainString();
  }

  /** The exact value as a fraction. */
  static Fraction exact(BigDecimal d) {
    BigDecimal s = d.stripTrailingZeros();
    return s.scale() <= 0
        ? Fraction.of(s.toBigIntegerExact(), java.math.BigInteger.ONE)
        : Fraction.of(s.unscaledValue(), java.math.BigInteger.TEN.pow(s.scale()));
  }

  /** trec_eval's {@code %3.2f} of a level, as its names print it ({@code 0.10}, {@code 5.00}). */
  static String twoDecimals(BigDecimal d) {
    return d.setScale(2, java.math.RoundingMode.HALF_EVEN).toPlainString();
  }
}
