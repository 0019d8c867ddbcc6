package dev.caliber.pool;

import dev.caliber.math.Fraction;
import dev.caliber.policy.Ordering;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * Everything that changes a pool, printed with it.
 *
 * @param strategy how unjudged pairs are ranked
 * @param depth how many of each run's ranked documents per query are pooled (k), at least 1
 * @param persistence RBP's p, strictly between 0 and 1; read by {@link Strategy#RBP} only, as the
 *     decimal it prints as ({@link #exactPersistence()})
 * @param limit the most holes listed overall, the most valuable first; 0 for every one
 * @param perQuery the most holes listed per query, the most valuable first; 0 for no such cap
 * @param ordering how a run's entries become its ranking, as {@code dev.caliber.policy.RankingOrder}
 *     applies it: {@link Ordering#SCORE} (score descending, ties by document ID descending, as
 *     evaluate under trec_eval's rules) or {@link Ordering#GIVEN} (file order)
 */
public record PoolSettings(Strategy strategy, int depth, double persistence, int limit, int perQuery, Ordering ordering) {
  /** The default pool depth, 10. */
  public static final int DEFAULT_DEPTH = 10;

  /** The default persistence, 0.8 (Moffat, Webber and Zobel 2007 use 0.8 among others). */
  public static final double DEFAULT_PERSISTENCE = 0.8;

  /**
   * Validates.
   *
   * @param strategy how unjudged pairs are ranked, not null
   * @param depth at least 1
   * @param persistence strictly between 0 and 1
   * @param limit 0 or more
   * @param perQuery 0 or more
   * @param ordering not null
   * @throws IllegalArgumentException if a number is out of range
   * @throws NullPointerException if {@code strategy} or {@code ordering} is null
   */
  public PoolSettings {
    Objects.requireNonNull(strategy, "strategy");
    Objects.requireNonNull(ordering, "ordering");
    requireDepth(depth);
    requirePersistence(persistence);
    if (limit < 0) {
      throw new IllegalArgumentException("illegal limit " + limit + ", must be 0 (every hole) or more");
    }
    if (perQuery < 0) {
      throw new IllegalArgumentException("illegal per-query limit " + perQuery + ", must be 0 (no cap) or more");
    }
  }

  /**
   * The defaults: rbp, k = 10, p = 0.8, every hole, score order.
   *
   * @return the default settings
   */
  public static PoolSettings defaults() {
    return new PoolSettings(Strategy.RBP, DEFAULT_DEPTH, DEFAULT_PERSISTENCE, 0, 0, Ordering.SCORE);
  }

  /**
   * Refuses a pool depth below 1.
   *
   * @param depth a depth
   * @return {@code depth}
   * @throws IllegalArgumentException if it is below 1
   */
  public static int requireDepth(int depth) {
    if (depth < 1) {
      throw new IllegalArgumentException("illegal depth " + depth + ", must be 1 or more");
    }
    return depth;
  }

  /**
   * Refuses a persistence outside (0, 1): at 0 only rank 1 would count, at 1 no rank at all.
   *
   * @param p a persistence
   * @return {@code p}
   * @throws IllegalArgumentException if {@code p} is not strictly between 0 and 1 (NaN included)
   */
  public static double requirePersistence(double p) {
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("illegal persistence " + p + ", must be strictly between 0 and 1");
    }
    return p;
  }

  /**
   * The persistence as the decimal it prints as ({@link Double#toString}), exactly: 0.8 is 4/5,
   * not the binary double nearest it, so that priorities are exact fractions and ties are ties.
   *
   * @return p as a fraction in lowest terms
   */
  public Fraction exactPersistence() {
    BigDecimal d = new BigDecimal(Double.toString(persistence));
    return Fraction.of(d.unscaledValue(), java.math.BigInteger.TEN.pow(d.scale()));
  }

  /**
   * These settings with another strategy.
   *
   * @param s the strategy, not null
   * @return the settings
   */
  public PoolSettings withStrategy(Strategy s) {
    return new PoolSettings(s, depth, persistence, limit, perQuery, ordering);
  }

  /**
   * These settings with another depth.
   *
   * @param k the depth, at least 1
   * @return the settings
   */
  public PoolSettings withDepth(int k) {
    return new PoolSettings(strategy, k, persistence, limit, perQuery, ordering);
  }

  /**
   * These settings with another persistence.
   *
   * @param p the persistence, strictly between 0 and 1
   * @return the settings
   */
  public PoolSettings withPersistence(double p) {
    return new PoolSettings(strategy, depth, p, limit, perQuery, ordering);
  }

  /**
   * These settings with other caps on the holes listed.
   *
   * @param overall the most holes overall, 0 for every one
   * @param query the most holes per query, 0 for no cap
   * @return the settings
   */
  public PoolSettings withLimits(int overall, int query) {
    return new PoolSettings(strategy, depth, persistence, overall, query, ordering);
  }

  /**
   * These settings with another ordering.
   *
   * @param o the ordering, not null
   * @return the settings
   */
  public PoolSettings withOrdering(Ordering o) {
    return new PoolSettings(strategy, depth, persistence, limit, perQuery, o);
  }
}
