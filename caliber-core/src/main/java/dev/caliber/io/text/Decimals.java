package dev.caliber.io.text;

/**
 * Fast, exact decimal-to-double conversion for the scores of run files, falling back to {@link
 * Double#parseDouble} whenever exactness is not certain. Every result is bit for bit what {@code
 * Double.parseDouble} returns (the correctly rounded double); only the time differs. On a run
 * whose scores carry 17 digits (Python's {@code repr}), {@code parseDouble} costs about a
 * microsecond per line, which is seconds on a 7-million-line run.
 *
 * <p>Two paths, tried in order:
 *
 * <ol>
 *   <li>Clinger's exact case (W. D. Clinger, "How to Read Floating Point Numbers Accurately",
 *       PLDI 1990): no exponent, the digits form an integer m below 2^53 and the scale 10^k (k
 *       at most 22) is exact; one correctly rounded division m / 10^k gives the answer.
 *   <li>The Eisel-Lemire algorithm (D. Lemire, "Number Parsing at a Gigabyte per Second",
 *       Software: Practice and Experience 51(8), 2021), as in Go's strconv/eisel_lemire.go: up to
 *       19 significant digits times a 128-bit truncated power of ten; it declines (and {@code
 *       parseDouble} decides) when the product is too close to a rounding boundary, and for
 *       subnormal or overflowing results.
 * </ol>
 */
public final class Decimals {
  private static final double[] POWERS = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
    1e19, 1e20, 1e21, 1e22
  };
  /** The largest power of ten a double holds exactly: 10^22 (5^22 is below 2^53). */
  private static final int CLINGER_SCALE = 22;
  private static final int MAX_DIGITS = 19;
  private static final int MIN_EXP10 = PowersOfTen128.MIN_EXP10;
  private static final int MAX_EXP10 = PowersOfTen128.MAX_EXP10;
  /** For 10^e, e from MIN_EXP10: the 128 most significant bits, truncated; [2i] high, [2i+1] low. */
  private static final long[] POWERS_OF_TEN_128 = PowersOfTen128.TABLE;

  private Decimals() {}

  /**
   * The value of {@code [from, to)} if it is {@code [+-]digits[.digits][(e|E)[+-]digits]} (or
   * with the digits only after the point) and a fast path decides it: always a finite value (an
   * overflow is declined); NaN (never a result here) when the caller must use {@link
   * Double#parseDouble}.
   */
  public static double parse(byte[] b, int from, int to) {
    double plain = plain(b, from, to);
    if (plain == plain) {
      return plain;
    }
    int p = from;
    boolean negative = false;
    if (p < to && (b[p] == '-' || b[p] == '+')) {
      negative = b[p] == '-';
      p++;
    }
    long mantissa = 0;
    int significant = 0; // digits from the first non-zero one
    int anyDigits = 0;
    int scale = 0; // digits after the point that went into the mantissa
    boolean point = false;
    for (; p < to; p++) {
      byte x = b[p];
      if (x >= '0' && x <= '9') {
        anyDigits++;
        if (significant > 0 || x != '0') {
          if (++significant > MAX_DIGITS) {
            return Double.NaN;
          }
        }
        mantissa = mantissa * 10 + (x - '0');
        if (point) {
          scale++;
        }
      } else if (x == '.' && !point) {
        point = true;
      } else {
        break;
      }
    }
    if (anyDigits == 0) {
      return Double.NaN;
    }
    int exponent = 0;
    if (p < to) {
      if (b[p] != 'e' && b[p] != 'E' || ++p == to) {
        return Double.NaN;
      }
      boolean negativeExponent = false;
      if (b[p] == '-' || b[p] == '+') {
        negativeExponent = b[p] == '-';
        if (++p == to) {
          return Double.NaN;
        }
      }
      for (; p < to; p++) {
        int digit = b[p] - '0';
        if (digit < 0 || digit > 9 || exponent > 10_000) {
          return Double.NaN; // not a number, or far beyond any double: parseDouble decides
        }
        exponent = exponent * 10 + digit;
      }
      if (negativeExponent) {
        exponent = -exponent;
      }
    } else {
      return ofDigits(mantissa, scale, negative);
    }
    return eiselLemire(mantissa, exponent - scale, negative);
  }

  /**
   * The usual score, {@code [-]digits[.digits]} with at most 19 digits in all, in one lean loop
   * ({@link #ofDigits} of its digits), or NaN for anything else, which {@link #parse} then reads
   * the long way.
   */
  static double plain(byte[] b, int from, int to) {
    int p = from;
    boolean negative = p < to && b[p] == '-';
    if (negative) {
      p++;
    }
    long mantissa = 0;
    int point = -1;
    int digits = 0;
    for (; p < to; p++) {
      int digit = b[p] - '0';
      if (digit >= 0 && digit <= 9) {
        mantissa = mantissa * 10 + digit;
        digits++;
      } else if (b[p] == '.' && point < 0) {
        point = p;
      } else {
        return Double.NaN;
      }
    }
    if (digits == 0 || digits > MAX_DIGITS) {
      return Double.NaN;
    }
    return ofDigits(mantissa, point < 0 ? 0 : to - point - 1, negative);
  }

  /**
   * The decimal {@code [-]m / 10^scale}, correctly rounded, for a number written without an
   * exponent: Clinger's exact case when m is below 2^53 and the scale at most 22, else
   * Eisel-Lemire; NaN when neither decides ({@link #parse} then leaves it to {@link
   * Double#parseDouble}). A reader that has already gathered a number's digits in its own scan
   * (such as the run reader's one pass over a line) calls this rather than reading them again.
   *
   * @param mantissa the digits as an unsigned integer, below 10^19 (at most 19 digits)
   * @param scale the number of those digits after the decimal point, at least 0
   * @param negative whether a minus sign came first
   * @return the value bit for bit as {@code Double.parseDouble} reads the text, or NaN
   */
  public static double ofDigits(long mantissa, int scale, boolean negative) {
    if (mantissa >= 0 && mantissa < 1L << 53 && scale <= CLINGER_SCALE) {
      double value = mantissa / POWERS[scale];
      return negative ? -value : value;
    }
    return eiselLemire(mantissa, -scale, negative);
  }

  /** mantissa (unsigned, below 10^19) times 10^exp10, or NaN when undecided. */
  private static double eiselLemire(long mantissa, int exp10, boolean negative) {
    if (mantissa == 0) {
      return negative ? -0.0 : 0.0;
    }
    if (exp10 < MIN_EXP10 || exp10 > MAX_EXP10) {
      return Double.NaN;
    }
    int clz = Long.numberOfLeadingZeros(mantissa);
    long man = mantissa << clz;
    long exp2 = ((217706L * exp10) >> 16) + 64 + 1023 - clz; // 217706 / 2^16 ~ log2(10)
    int i = 2 * (exp10 - MIN_EXP10);
    long powHi = POWERS_OF_TEN_128[i];
    long powLo = POWERS_OF_TEN_128[i + 1];
    long xHi = unsignedMultiplyHigh(man, powHi);
    long xLo = man * powHi;
    if ((xHi & 0x1FF) == 0x1FF && Long.compareUnsigned(xLo + man, man) < 0) {
      // The truncated power may have cost a carry into the bits that decide rounding: widen.
      long yHi = unsignedMultiplyHigh(man, powLo);
      long yLo = man * powLo;
      long mergedHi = xHi;
      long mergedLo = xLo + yHi;
      if (Long.compareUnsigned(mergedLo, xLo) < 0) {
        mergedHi++;
      }
      if ((mergedHi & 0x1FF) == 0x1FF && mergedLo + 1 == 0 && Long.compareUnsigned(yLo + man, man) < 0) {
        return Double.NaN;
      }
      xHi = mergedHi;
      xLo = mergedLo;
    }
    long msb = xHi >>> 63;
    long result = xHi >>> (msb + 9);
    exp2 -= 1 ^ msb;
    if (xLo == 0 && (xHi & 0x1FF) == 0 && (result & 3) == 1) {
      return Double.NaN; // exactly half-way between two doubles as far as these bits tell
    }
    result += result & 1;
    result >>>= 1;
    if (result >>> 53 > 0) {
      result >>>= 1;
      exp2++;
    }
    if (exp2 <= 0 || exp2 >= 0x7FF) {
      return Double.NaN; // subnormal, or overflow
    }
    long bits = exp2 << 52 | result & 0x000F_FFFF_FFFF_FFFFL;
    if (negative) {
      bits |= Long.MIN_VALUE;
    }
    return Double.longBitsToDouble(bits);
  }

  /** The high 64 bits of the unsigned 128-bit product (Math.unsignedMultiplyHigh is Java 18). */
  private static long unsignedMultiplyHigh(long a, long b) {
    return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
  }
}
