package dev.caliber.io.text;

/**
 * The exact fast path for the common decimal score ({@code 12.345678}, {@code -3}): at most 15
 * digits, no exponent. Then the digits form an integer m below 2^53 and the scale is 10^k with
 * k at most 15, both exactly representable as doubles, so the one correctly rounded division m /
 * 10^k gives the correctly rounded value of the decimal, bit for bit what {@link
 * Double#parseDouble} returns (Clinger, "How to Read Floating Point Numbers Accurately", PLDI
 * 1990). Everything else is left to {@link Double#parseDouble}, which allocates and is several
 * times slower; on a 7-million-line run the difference is seconds.
 */
final class Decimals {
  private static final double[] POWERS = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15
  };
  private static final int MAX_DIGITS = 15;

  private Decimals() {}

  /**
   * The value of {@code [from, to)} if it is {@code [+-]digits[.digits]} or {@code [+-].digits}
   * with 1 to 15 digits in all; NaN (never a valid result here) when the fast path does not apply.
   */
  static double fastPath(byte[] b, int from, int to) {
    int p = from;
    boolean negative = false;
    if (p < to && (b[p] == '-' || b[p] == '+')) {
      negative = b[p] == '-';
      p++;
    }
    long mantissa = 0;
    int digits = 0;
    int scale = 0;
    boolean point = false;
    for (; p < to; p++) {
      byte x = b[p];
      if (x >= '0' && x <= '9') {
        if (++digits > MAX_DIGITS) {
          return Double.NaN;
        }
        mantissa = mantissa * 10 + (x - '0');
        if (point) {
          scale++;
        }
      } else if (x == '.' && !point) {
        point = true;
      } else {
        return Double.NaN; // an exponent, a second point, a misplaced sign: not for the fast path
      }
    }
    if (digits == 0) {
      return Double.NaN;
    }
    double value = mantissa / POWERS[scale];
    return negative ? -value : value;
  }
}
