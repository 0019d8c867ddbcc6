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
 *
 * <p>While the common denominator and the numerator fit in longs (sums of values such as RR or
 * R@k, whose denominators are small), they are longs, and each step is a few long operations; the
 * first step that would overflow (detected by {@link Math#multiplyExact} and {@link
 * Math#addExact}) moves the sum to BigIntegers for the rest.
 */
public final class FractionSum {
  // While both fit, the sum is longNumerator / longDenominator (not reduced) and big is false;
  // once a step overflows (detected with Math.*Exact), the BigInteger fields take over for good.
  private long longNumerator;
  private long longDenominator = 1;
  private boolean big;
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
    if (!big && f.fitsInLongs() && addLongs(f.longNumerator(), f.longDenominator())) {
      return;
    }
    if (!big) {
      big = true;
      numerator = BigInteger.valueOf(longNumerator);
      denominator = BigInteger.valueOf(longDenominator);
    }
    addBig(f.numerator(), f.denominator());
  }

  /** The long path: p/q (q &gt; 0) added over the common denominator, or false (nothing changed) on overflow. */
  private boolean addLongs(long p, long q) {
    try {
      long d = longDenominator;
      if (q == d) {
        longNumerator = Math.addExact(longNumerator, p);
        return true;
      }
      if (d % q == 0) {
        longNumerator = Math.addExact(longNumerator, Math.multiplyExact(p, d / q));
        return true;
      }
      long g = Fraction.gcd(d, q);
      long grow = q / g;
      long n = Math.addExact(Math.multiplyExact(longNumerator, grow), Math.multiplyExact(p, d / g));
      longDenominator = Math.multiplyExact(d, grow);
      longNumerator = n;
      return true;
    } catch (ArithmeticException overflow) {
      return false;
    }
  }

  private void addBig(BigInteger p, BigInteger q) {
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
    return big ? Fraction.of(numerator, denominator) : Fraction.of(longNumerator, longDenominator);
  }
}
