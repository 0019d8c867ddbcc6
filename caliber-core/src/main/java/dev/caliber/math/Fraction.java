package dev.caliber.math;

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
 * <p>Backed by {@link BigInteger} so that a mean over many queries cannot overflow.
 */
public final class Fraction implements Comparable<Fraction> {
  /** Zero. */
  public static final Fraction ZERO = new Fraction(BigInteger.ZERO, BigInteger.ONE);
  /** One. */
  public static final Fraction ONE = new Fraction(BigInteger.ONE, BigInteger.ONE);

  private final BigInteger numerator;
  private final BigInteger denominator;

  private Fraction(BigInteger numerator, BigInteger denominator) {
    this.numerator = numerator;
    this.denominator = denominator;
  }

  /**
   * Returns {@code numerator / denominator} in lowest terms.
   *
   * @throws ArithmeticException if {@code denominator} is zero
   */
  public static Fraction of(long numerator, long denominator) {
    return of(BigInteger.valueOf(numerator), BigInteger.valueOf(denominator));
  }

  /**
   * Returns {@code numerator / denominator} in lowest terms.
   *
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

  /** Returns the integer {@code value} as a fraction. */
  public static Fraction of(long value) {
    return new Fraction(BigInteger.valueOf(value), BigInteger.ONE);
  }

  /**
   * Parses the text {@link #toString()} produces ({@code "3"}, {@code "-5/6"}).
   *
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

  /** The numerator; negative when the fraction is. */
  public BigInteger numerator() {
    return numerator;
  }

  /** The denominator, always positive. */
  public BigInteger denominator() {
    return denominator;
  }

  /** Returns {@code this + other}. */
  public Fraction plus(Fraction other) {
    if (denominator.equals(other.denominator)) {
      return of(numerator.add(other.numerator), denominator);
    }
    return of(
        numerator.multiply(other.denominator).add(other.numerator.multiply(denominator)),
        denominator.multiply(other.denominator));
  }

  /** Returns {@code this - other}. */
  public Fraction minus(Fraction other) {
    return plus(other.negate());
  }

  /** Returns {@code -this}. */
  public Fraction negate() {
    return new Fraction(numerator.negate(), denominator);
  }

  /** Returns {@code this * other}. */
  public Fraction times(Fraction other) {
    return of(numerator.multiply(other.numerator), denominator.multiply(other.denominator));
  }

  /**
   * Returns {@code this / divisor}.
   *
   * @throws ArithmeticException if {@code divisor} is zero
   */
  public Fraction dividedBy(long divisor) {
    return of(numerator, denominator.multiply(BigInteger.valueOf(divisor)));
  }

  /** The nearest double (correctly rounded for ordinary magnitudes). */
  public double doubleValue() {
    if (numerator.bitLength() < 53 && denominator.bitLength() < 53) {
      return numerator.doubleValue() / denominator.doubleValue();
    }
    return new java.math.BigDecimal(numerator)
        .divide(new java.math.BigDecimal(denominator), java.math.MathContext.DECIMAL128)
        .doubleValue();
  }

  /** -1, 0 or 1 as this fraction is negative, zero or positive. */
  public int signum() {
    return numerator.signum();
  }

  @Override
  public int compareTo(Fraction other) {
    return numerator.multiply(other.denominator).compareTo(other.numerator.multiply(denominator));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Fraction f && numerator.equals(f.numerator) && denominator.equals(f.denominator);
  }

  @Override
  public int hashCode() {
    return 31 * numerator.hashCode() + denominator.hashCode();
  }

  /** {@code "n"} when the denominator is 1, else {@code "n/d"}: Python's {@code str(Fraction)}. */
  @Override
  public String toString() {
    return denominator.equals(BigInteger.ONE) ? numerator.toString() : numerator + "/" + denominator;
  }
}
