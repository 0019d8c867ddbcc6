package dev.caliber.compare.stats;

import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The percentile bootstrap confidence interval for a mean (Efron and Tibshirani, An Introduction
 * to the Bootstrap, 1993, chapter 13).
 *
 * <p>Each of B resamples draws n deltas with replacement ({@code rng.nextInt(n)}, n draws in a
 * row) and takes their mean (a double sum in draw order divided by n). The interval is the
 * {@code (1 - c)/2} and {@code (1 + c)/2} quantiles of the B means ({@link Quantiles}, type 7).
 *
 * <p>What it does not do: it is not bias-corrected (BCa), and with few queries it is too narrow
 * (the bootstrap treats the observed queries as the population). With one delta the interval is
 * that delta.
 */
public final class Bootstrap {
  private Bootstrap() {}

  /**
   * The percentile interval of the mean of {@code deltas}.
   *
   * @param deltas per-query deltas (system - baseline), at least one, finite; not changed
   * @param resamples B, the number of bootstrap resamples, at least 1
   * @param confidence the interval's coverage c, strictly between 0 and 1 (0.95 for 95%)
   * @param rng the generator the resamples draw from, {@code resamples * n} indexes in a row; a
   *     generator from {@link Generators#create} with the same seed gives the same interval
   * @return the interval; a single point when every delta is the same
   * @throws IllegalArgumentException if there are no deltas, resamples &lt; 1, or the confidence
   *     is not strictly between 0 and 1
   */
  public static Interval percentileInterval(double[] deltas, int resamples, double confidence, UniformRandomProvider rng) {
    check(deltas, resamples, confidence);
    int n = deltas.length;
    double[] means = new double[resamples];
    for (int b = 0; b < resamples; b++) {
      double sum = 0.0;
      for (int i = 0; i < n; i++) {
        sum += deltas[rng.nextInt(n)];
      }
      means[b] = sum / n;
    }
    return interval(means, confidence);
  }

  /**
   * The percentile interval of the mean of {@code deltas}, drawn from a new generator of the seed:
   * the same interval as {@link #percentileInterval(double[], int, double, UniformRandomProvider)}
   * with {@code Generators.create(seed)}, several times faster (the indexes come from the
   * generator's {@code nextLong()}, two at a time).
   *
   * @param deltas per-query deltas (system - baseline), at least one, finite; not changed
   * @param resamples B, the number of bootstrap resamples, at least 1
   * @param confidence the interval's coverage c, strictly between 0 and 1 (0.95 for 95%)
   * @param seed the seed of {@link Generators#create}
   * @return the interval; a single point when every delta is the same
   * @throws IllegalArgumentException if there are no deltas, resamples &lt; 1, or the confidence
   *     is not strictly between 0 and 1
   */
  public static Interval percentileInterval(double[] deltas, int resamples, double confidence, long seed) {
    check(deltas, resamples, confidence);
    int n = deltas.length;
    IndexDraws draws = new IndexDraws(seed, n);
    int[] index = new int[n];
    double[] means = new double[resamples];
    for (int b = 0; b < resamples; b++) {
      draws.fill(index);
      double sum = 0.0;
      for (int i = 0; i < n; i++) {
        sum += deltas[index[i]]; // in draw order, as above: the same double
      }
      means[b] = sum / n;
    }
    return interval(means, confidence);
  }

  private static void check(double[] deltas, int resamples, double confidence) {
    if (deltas.length == 0) {
      throw new IllegalArgumentException("illegal deltas: empty, a bootstrap needs at least one value");
    }
    if (resamples < 1) {
      throw new IllegalArgumentException("illegal resamples value: " + resamples + ", must be a positive integer");
    }
    if (!(confidence > 0.0 && confidence < 1.0)) {
      throw new IllegalArgumentException("illegal confidence value: " + confidence + ", must be strictly between 0 and 1");
    }
  }

  private static Interval interval(double[] means, double confidence) {
    Arrays.sort(means);
    double alpha = 1.0 - confidence;
    return new Interval(Quantiles.of(means, alpha / 2), Quantiles.of(means, 1.0 - alpha / 2));
  }
}
