package dev.caliber.math;

import java.math.BigInteger;

/**
 * A mutable, exact sum of fractions; {@link #snapshot()} gives the sum as a {@link Fraction}.
 *
 * <p>Why not {@code sum = sum.plus(f)}: every {@link Fraction#plus} reduces to lowest terms with a
 * gcd of the full numerator and denominator. A mean of average precision over thousands of queries
 * has a denominator near lcm(1..1000), some 1,400 bits, so each step costs a big gcd. Here the sum
 * is kept over a common denominator, the lcm of the denominators seen: once it holds them all
 * (soon, since per-query denominators are products of small ranks), adding p/q is one division of
 * that denominator by the small q, one small multiplication and an addition. The sum is reduced
 * once, in {@link #snapshot()}. The result is the same fraction in lowest terms.
 */
public final class FractionSum {
  private BigInteger numerator = BigInteger.ZERO;
  private BigInteger denominator = BigInteger.ONE;

  /** An empty sum (zero). */
  public FractionSum() {}

  /**
   * Adds {@code f}; cheap once the common denominator is a multiple of {@code f}'s.
   *
   * @param f the fraction to add, not null
   */
  public void add(Fraction f) {
    BigInteger q = f.denominator();
    BigInteger p = f.numerator();
    if (q.equals(denominator)) {
      numerator = numerator.add(p);
      return;
    }
    BigInteger[] split = denominator.divideAndRemainder(q);
    if (split[1].signum() == 0) {
      numerator = numerator.add(p.multiply(split[0])); // q divides the common denominator
      return;
    }
    BigInteger g = denominator.gcd(q);
    BigInteger grow = q.divide(g);
    numerator = numerator.multiply(grow).add(p.multiply(denominator.divide(g)));
    denominator = denominator.multiply(grow);
  }

  /**
   * The sum so far; the accumulator stays usable.
   *
   * @return the sum of every fraction added, in lowest terms; {@link Fraction#ZERO} when none was
   */
  public Fraction snapshot() {
    return Fraction.of(numerator, denominator);
  }
}
