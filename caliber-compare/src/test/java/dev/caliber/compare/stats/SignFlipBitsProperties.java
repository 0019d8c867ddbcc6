package dev.caliber.compare.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Value;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The sampled randomization test takes its sign flips 64 bits at a time; these properties hold it
 * to the plain definition: one bit per non-zero delta from {@code nextLong()}, low bit first, the
 * stream carried from one trial to the next, the sum in delta order.
 */
class SignFlipBitsProperties {
  /** The definition's bar for a double sum: |observed sum| less the tolerance times sum |d|. */
  private static double doubleThreshold(double[] d) {
    double observed = 0.0;
    double magnitude = 0.0;
    for (double x : d) {
      observed += x;
      magnitude += Math.abs(x);
    }
    return Math.abs(observed) - SignFlip.TOLERANCE * magnitude;
  }

  /** The sum of the scaled deltas, 0 when there are none. */
  private static long sum(long[] scaled) {
    long total = 0;
    for (int i = 0; scaled != null && i < scaled.length; i++) {
      total += scaled[i];
    }
    return total;
  }

  /** Hits by the definition, one bit at a time. */
  private static long referenceHits(double[] d, boolean exactSums, long[] scaled, int trials, UniformRandomProvider rng) {
    double threshold = doubleThreshold(d);
    long observedLong = Math.abs(sum(scaled));
    long word = 0;
    int left = 0;
    long hits = 0;
    for (int t = 0; t < trials; t++) {
      double s = 0.0;
      long ls = 0;
      for (int i = 0; i < d.length; i++) {
        if (left == 0) {
          word = rng.nextLong();
          left = 64;
        }
        boolean flip = (word & 1L) != 0;
        word >>>= 1;
        left--;
        s += flip ? -d[i] : d[i];
        ls += flip ? -scaled[i] : scaled[i];
      }
      boolean hit = exactSums ? Math.abs(ls) >= observedLong : Math.abs(s) >= threshold;
      if (hit) {
        hits++;
      }
    }
    return hits;
  }

  @Property(tries = 60)
  void sampled_hits_are_those_of_drawing_one_bit_at_a_time(@ForAll long seed,
      @ForAll @IntRange(min = 62, max = 300) int n, @ForAll @IntRange(min = 1, max = 400) int trials,
      @ForAll boolean exactValues) {
    // GIVEN n non-zero deltas (n >= 62, so the test is sampled), exact sixths or doubles
    List<Value> deltas = new ArrayList<>();
    double[] d = new double[n];
    long[] scaled = new long[n];
    UniformRandomProvider values = Generators.create(seed ^ 0x5DEECE66DL);
    for (int i = 0; i < n; i++) {
      int k = values.nextInt(11) - 5;
      k = k == 0 ? 1 : k;
      Value v = exactValues ? Value.of(Fraction.of(k, 6)) : Value.ofDouble(k / 6.0 + values.nextDouble() * 1e-3);
      deltas.add(v);
      d[i] = v.decimal();
      scaled[i] = k; // times the common denominator 6
    }
    // WHEN
    SignFlipResult r = SignFlip.test(deltas, trials, Generators.create(seed));
    // THEN
    assertThat(r.exact()).isFalse();
    assertThat(r.hits()).isEqualTo(referenceHits(d, exactValues, scaled, trials, Generators.create(seed)));
  }

  /** Hits by the definition for a trial's flips given as bits: bit i of word i / 64 flips delta i. */
  private static boolean referenceHit(long[] flips, double[] d, double threshold, long[] scaled, long observedLong) {
    double s = 0.0;
    long ls = 0;
    for (int i = 0; i < d.length; i++) {
      boolean flip = ((flips[i / 64] >>> (i % 64)) & 1L) != 0;
      s += flip ? -d[i] : d[i];
      ls += scaled == null ? 0 : flip ? -scaled[i] : scaled[i];
    }
    return scaled != null ? Math.abs(ls) >= observedLong : Math.abs(s) >= threshold;
  }

  /**
   * Hits by the definition, the flips of trial t being t's own bits (the enumeration): of the
   * integer sums when {@code scaled} is given, else of the double sums.
   */
  private static long referenceEnumeratedHits(double[] d, long[] scaled) {
    double threshold = doubleThreshold(d);
    long observedLong = Math.abs(sum(scaled));
    long hits = 0;
    for (long t = 0; t < 1L << d.length; t++) {
      hits += referenceHit(new long[] {t}, d, threshold, scaled, observedLong) ? 1 : 0;
    }
    return hits;
  }

  /** Deltas of both signs, now and then zero and now and then tied in magnitude, as scaled integers. */
  private static long[] someScaled(long seed, int n, int magnitude) {
    UniformRandomProvider values = Generators.create(seed ^ 0x2545F4914F6CDD1DL);
    long[] d = new long[n];
    for (int i = 0; i < n; i++) {
      d[i] = values.nextInt(4) == 0 ? 0 : values.nextInt(2 * magnitude + 1) - magnitude;
    }
    return d;
  }

  @Property(tries = 120)
  void table_sums_give_the_plain_loops_hits_when_sampled(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int n,
      @ForAll @IntRange(min = 1, max = 300) int trials, @ForAll @IntRange(min = 1, max = 1_000_000) int magnitude) {
    // GIVEN n integer deltas (zeros among them; n rarely a multiple of 4, 8 or 64)
    long[] d = someScaled(seed, n, magnitude);
    double[] asDoubles = new double[n];
    for (int i = 0; i < n; i++) {
      asDoubles[i] = d[i];
    }
    long expected = referenceHits(asDoubles, true, d, trials, Generators.create(seed));
    // WHEN and THEN: byte-wide and nibble-wide tables
    for (int width : new int[] {4, 8}) {
      assertThat(SignFlip.countLong(d, false, trials, Generators.create(seed), width)).as("width %d", width).isEqualTo(expected);
    }
  }

  @Property(tries = 120)
  void table_sums_give_the_plain_loops_hits_when_enumerating(@ForAll long seed, @ForAll @IntRange(min = 0, max = 13) int n,
      @ForAll @IntRange(min = 1, max = 5) int magnitude) {
    // GIVEN few small deltas, so that many assignments tie with the observed sum
    long[] d = someScaled(seed, n, magnitude);
    double[] asDoubles = new double[n];
    for (int i = 0; i < n; i++) {
      asDoubles[i] = d[i];
    }
    // WHEN and THEN
    for (int width : new int[] {4, 8}) {
      assertThat(SignFlip.countLong(d, true, 1L << n, Generators.create(seed), width)).as("width %d", width)
          .isEqualTo(referenceEnumeratedHits(asDoubles, d));
    }
  }

  @Property(tries = 120)
  void double_sums_without_a_branch_give_the_plain_loops_hits(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int n,
      @ForAll @IntRange(min = 1, max = 300) int trials) {
    // GIVEN doubles (zeros among them) whose sums round differently in another order
    UniformRandomProvider values = Generators.create(seed ^ 0x9E3779B97F4A7C15L);
    double[] d = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = values.nextInt(5) == 0 ? 0.0 : (values.nextDouble() - 0.5) * Math.pow(10, values.nextInt(7) - 3);
    }
    // WHEN and THEN: sampled, and enumerated on the first deltas
    assertThat(SignFlip.countDouble(d, false, trials, Generators.create(seed)))
        .isEqualTo(referenceHits(d, false, new long[n], trials, Generators.create(seed)));
    double[] few = java.util.Arrays.copyOf(d, Math.min(n, 12));
    assertThat(SignFlip.countDouble(few, true, 1L << few.length, Generators.create(seed)))
        .isEqualTo(referenceEnumeratedHits(few, null));
  }
}
