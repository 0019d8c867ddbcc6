package dev.caliber.compare.stats;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * The stream of {@code rng.nextInt(n)} of a freshly made {@link Generators} generator, drawn from
 * its {@code nextLong()} with one call per two indexes instead of five nested calls per index (the
 * launcher's C1 compiler does not inline them): a bootstrap of 6,980 queries draws 70 million
 * indexes.
 *
 * <p>It reproduces, and {@code IndexDrawsTest} checks it against the library on every path,
 * Commons RNG 1.6's two steps: a 64-bit generator's {@code nextInt()} returns the low half of a
 * {@code nextLong()} and keeps the high half for the next call; {@code nextInt(n)} is Lemire's
 * multiply-and-reject method (the high 32 bits of {@code x * n} for a 32-bit {@code x}, drawn
 * again while the low 32 bits are below {@code 2^32 mod n}). Only valid on a generator whose
 * {@code nextInt()} has not been called yet (no half kept), which is why it takes a seed.
 */
final class IndexDraws {
  private static final long LOW = 0xffffffffL;

  private final UniformRandomProvider rng;
  private final long n;
  private final long reject; // 2^32 mod n: a low half below it is drawn again
  private long half = -1; // the kept high half (non-negative), or -1 for none, as Commons RNG keeps it

  /**
   * Draws in {@code [0, n)} from a new generator of the seed.
   *
   * @param seed the seed of {@link Generators#create}
   * @param n the bound, at least 1
   */
  IndexDraws(long seed, int n) {
    if (n < 1) {
      throw new IllegalArgumentException("illegal bound: " + n + ", must be positive");
    }
    this.rng = Generators.create(seed);
    this.n = n;
    this.reject = (1L << 32) % n;
  }

  /**
   * Fills {@code out} with the next {@code out.length} indexes, in draw order.
   *
   * @param out where the indexes go
   */
  void fill(int[] out) {
    for (int i = 0; i < out.length; i++) {
      long m = nextUnsignedInt() * n;
      while ((m & LOW) < reject) {
        m = nextUnsignedInt() * n; // rejected: drawn again
      }
      out[i] = (int) (m >>> 32);
    }
  }

  /**
   * The generator's next {@code nextInt()} as an unsigned value: a long's low half, then its high
   * half. Two small methods, each within the size C1 inlines (35 bytecodes).
   */
  private long nextUnsignedInt() {
    long kept = half;
    if (kept >= 0) {
      half = -1;
      return kept;
    }
    return lowHalfKeepingHigh();
  }

  private long lowHalfKeepingHigh() {
    long r = rng.nextLong();
    half = r >>> 32;
    return r & LOW;
  }
}
