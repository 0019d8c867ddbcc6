package dev.caliber.measure;

import dev.caliber.math.Fraction;
import java.io.Serial;
import java.io.Serializable;
import java.util.Objects;

/**
 * A measure's value: exact when the mathematics is rational (then {@link #exact()} is the fraction
 * and {@link #decimal()} its nearest double), a double otherwise (nDCG), and said so.
 *
 * <p>For an exact value the double is usually the fraction's nearest double; a measure that sums
 * many terms (AP, Bpref) computes it in floating point the way trec_eval does instead, so that
 * the 4 decimals caliber prints in trec_eval's format equal trec_eval's even on a rounding
 * boundary. It never differs from the exact value by more than a few units in the last place.
 *
 * <p>Serializable, so that a query scored on one machine can be merged on another ({@code
 * dev.caliber.result.ScoredQuery}); the serialized form is for caliber of the same version on both
 * sides, not for storage.
 *
 * @param exact the exact value, or null when the measure is not rational
 * @param decimal the value as a double
 * @serial exclude
 */
public record Value(Fraction exact, double decimal) implements Serializable {
  @Serial
  private static final long serialVersionUID = 1L;

  /**
   * Requires a finite decimal, so that no NaN or infinity reaches a mean.
   *
   * @param exact the exact value, or null when the measure is not rational
   * @param decimal the value as a double; must be finite
   * @throws IllegalArgumentException if {@code decimal} is NaN or infinite
   */
  public Value {
    if (!Double.isFinite(decimal)) {
      throw new IllegalArgumentException("illegal value " + decimal + ", must be finite");
    }
  }

  /**
   * An exact value whose double is the fraction's nearest.
   *
   * @param f the value, not null
   * @return the value of {@code f}
   * @throws NullPointerException if {@code f} is null
   * @throws IllegalArgumentException if {@code f} is beyond the range of a double
   */
  public static Value of(Fraction f) {
    Objects.requireNonNull(f, "f");
    return new Value(f, f.doubleValue());
  }

  /** Values of n / d for 0 <= n <= d <= {@value #CACHED}, shared: most rows repeat them (RR = 1/3, R = 0). */
  private static final int CACHED = 32;
  private static final Value[][] SMALL = new Value[CACHED + 1][];

  static {
    for (int d = 1; d <= CACHED; d++) {
      SMALL[d] = new Value[d + 1];
      for (int n = 0; n <= d; n++) {
        SMALL[d][n] = of(Fraction.of(n, d));
      }
    }
  }

  /**
   * An exact integer value, such as a count.
   *
   * @param n any long
   * @return the value {@code n}; shared for 0 and 1
   */
  public static Value of(long n) {
    return n == 0 || n == 1 ? SMALL[1][(int) n] : of(Fraction.of(n));
  }

  /**
   * An exact ratio, such as relevant documents found over k.
   *
   * @param numerator any long
   * @param denominator any non-zero long
   * @return the value in lowest terms; shared for ratios between 0 and 1 with a denominator up to
   *     32, which most rows repeat
   * @throws ArithmeticException if {@code denominator} is zero
   */
  public static Value of(long numerator, long denominator) {
    if (denominator >= 1 && denominator <= CACHED && numerator >= 0 && numerator <= denominator) {
      return SMALL[(int) denominator][(int) numerator];
    }
    return of(Fraction.of(numerator, denominator));
  }

  /**
   * A value that is not rational (nDCG).
   *
   * @param d the value, finite
   * @return the value with no exact part
   * @throws IllegalArgumentException if {@code d} is NaN or infinite
   */
  public static Value ofDouble(double d) {
    return new Value(null, d);
  }

  /**
   * Whether the value is exact.
   *
   * @return true when {@link #exact()} is not null
   */
  public boolean isExact() {
    return exact != null;
  }

  /** The exact fraction's text when exact, else the shortest double text. */
  @Override
  public String toString() {
    return exact != null ? exact.toString() : Double.toString(decimal);
  }
}
