package dev.caliber.compare.stats;

import dev.caliber.measure.Value;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The paired randomization test, two-sided: under the null hypothesis that the two systems are
 * exchangeable on every query, each per-query delta is as likely to have either sign. The
 * statistic is {@code |sum of deltas|} (equivalently |mean delta|); a sign assignment is a hit
 * when its |sum| is at least the observed one (ties count as hits).
 *
 * <ul>
 *   <li><b>Exact</b>, when {@code 2^n <= permutations} (n = non-zero deltas): every one of the
 *       {@code 2^n} assignments is enumerated, the observed one included, and
 *       {@code p = hits / 2^n}.
 *   <li><b>Sampled</b> otherwise: {@code permutations} random assignments (one bit per non-zero
 *       delta from {@code rng.nextLong()}, low bit first; a set bit flips the sign), and
 *       {@code p = (hits + 1) / (permutations + 1)}, counting the observed assignment once
 *       (Phipson and Smyth (2010), Permutation p-values should never be zero, Statistical
 *       Applications in Genetics and Molecular Biology 9(1)).
 * </ul>
 *
 * Either way p is never 0. Zero deltas are left out: flipping them changes no sum, and the exact p
 * is the same with or without them. Sums are exact integer arithmetic when every delta is an exact
 * fraction and the deltas scaled to a common denominator fit in 62 bits; otherwise doubles, and a
 * sum within {@link #TOLERANCE} x sum|delta| of the observed counts as a tie.
 *
 * <p>Reference: Smucker, Allan and Carterette (2007), A comparison of statistical significance
 * tests for information retrieval evaluation, CIKM.
 */
public final class SignFlip {
  /** Relative tolerance for ties when sums are doubles. */
  public static final double TOLERANCE = 1e-9;

  private SignFlip() {}

  /**
   * Tests whether the mean of {@code deltas} differs from 0.
   *
   * @param deltas per-query deltas (system - baseline)
   * @param permutations the budget of random assignments, at least 1
   * @param rng the generator (used only when the test is sampled)
   * @return the p-value with what it rests on: the non-zero deltas, hits, assignments looked at,
   *     and whether they were enumerated
   * @throws IllegalArgumentException if permutations &lt; 1
   */
  public static SignFlipResult test(List<Value> deltas, int permutations, UniformRandomProvider rng) {
    if (permutations < 1) {
      throw new IllegalArgumentException("illegal permutations value: " + permutations + ", must be a positive integer");
    }
    List<Value> nonZero = new ArrayList<>();
    for (Value d : deltas) {
      if (d.isExact() ? d.exact().signum() != 0 : d.decimal() != 0.0) {
        nonZero.add(d);
      }
    }
    int n = nonZero.size();
    boolean exact = n < 62 && (1L << n) <= permutations;
    long[] scaled = scaledIntegers(nonZero);
    long trials = exact ? 1L << n : permutations;
    long hits = scaled != null ? countLong(scaled, exact, trials, rng) : countDouble(nonZero, exact, trials, rng);
    double p = exact ? (double) hits / trials : (hits + 1.0) / (trials + 1.0);
    return new SignFlipResult(n, hits, trials, exact, p);
  }

  private static long countLong(long[] d, boolean exact, long trials, UniformRandomProvider rng) {
    long observed = Math.abs(sum(d, 0L));
    long hits = 0;
    Bits bits = exact ? null : new Bits(rng);
    for (long t = 0; t < trials; t++) {
      long s = 0;
      for (int i = 0; i < d.length; i++) {
        boolean flip = exact ? ((t >>> i) & 1L) != 0 : bits.next();
        s += flip ? -d[i] : d[i];
      }
      if (Math.abs(s) >= observed) {
        hits++;
      }
    }
    return hits;
  }

  private static long countDouble(List<Value> values, boolean exact, long trials, UniformRandomProvider rng) {
    double[] d = values.stream().mapToDouble(Value::decimal).toArray();
    double observed = 0.0;
    double magnitude = 0.0;
    for (double x : d) {
      observed += x;
      magnitude += Math.abs(x);
    }
    double threshold = Math.abs(observed) - TOLERANCE * magnitude;
    long hits = 0;
    Bits bits = exact ? null : new Bits(rng);
    for (long t = 0; t < trials; t++) {
      double s = 0.0;
      for (int i = 0; i < d.length; i++) {
        boolean flip = exact ? ((t >>> i) & 1L) != 0 : bits.next();
        s += flip ? -d[i] : d[i];
      }
      if (Math.abs(s) >= threshold) {
        hits++;
      }
    }
    return hits;
  }

  private static long sum(long[] d, long start) {
    long s = start;
    for (long x : d) {
      s += x;
    }
    return s;
  }

  /** The deltas times their common denominator, or null when one is not exact or they do not fit. */
  static long[] scaledIntegers(List<Value> deltas) {
    BigInteger common = BigInteger.ONE;
    for (Value d : deltas) {
      if (!d.isExact()) {
        return null;
      }
      BigInteger den = d.exact().denominator();
      common = common.divide(common.gcd(den)).multiply(den);
    }
    long[] out = new long[deltas.size()];
    BigInteger total = BigInteger.ZERO;
    for (int i = 0; i < out.length; i++) {
      BigInteger scaled = deltas.get(i).exact().numerator().multiply(common.divide(deltas.get(i).exact().denominator()));
      total = total.add(scaled.abs());
      if (total.bitLength() > 62) {
        return null;
      }
      out[i] = scaled.longValueExact();
    }
    return out;
  }

  /** Random bits, 64 per {@code nextLong()}, low bit first. */
  private static final class Bits {
    private final UniformRandomProvider rng;
    private long word;
    private int left;

    Bits(UniformRandomProvider rng) {
      this.rng = rng;
    }

    boolean next() {
      if (left == 0) {
        word = rng.nextLong();
        left = 64;
      }
      boolean bit = (word & 1L) != 0;
      word >>>= 1;
      left--;
      return bit;
    }
  }
}
