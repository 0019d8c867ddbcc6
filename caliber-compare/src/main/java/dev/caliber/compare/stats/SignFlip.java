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
    long hits = scaled != null ? countLong(scaled, exact, trials, rng)
        : countDouble(nonZero.stream().mapToDouble(Value::decimal).toArray(), exact, trials, rng);
    double p = exact ? (double) hits / trials : (hits + 1.0) / (trials + 1.0);
    return new SignFlipResult(n, hits, trials, exact, p);
  }

  private static long countLong(long[] d, boolean exact, long trials, UniformRandomProvider rng) {
    return countLong(d, exact, trials, rng, d.length <= BYTE_TABLES_UP_TO ? 8 : 4);
  }

  /**
   * Byte-wide tables (256 sums per 8 deltas, 256 bytes per delta) while they fit in a core's
   * cache with room to spare; nibble-wide ones (16 sums per 4 deltas, 32 bytes per delta, twice
   * the look-ups) beyond.
   */
  static final int BYTE_TABLES_UP_TO = 8192;

  /**
   * Hits of the exact path, each trial's signed sum taken {@code width} deltas at a time from a
   * table of that group's {@code 2^width} signed sums, indexed by the trial's flip bits for it.
   * Why: the plain {@code s += flip ? -d : d} branches on a random bit (mispredicted half the
   * time) once per delta and trial; a look-up per {@code width} deltas has no such branch. Long
   * addition is exact (and associative even on overflow, which the 62-bit bound rules out), so
   * every trial's sum, hence every hit, is that of the plain loop.
   *
   * @param width 4 or 8: bits per look-up, a divisor of 64 so that no group straddles two words
   */
  static long countLong(long[] d, boolean exact, long trials, UniformRandomProvider rng, int width) {
    int n = d.length;
    int size = 1 << width;
    int groups = (n + width - 1) / width;
    long[] table = new long[Math.max(1, groups) * size];
    for (int g = 0; g < groups; g++) {
      int base = g * size;
      long all = 0; // no flips: the group's plain sum; each set bit j then takes 2 d_j off
      for (int j = 0; j < width && g * width + j < n; j++) {
        all += d[g * width + j];
      }
      table[base] = all;
      for (int b = 1; b < size; b++) {
        int j = Integer.numberOfTrailingZeros(b);
        long dj = g * width + j < n ? d[g * width + j] : 0; // bits past the last delta are never set
        table[base + b] = table[base + (b & (b - 1))] - 2 * dj;
      }
    }
    long observed = Math.abs(sum(d, 0L));
    long hits = 0;
    Bits bits = new Bits(rng);
    long[] flips = new long[Math.max(1, (n + 63) / 64)];
    long mask = size - 1;
    int perWord = 64 / width;
    for (long t = 0; t < trials; t++) {
      bits.flips(exact, t, flips, n);
      long s = 0;
      int base = 0;
      int g = 0;
      for (int w = 0; g < groups; w++) {
        long word = flips[w];
        for (int k = 0; k < perWord && g < groups; k++, g++) {
          s += table[base + (int) (word & mask)];
          word >>>= width;
          base += size;
        }
      }
      if (Math.abs(s) >= observed) {
        hits++;
      }
    }
    return hits;
  }

  /**
   * Hits of the double path: each trial's sum adds the deltas in delta order (doubles are not
   * associative), each taken from {@code [d, -d]} by its flip bit instead of a branch on it (a
   * random bit, mispredicted half the time): the same doubles in the same order. Four trials are
   * summed side by side, their flips drawn one trial after the other as before: a trial's sum is
   * one chain of dependent additions, and four independent chains keep the adder busy.
   */
  static long countDouble(double[] d, boolean exact, long trials, UniformRandomProvider rng) {
    double observed = 0.0;
    double magnitude = 0.0;
    for (double x : d) {
      observed += x;
      magnitude += Math.abs(x);
    }
    double threshold = Math.abs(observed) - TOLERANCE * magnitude;
    int n = d.length;
    double[] signed = new double[2 * n];
    for (int i = 0; i < n; i++) {
      signed[2 * i] = d[i];
      signed[2 * i + 1] = -d[i];
    }
    long hits = 0;
    Bits bits = new Bits(rng);
    int words = Math.max(1, (n + 63) / 64);
    long[] f0 = new long[words];
    long[] f1 = new long[words];
    long[] f2 = new long[words];
    long[] f3 = new long[words];
    long[][] f = {f0, f1, f2, f3};
    for (long t = 0; t < trials; t += 4) {
      int k = (int) Math.min(4, trials - t); // the last round's rows past k are summed and ignored
      for (int j = 0; j < k; j++) {
        bits.flips(exact, t + j, f[j], n);
      }
      double s0 = 0.0;
      double s1 = 0.0;
      double s2 = 0.0;
      double s3 = 0.0;
      for (int w = 0; w < words; w++) {
        long b0 = f0[w];
        long b1 = f1[w];
        long b2 = f2[w];
        long b3 = f3[w];
        int end = Math.min(n, 64 * w + 64);
        for (int i = 64 * w; i < end; i++) {
          int at = i << 1;
          s0 += signed[at | (int) (b0 & 1L)];
          s1 += signed[at | (int) (b1 & 1L)];
          s2 += signed[at | (int) (b2 & 1L)];
          s3 += signed[at | (int) (b3 & 1L)];
          b0 >>>= 1;
          b1 >>>= 1;
          b2 >>>= 1;
          b3 >>>= 1;
        }
      }
      double[] sums = {s0, s1, s2, s3};
      for (int j = 0; j < k; j++) {
        if (Math.abs(sums[j]) >= threshold) {
          hits++;
        }
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

  /**
   * A trial's sign flips as bit words (bit i of word i / 64 flips delta i): trial t's own bits
   * when enumerating, else the next bits of one stream, 64 per {@code nextLong()}, low bit first,
   * carried from one trial to the next (the same bits, in the same order, as drawing them one at
   * a time).
   */
  private static final class Bits {
    private final UniformRandomProvider rng;
    private long word; // the bits not yet used, low first; 0 when none
    private int left;

    Bits(UniformRandomProvider rng) {
      this.rng = rng;
    }

    void flips(boolean exact, long t, long[] out, int n) {
      if (exact) {
        out[0] = t; // n < 62: one word
        return;
      }
      for (int w = 0; 64 * w < n; w++) {
        out[w] = take(Math.min(64, n - 64 * w));
      }
    }

    /** The next k bits (1 to 64), the first drawn lowest. */
    private long take(int k) {
      if (left >= k) {
        long r = k == 64 ? word : word & ((1L << k) - 1);
        word = k == 64 ? 0 : word >>> k;
        left -= k;
        return r;
      }
      long r = word; // the last `left` bits of the current word, then the rest from a new one
      int got = left;
      int rest = k - got;
      long next = rng.nextLong();
      r |= (rest == 64 ? next : next & ((1L << rest) - 1)) << got;
      word = rest == 64 ? 0 : next >>> rest;
      left = 64 - rest;
      return r;
    }
  }
}
