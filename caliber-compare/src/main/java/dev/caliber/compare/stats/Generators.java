package dev.caliber.compare.stats;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

/**
 * The one place caliber makes random numbers: a named algorithm with a documented seeding, so a
 * seed gives the same stream on every JVM and every platform ({@link java.util.Random} and
 * {@link java.util.SplittableRandom} make no such promise across releases).
 */
public final class Generators {
  /** The algorithm, as Commons RNG names it. */
  public static final RandomSource ALGORITHM = RandomSource.XO_RO_SHI_RO_128_PP;

  /** How the algorithm and its seeding are declared in reports. */
  public static final String DESCRIPTION =
      "XO_RO_SHI_RO_128_PP (xoroshiro128++, Apache Commons RNG 1.6), seeded with RandomSource.create(Long seed)";

  private Generators() {}

  /**
   * A new generator from the seed.
   *
   * @param seed any long; equal seeds give equal streams
   * @return a new {@link #ALGORITHM} generator, not thread-safe, at the start of its stream
   */
  public static UniformRandomProvider create(long seed) {
    return ALGORITHM.create(seed);
  }
}
