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
  /** Hits by the definition, one bit at a time. */
  private static long referenceHits(double[] d, boolean exactSums, long[] scaled, int trials, UniformRandomProvider rng) {
    double observed = 0.0;
    double magnitude = 0.0;
    for (double x : d) {
      observed += x;
      magnitude += Math.abs(x);
    }
    long observedLong = 0;
    for (long x : scaled) {
      observedLong += x;
    }
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
      boolean hit = exactSums ? Math.abs(ls) >= Math.abs(observedLong)
          : Math.abs(s) >= Math.abs(observed) - SignFlip.TOLERANCE * magnitude;
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
}
