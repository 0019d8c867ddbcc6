package dev.caliber.math;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.math.BigInteger;
import java.util.Objects;

/**
 * An exact rational number, always in lowest terms with a positive denominator.
 *
 * <p>Measures whose mathematics is rational (Recall, RR, P, AP) are kept exact so that a mean
 * such as 5/6 stays 5/6 instead of becoming 0.8333333333333334. {@link #toString()} prints the
 * same text as Python's {@code str(fractions.Fraction)}: {@code "0"}, {@code "1"}, {@code "5/6"},
 * {@code "-1/2"}.
 *
 * <p>Backed by {@link BigInteger} so that a mean over many queries cannot overflow, but held in two
 * longs whenever both parts fit (the same value, one representation for each value): a run of
 * 100,000 queries keeps 100,000 values of average precision, and two BigIntegers each would be
 * most of their memory.
 *
 * <p>Serializable as its numerator and denominator, read back through {@link #of(BigInteger,
 * BigInteger)}: a fraction read from a stream is in lowest terms, in its one representation. The
 * serialized form is for caliber of the same version on both sides, not for storage.
 *
 * @serial exclude
 */
public final class Fraction implements Comparable<Fraction>, Serializable {
  @Serial
  private static final long serialVersionUID = 1L;

  /** Zero. */
  public static final Fraction ZERO = new Fraction(0, 1);
  /** One. */
  public static final Fraction ONE = new Fraction(1, 1);

  // Exactly one representation per value: longs when both parts fit in a long, else BigIntegers.
  private final long num;
  private final long den;
  private final BigInteger bigNum;
  private final BigInteger bigDen;

  private Fraction(long numerator, long denominator) {
    this.num = numerator;
    this.den = denominator;
    this.bigNum = null;
    this.bigDen = null;
  }

  /** From parts already in lowest terms with a positive denominator. */
  private Fraction(BigInteger numerator, BigInteger denominator) {
    if (numerator.bitLength() < 64 && denominator.bitLength() < 64) {
      this.num = numerator.longValue();
      this.den = denominator.longValue();
      this.bigNum = null;
      this.bigDen = null;
    } else {
      this.num = 0;
      this.den = 0;
      this.bigNum = numerator;
      this.bigDen = denominator;
    }
  }

  /**
   * Returns {@code numerator / denominator} in lowest terms.
   *
   * @param numerator any long, {@link Long#MIN_VALUE} included
   * @param denominator any non-zero long; a negative one moves the sign to the numerator
   * @return the fraction in lowest terms with a positive denominator
   * @throws ArithmeticException if {@code denominator} is zero
   */
  public static Fraction of(long numerator, long denominator) {
    if (denominator == 0) {
      throw new ArithmeticException("illegal denominator: 0, must be non-zero");
    }
    if (numerator == Long.MIN_VALUE || denominator == Long.MIN_VALUE) {
      return of(BigInteger.valueOf(numerator), BigInteger.valueOf(denominator));
    }
    if (denominator < 0) {
      numerator = -numerator;
      denominator = -denominator;
    }
    long g = gcd(Math.abs(numerator), denominator);
    return new Fraction(numerator / g, denominator / g);
  }

  /**
   * The greatest common divisor of two non-negative longs (Euclid's algorithm); {@code gcd(a, 0) = a}.
   * Shared with the measures that build exact sums in longs before making a Fraction.
   *
   * @param a a non-negative long
   * @param b a non-negative long
   * @return the greatest common divisor; {@code a} when {@code b} is 0, so 0 when both are.
   *     Negative arguments are not checked and give no meaningful result
   */
  public static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a;
  }

  /**
   * Returns {@code numerator / denominator} in lowest terms.
   *
   * @param numerator any integer, not null
   * @param denominator any non-zero integer, not null; a negative one moves the sign to the
   *     numerator
   * @return the fraction in lowest terms with a positive denominator, held in longs when both
   *     parts fit
   * @throws ArithmeticException if {@code denominator} is zero
   * @throws NullPointerException if either argument is null
   */
  public static Fraction of(BigInteger numerator, BigInteger denominator) {
    Objects.requireNonNull(numerator, "numerator");
    Objects.requireNonNull(denominator, "denominator");
    if (denominator.signum() == 0) {
      throw new ArithmeticException("illegal denominator: 0, must be non-zero");
    }
    if (denominator.signum() < 0) {
      numerator = numerator.negate();
      denominator = denominator.negate();
    }
    BigInteger gcd = numerator.gcd(denominator);
    if (!gcd.equals(BigInteger.ONE)) {
      numerator = numerator.divide(gcd);
      denominator = denominator.divide(gcd);
    }
    return new Fraction(numerator, denominator);
  }

  /**
   * Returns the integer {@code value} as a fraction.
   *
   * @param value any long
   * @return {@code value / 1}
   */
  public static Fraction of(long value) {
    return new Fraction(value, 1);
  }

  /**
   * Parses the text {@link #toString()} produces ({@code "3"}, {@code "-5/6"}).
   *
   * @param text an integer or {@code integer/integer} in decimal, without spaces; not null. Parts
   *     need not be in lowest terms and may be of any size
   * @return the fraction in lowest terms, so that {@code parse(f.toString()).equals(f)}
   * @throws NumberFormatException if the text is not an integer or integer/integer
   * @throws ArithmeticException if the denominator is zero
   */
  public static Fraction parse(String text) {
    int slash = text.indexOf('/');
    if (slash < 0) {
      return new Fraction(new BigInteger(text), BigInteger.ONE);
    }
    return of(new BigInteger(text.substring(0, slash)), new BigInteger(text.substring(slash + 1)));
  }

  /**
   * The numerator in lowest terms.
   *
   * @return the numerator; negative when the fraction is, zero when it is zero
   */
  public BigInteger numerator() {
    return bigNum != null ? bigNum : BigInteger.valueOf(num);
  }

  /**
   * The denominator in lowest terms.
   *
   * @return the denominator, always positive (1 for an integer)
   */
  public BigInteger denominator() {
    return bigDen != null ? bigDen : BigInteger.valueOf(den);
  }

  /**
   * Whether both parts fit in a long, so that {@link #longNumerator()} and {@link
   * #longDenominator()} give them without a BigInteger: for every value whose numerator and
   * denominator in lowest terms are between {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE}.
   * Columnar stores keep such values as two longs and only the rest as fractions.
   *
   * @return true when both parts fit in a long
   */
  public boolean fitsInLongs() {
    return bigNum == null;
  }

  /**
   * The numerator as a long, without allocating a BigInteger.
   *
   * @return the numerator in lowest terms; negative when the fraction is
   * @throws ArithmeticException if it does not fit in a long ({@link #fitsInLongs()} is false)
   */
  public long longNumerator() {
    if (bigNum != null) {
      throw new ArithmeticException("numerator " + bigNum + " does not fit in a long");
    }
    return num;
  }

  /**
   * The denominator as a long, without allocating a BigInteger.
   *
   * @return the denominator in lowest terms, always at least 1
   * @throws ArithmeticException if it does not fit in a long ({@link #fitsInLongs()} is false)
   */
  public long longDenominator() {
    if (bigNum != null) {
      throw new ArithmeticException("denominator " + bigDen + " does not fit in a long");
    }
    return den;
  }

  /**
   * Returns {@code this + other}, exactly.
   *
   * @param other the addend, not null
   * @return the sum in lowest terms
   */
  public Fraction plus(Fraction other) {
    if (bigNum == null && other.bigNum == null) {
      try {
        // a/b + c/d = (a (d/g) + c (b/g)) / (b (d/g)), g = gcd(b, d); reduced by Fraction.of
        long g = gcd(den, other.den);
        long dg = other.den / g;
        return of(Math.addExact(Math.multiplyExact(num, dg), Math.multiplyExact(other.num, den / g)),
            Math.multiplyExact(den, dg));
      } catch (ArithmeticException overflow) {
        // the same sum in BigIntegers, below
      }
    }
    BigInteger n = numerator();
    BigInteger d = denominator();
    BigInteger on = other.numerator();
    BigInteger od = other.denominator();
    if (d.equals(od)) {
      return of(n.add(on), d);
    }
    return of(n.multiply(od).add(on.multiply(d)), d.multiply(od));
  }

  /**
   * Returns {@code this - other}, exactly.
   *
   * @param other the subtrahend, not null
   * @return the difference in lowest terms
   */
  public Fraction minus(Fraction other) {
    return plus(other.negate());
  }

  /**
   * Returns {@code -this}.
   *
   * @return the negation, with the same denominator
   */
  public Fraction negate() {
    if (bigNum == null && num != Long.MIN_VALUE) {
      return new Fraction(-num, den);
    }
    return new Fraction(numerator().negate(), denominator());
  }

  /**
   * Returns {@code this * other}, exactly.
   *
   * @param other the factor, not null
   * @return the product in lowest terms
   */
  public Fraction times(Fraction other) {
    if (bigNum == null && other.bigNum == null && num != Long.MIN_VALUE && other.num != Long.MIN_VALUE) {
      try {
        // (a/b)(c/d) with the cross factors gcd(|a|, d) and gcd(|c|, b) taken out first (at least 1, d and b
        // being positive): in lowest terms
        long g1 = gcd(Math.abs(num), other.den);
        long g2 = gcd(Math.abs(other.num), den);
        return of(Math.multiplyExact(num / g1, other.num / g2), Math.multiplyExact(den / g2, other.den / g1));
      } catch (ArithmeticException overflow) {
        // the same product in BigIntegers, below
      }
    }
    return of(numerator().multiply(other.numerator()), denominator().multiply(other.denominator()));
  }

  /**
   * Returns {@code this / divisor}, exactly: a mean is a sum divided by its count.
   *
   * @param divisor any non-zero long; a negative one flips the sign
   * @return the quotient in lowest terms
   * @throws ArithmeticException if {@code divisor} is zero
   */
  public Fraction dividedBy(long divisor) {
    if (divisor == 0) {
      throw new ArithmeticException("illegal denominator: 0, must be non-zero");
    }
    // This is in lowest terms, so gcd(a, b * d) = gcd(a, d): one gcd with a long, never one of two
    // large numbers (an exact AP's sum has a numerator of some 1,400 bits, and each query divides
    // it by its relevant count). Dividing both by g = gcd(a, d) leaves a / g and b * (d / g) coprime.
    if (bigNum == null && num != Long.MIN_VALUE && divisor != Long.MIN_VALUE) {
      long d = Math.abs(divisor);
      long g = gcd(Math.abs(num), d);
      long q = d / g;
      long n = divisor < 0 ? -(num / g) : num / g;
      if (Math.multiplyHigh(den, q) == 0 && den * q > 0) {
        return new Fraction(n, den * q);
      }
    }
    BigInteger d = BigInteger.valueOf(divisor).abs();
    BigInteger g = numerator().gcd(d);
    BigInteger n = numerator().divide(g);
    return new Fraction(divisor < 0 ? n.negate() : n, denominator().multiply(d.divide(g)));
  }

  /**
   * The nearest double, correctly rounded (ties to even) like Python's {@code float(Fraction)},
   * except that values beyond {@link Double#MAX_VALUE} give an infinity (Python raises
   * OverflowError) and subnormal results may be off by one unit.
   *
   * @return the nearest double; never NaN
   */
  public double doubleValue() {
    if (bigNum == null && Math.abs(num) < (1L << 52) && den < (1L << 52)) {
      return (double) num / (double) den; // both exact doubles: one correctly rounded division
    }
    BigInteger numerator = numerator();
    BigInteger denominator = denominator();
    if (numerator.bitLength() < 53 && denominator.bitLength() < 53) {
      return numerator.doubleValue() / denominator.doubleValue();
    }
    // Scale so that the integer quotient has 55 or 56 bits, fold a non-zero remainder into its
    // lowest bit (a sticky bit below the rounding position), and round once: rounding a decimal
    // approximation first (as a 16-digit BigDecimal would) can land on the wrong double.
    BigInteger n = numerator.abs();
    int shift = 55 + denominator.bitLength() - n.bitLength();
    BigInteger[] qr = shift >= 0
        ? n.shiftLeft(shift).divideAndRemainder(denominator)
        : n.divideAndRemainder(denominator.shiftLeft(-shift));
    BigInteger q = qr[1].signum() == 0 ? qr[0] : qr[0].setBit(0);
    double magnitude = Math.scalb(q.doubleValue(), -shift);
    return numerator.signum() < 0 ? -magnitude : magnitude;
  }

  /**
   * The sign, without computing anything.
   *
   * @return -1, 0 or 1 as this fraction is negative, zero or positive
   */
  public int signum() {
    return bigNum != null ? bigNum.signum() : Long.signum(num);
  }

  @Override
  public int compareTo(Fraction other) {
    return numerator().multiply(other.denominator()).compareTo(other.numerator().multiply(denominator()));
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Fraction f)) {
      return false;
    }
    if (bigNum == null) {
      return f.bigNum == null && num == f.num && den == f.den;
    }
    return bigNum.equals(f.bigNum) && bigDen.equals(f.bigDen);
  }

  @Override
  public int hashCode() {
    return 31 * numerator().hashCode() + denominator().hashCode();
  }

  /** {@code "n"} when the denominator is 1, else {@code "n/d"}: Python's {@code str(Fraction)}. */
  @Override
  public String toString() {
    if (bigNum == null) {
      return den == 1 ? Long.toString(num) : num + "/" + den;
    }
    return bigDen.equals(BigInteger.ONE) ? bigNum.toString() : bigNum + "/" + bigDen;
  }

  /** Writes the fraction as its numerator and denominator, never its fields. */
  @Serial
  private Object writeReplace() {
    return new SerialForm(numerator(), denominator());
  }

  /** Refuses a stream that claims to hold the fields: only {@link SerialForm} makes a fraction. */
  @Serial
  private void readObject(ObjectInputStream in) throws InvalidObjectException {
    throw new InvalidObjectException("a Fraction is read from its numerator and denominator");
  }

  /** The serial form: read back through {@link #of(BigInteger, BigInteger)}, which reduces and checks it. */
  private record SerialForm(BigInteger numerator, BigInteger denominator) implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    @Serial
    private Object readResolve() {
      return Fraction.of(numerator, denominator);
    }
  }
}
