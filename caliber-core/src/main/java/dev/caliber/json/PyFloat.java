package dev.caliber.json;

/**
 * Python's float repr, for {@link PyJson#repr} and {@link PyJson#plain}: the shortest decimal that
 * reads back as the same double, the closest of those (ties to even), written as Python writes it.
 * Hand-written because {@link Double#toString(double)} chose other digits before JDK 19, and no
 * library writes Python's notation.
 */
final class PyFloat {
  private PyFloat() {}

  /**
   * A decimal's significant digits (no leading or trailing zero) and where its point falls:
   * after {@code point} of them (0 or less: before them).
   */
  record Decimal(String digits, int point) {
    /** The digits with the point in place, padded with zeros, without an exponent. */
    String positional() {
      if (point <= 0) {
        return "0." + "0".repeat(-point) + digits;
      }
      if (point >= digits.length()) {
        return digits + "0".repeat(point - digits.length());
      }
      return digits.substring(0, point) + "." + digits.substring(point);
    }

    static Decimal of(java.math.BigDecimal stripped) {
      String digits = stripped.unscaledValue().abs().toString();
      return new Decimal(digits, digits.length() - stripped.scale());
    }
  }

  /**
   * The shortest decimal that reads back as {@code d}, the closest of those to {@code d} (ties to
   * even), as Python's repr chooses it.
   *
   * @param d a finite, non-zero double
   */
  static Decimal shortest(double d) {
    if (Math.abs(d) < Double.MIN_NORMAL) {
      // subnormal: Schubfach keeps two digits where one would do (4.9E-324), Python one
      return Decimal.of(exactShortest(d));
    }
    // Schubfach (Giulietti), the algorithm of JDK 19's Double.toString, which jackson-core carries
    // for JDK 17 too, so the digits do not depend on the JDK. About 30 times faster than rounding
    // the exact value at each precision, which every JSON writer and run writer would pay.
    String java = com.fasterxml.jackson.core.io.NumberOutput.toString(Math.abs(d), true);
    int e = java.indexOf('E');
    String mantissa = e < 0 ? java : java.substring(0, e);
    int dot = mantissa.indexOf('.');
    String all = mantissa.substring(0, dot) + mantissa.substring(dot + 1);
    int point = dot + (e < 0 ? 0 : Integer.parseInt(java.substring(e + 1)));
    int lead = 0;
    while (all.charAt(lead) == '0') {
      lead++;
    }
    int end = all.length();
    while (all.charAt(end - 1) == '0') {
      end--;
    }
    return new Decimal(all.substring(lead, end), point - lead);
  }

  /** Python's float repr of a decimal: positional between 1e-4 and 1e16 (an integer ends in .0), else {@code d.ddde±XX}. */
  static String python(String sign, Decimal x) {
    int exponent = x.point() - 1;
    if (exponent >= -4 && exponent < 16) {
      return sign + x.positional() + (x.point() >= x.digits().length() ? ".0" : "");
    }
    String digits = x.digits();
    String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
    return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
  }

  /**
   * The same by definition, slowly: the exact value rounded half to even at 1, 2, ... 17
   * significant digits, the first that reads back as {@code d}. Kept for subnormal values and as
   * the reference the fast path is tested against.
   *
   * @param d a finite, non-zero double
   * @return Python's repr of {@code d}
   */
  static String reprExact(double d) {
    return python(d < 0 ? "-" : "", Decimal.of(exactShortest(d)));
  }

  private static java.math.BigDecimal exactShortest(double d) {
    java.math.BigDecimal exact = new java.math.BigDecimal(d);
    java.math.BigDecimal shortest = exact;
    for (int p = 1; p <= 17; p++) {
      java.math.BigDecimal r = exact.round(new java.math.MathContext(p, java.math.RoundingMode.HALF_EVEN));
      if (r.doubleValue() == d) {
        shortest = r;
        break;
      }
    }
    return shortest.stripTrailingZeros();
  }
}
