package dev.caliber.compare.stats;

/**
 * The stream of {@code rng.nextInt(n)} of a freshly made {@link Generators} generator, with the
 * generator's two longs held here: a bootstrap of 6,980 queries draws 70 million indexes, and the
 * launcher's C1 compiler inlines none of the calls behind the library's {@code nextInt(n)}, nor
 * even its {@code nextLong()} (an interface call), so a draw cost a few real calls.
 *
 * <p>It reproduces, and {@code IndexDrawsTest} checks it draw by draw against the library for many
 * seeds and bounds, rejections included, Commons RNG 1.6's steps:
 *
 * <ul>
 *   <li>seeding: {@code RandomSource.create(Long seed)} fills the two state longs with SplitMix64
 *       (the seed plus the golden-ratio increment, once then twice, each mixed by Stafford's
 *       variant 13);
 *   <li>xoroshiro128++'s {@code nextLong()} (Blackman and Vigna);
 *   <li>a 64-bit generator's {@code nextInt()} returns the low half of a {@code nextLong()} and
 *       keeps the high half for the next call;
 *   <li>{@code nextInt(n)} is Lemire's multiply-and-reject method (the high 32 bits of
 *       {@code x * n} for a 32-bit {@code x}, drawn again while the low 32 bits are below
 *       {@code 2^32 mod n}).
 * </ul>
 */
final class IndexDraws {
  private static final long LOW = 0xffffffffL;
  private static final long GOLDEN_RATIO = 0x9e3779b97f4a7c15L;

  private final long n;
  private final long reject; // 2^32 mod n: a low half below it is drawn again
  private long s0; // xoroshiro128++'s state
  private long s1;
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
    this.n = n;
    this.reject = (1L << 32) % n;
    this.s0 = stafford13(seed + GOLDEN_RATIO);
    this.s1 = stafford13(seed + 2 * GOLDEN_RATIO);
  }

  /** SplitMix64's output mix (Stafford's variant 13), as Commons RNG's seed conversion applies it. */
  private static long stafford13(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /**
   * Fills {@code out} with the next {@code out.length} indexes, in draw order.
   *
   * @param out where the indexes go
   */
  void fill(int[] out) {
    // One loop over locals, the generator step written out: under C1 every call left in the loop
    // is a real call, and fields are loaded and stored on every use. Most steps give two indexes at
    // once (both halves accepted); a rejection, or a half kept from before, takes the halves one
    // at a time.
    long a = s0;
    long b = s1;
    long kept = half;
    final long bound = n;
    final long below = reject;
    int i = 0;
    while (i < out.length) {
      if (kept < 0 && i + 1 < out.length) {
        long r = Long.rotateLeft(a + b, 17) + a; // xoroshiro128++'s nextLong()
        b ^= a;
        a = Long.rotateLeft(a, 49) ^ b ^ (b << 21);
        b = Long.rotateLeft(b, 28);
        long m0 = (r & LOW) * bound;
        long m1 = (r >>> 32) * bound;
        if ((m0 & LOW) >= below && (m1 & LOW) >= below) {
          out[i] = (int) (m0 >>> 32);
          out[i + 1] = (int) (m1 >>> 32);
          i += 2;
          continue;
        }
        kept = r >>> 32; // one half rejected: the low half decides alone, the high one is kept
        if ((m0 & LOW) >= below) {
          out[i++] = (int) (m0 >>> 32);
        }
        continue;
      }
      long m;
      do {
        long x;
        if (kept >= 0) {
          x = kept;
          kept = -1;
        } else {
          long r = Long.rotateLeft(a + b, 17) + a;
          b ^= a;
          a = Long.rotateLeft(a, 49) ^ b ^ (b << 21);
          b = Long.rotateLeft(b, 28);
          kept = r >>> 32;
          x = r & LOW;
        }
        m = x * bound;
      } while ((m & LOW) < below); // rejected: drawn again
      out[i++] = (int) (m >>> 32);
    }
    s0 = a;
    s1 = b;
    half = kept;
  }
}
