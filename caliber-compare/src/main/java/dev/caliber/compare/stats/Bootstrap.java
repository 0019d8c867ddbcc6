package dev.caliber.compare.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The percentile bootstrap confidence interval for a mean (Efron and Tibshirani, An Introduction
 * to the Bootstrap, 1993, chapter 13).
 *
 * <p>Each of B resamples draws n deltas with replacement ({@code rng.nextInt(n)}, n draws in a
 * row) and takes their mean (a double sum in draw order divided by n). The interval is the
 * {@code (1 - c)/2} and {@code (1 + c)/2} quantiles of the B means ({@link Quantiles}, type 7).
 *
 * <p>Clustered ({@link #percentileIntervals(List, int[], int, double, long)}): when queries come
 * in groups that are not independent (paraphrases of one need), each resample draws G groups with
 * replacement instead, and its mean is the sum of the drawn groups' deltas over the number of
 * their queries (the cluster bootstrap; Davison and Hinkley, Bootstrap Methods and their
 * Application, 1997, section 3.8; Field and Welsh 2007, Bootstrapping clustered data, JRSS B
 * 69(3)). Groups of one query each draw and sum exactly as the plain bootstrap does.
 *
 * <p>What it does not do: it is not bias-corrected (BCa), and with few queries it is too narrow
 * (the bootstrap treats the observed queries as the population). With one delta the interval is
 * that delta.
 */
public final class Bootstrap {
  /** How many samples {@link #addInDrawOrder} sums at once. */
  private static final int SIDE_BY_SIDE = 4;

  /** Below this many draws (n times B) one thread draws and sums every resample ({@link Batch#lanes}). */
  private static final long PARALLEL_DRAWS = 1L << 22;

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
   * with {@code Generators.create(seed)}, several times faster (see {@link #percentileIntervals}).
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
    return percentileIntervals(List.of(deltas), resamples, confidence, seed).get(0);
  }

  /**
   * The percentile intervals of the means of several samples of one size, each drawn from a new
   * generator of the seed: element i is the interval of
   * {@link #percentileInterval(double[], int, double, UniformRandomProvider)} of sample i with
   * {@code Generators.create(seed)}.
   *
   * <p>Why together: every such bootstrap draws the same index stream (one seed, one bound n), so
   * the indexes of a resample are drawn once for all samples, and each sample's sum still adds its
   * deltas in draw order (the same doubles). The draws hold the generator's state themselves
   * ({@code IndexDraws}); the samples are summed four at a time from one array holding each
   * query's four deltas side by side, so that a draw's four loads share a cache line and the four
   * sums are independent chains of additions.
   *
   * @param samples per-query deltas (system - baseline), one array per sample, all of one length
   *     of at least one, finite; not changed
   * @param resamples B, the number of bootstrap resamples, at least 1
   * @param confidence the interval's coverage c, strictly between 0 and 1 (0.95 for 95%)
   * @param seed the seed of {@link Generators#create}
   * @return the intervals, in the samples' order
   * @throws IllegalArgumentException if there is no sample, the samples differ in length, a
   *     sample is empty, resamples &lt; 1, or the confidence is not strictly between 0 and 1
   */
  public static List<Interval> percentileIntervals(List<double[]> samples, int resamples, double confidence, long seed) {
    return percentileIntervals(samples, null, resamples, confidence, seed);
  }

  /**
   * The cluster bootstrap's percentile intervals of the means of several samples of G groups each:
   * sample i's element g is the sum of group g's deltas, {@code sizes[g]} its number of queries.
   * Each resample draws G groups as {@link #percentileIntervals(List, int, double, long)} draws G
   * deltas (the same indexes), and its mean is the sum of the drawn sums, in draw order, over the
   * sum of the drawn sizes. With every size 1 (or {@code sizes} null) this is the plain bootstrap,
   * number for number.
   *
   * @param samples per-group sums of deltas (system - baseline), one array per sample, all of G
   *     elements, G at least one, finite; not changed
   * @param sizes each group's number of queries, G positive counts, or null for one query each
   * @param resamples B, the number of bootstrap resamples, at least 1
   * @param confidence the interval's coverage c, strictly between 0 and 1 (0.95 for 95%)
   * @param seed the seed of {@link Generators#create}
   * @return the intervals, in the samples' order
   * @throws IllegalArgumentException as {@link #percentileIntervals(List, int, double, long)}, or
   *     if {@code sizes} is not G positive counts
   */
  public static List<Interval> percentileIntervals(List<double[]> samples, int[] sizes, int resamples, double confidence,
      long seed) {
    Batch batch = Batch.of(samples, sizes, resamples, confidence, seed);
    IntStream.range(0, batch.lanes()).parallel().forEach(lane -> batch.work());
    return batch.intervals();
  }

  /**
   * The bootstraps of {@link #percentileIntervals}, for threads to share: each thread that calls
   * {@link #work} takes resamples until none is left. The resamples are drawn one after another
   * from one generator, in order, whichever thread takes them (a resample's draws and its number
   * are taken together under one lock), and each thread sums the resamples it took; the sums, the
   * larger part of the work (gathers from an array that outgrows a core's cache), run on as many
   * cores as call {@link #work}, and every mean is the one a single thread makes. So the intervals
   * do not depend on the number of threads.
   */
  public static final class Batch {
    private final double[][] packed;
    private final int[] sizes; // each group's queries, or null for one each
    private final double[][] means;
    private final IndexDraws draws;
    private final int n;
    private final int resamples;
    private final double confidence;
    private final AtomicInteger summed = new AtomicInteger();
    private int next;

    private Batch(double[][] packed, int[] sizes, int count, int n, int resamples, double confidence, long seed) {
      this.packed = packed;
      this.sizes = sizes;
      this.means = new double[count][resamples];
      this.draws = new IndexDraws(seed, n);
      this.n = n;
      this.resamples = resamples;
      this.confidence = confidence;
    }

    /**
     * Prepares the bootstraps of {@link #percentileIntervals}; nothing is drawn yet.
     *
     * @param samples per-query deltas (system - baseline), one array per sample, all of one
     *     length of at least one, finite; copied
     * @param resamples B, the number of bootstrap resamples, at least 1
     * @param confidence the interval's coverage c, strictly between 0 and 1 (0.95 for 95%)
     * @param seed the seed of {@link Generators#create}
     * @return the batch
     * @throws IllegalArgumentException as {@link #percentileIntervals} does
     */
    public static Batch of(List<double[]> samples, int resamples, double confidence, long seed) {
      return of(samples, null, resamples, confidence, seed);
    }

    /**
     * Prepares the cluster bootstraps of {@link #percentileIntervals(List, int[], int, double,
     * long)}; nothing is drawn yet.
     *
     * @param samples per-group sums of deltas, one array per sample, all of G elements; copied
     * @param sizes each group's number of queries, or null for one query each; copied
     * @param resamples B, the number of bootstrap resamples, at least 1
     * @param confidence the interval's coverage c, strictly between 0 and 1 (0.95 for 95%)
     * @param seed the seed of {@link Generators#create}
     * @return the batch
     * @throws IllegalArgumentException as {@link #percentileIntervals(List, int[], int, double,
     *     long)} does
     */
    public static Batch of(List<double[]> samples, int[] sizes, int resamples, double confidence, long seed) {
      if (samples.isEmpty()) {
        throw new IllegalArgumentException("illegal samples: none given");
      }
      int n = samples.get(0).length;
      for (double[] deltas : samples) {
        check(deltas, resamples, confidence);
        if (deltas.length != n) {
          throw new IllegalArgumentException("illegal samples: of " + n + " and " + deltas.length + " deltas, they must be of one length");
        }
      }
      int count = samples.size();
      double[][] packed = new double[(count + SIDE_BY_SIDE - 1) / SIDE_BY_SIDE][];
      for (int g = 0; g < packed.length; g++) {
        int k = Math.min(SIDE_BY_SIDE, count - g * SIDE_BY_SIDE);
        packed[g] = new double[n * k];
        for (int j = 0; j < k; j++) {
          double[] deltas = samples.get(g * SIDE_BY_SIDE + j);
          for (int q = 0; q < n; q++) {
            packed[g][q * k + j] = deltas[q];
          }
        }
      }
      if (sizes != null) {
        if (sizes.length != n) {
          throw new IllegalArgumentException("illegal sizes: " + sizes.length + " for " + n + " groups, must be one per group");
        }
        for (int size : sizes) {
          if (size < 1) {
            throw new IllegalArgumentException("illegal size: " + size + ", a group has at least one query");
          }
        }
      }
      return new Batch(packed, sizes == null ? null : sizes.clone(), count, n, resamples, confidence, seed);
    }

    /**
     * How many threads may usefully call {@link #work}: one below {@code 2^22} draws (n times B,
     * a few milliseconds, less than handing resamples to another thread saves), else the common
     * pool's parallelism plus the caller, at most B.
     *
     * @return at least 1
     */
    public int lanes() {
      return (long) n * resamples < PARALLEL_DRAWS ? 1 : Math.min(resamples, ForkJoinPool.getCommonPoolParallelism() + 1);
    }

    /** Draws and sums resamples until none is left; any number of threads may call it at once. */
    public void work() {
      int[] index = new int[n];
      for (int b = take(index); b >= 0; b = take(index)) {
        double divisor = n;
        if (sizes != null) {
          long queries = 0;
          for (int i : index) {
            queries += sizes[i];
          }
          divisor = queries;
        }
        for (int g = 0; g < packed.length; g++) {
          addInDrawOrder(packed[g], index, means, g * SIDE_BY_SIDE, b, divisor);
        }
        summed.incrementAndGet();
      }
    }

    /** Draws the next resample's indexes into {@code index}; returns its number, or -1 when all are taken. */
    private synchronized int take(int[] index) {
      if (next == resamples) {
        return -1;
      }
      draws.fill(index);
      return next++;
    }

    /**
     * The intervals, once every call of {@link #work} has returned.
     *
     * @return the intervals, in the samples' order
     * @throws IllegalStateException if a resample is not summed yet
     */
    public List<Interval> intervals() {
      if (summed.get() != resamples) {
        throw new IllegalStateException("illegal state: " + summed.get() + " of " + resamples + " resamples summed; every work() call must return first");
      }
      List<Interval> out = new ArrayList<>(means.length);
      for (double[] m : means) {
        out.add(interval(m, confidence));
      }
      return out;
    }
  }

  /**
   * Resample b's mean of samples {@code first} to {@code first + k - 1}, whose deltas
   * {@code packed} holds side by side ({@code packed[q * k + j]}, k = packed.length / n): each sum
   * starts at 0.0 and adds the drawn deltas in draw order, as the single-sample definition does,
   * and is divided by {@code divisor} (n, or the drawn groups' queries).
   * Written out per k because C1 keeps locals in registers but not array elements.
   */
  private static void addInDrawOrder(double[] packed, int[] index, double[][] means, int first, int b, double divisor) {
    int n = index.length;
    switch (packed.length / n) {
      case 1 -> {
        double s0 = 0.0;
        for (int i = 0; i < n; i++) {
          s0 += packed[index[i]];
        }
        means[first][b] = s0 / divisor;
      }
      case 2 -> {
        double s0 = 0.0;
        double s1 = 0.0;
        for (int i = 0; i < n; i++) {
          int q = index[i] << 1;
          s0 += packed[q];
          s1 += packed[q + 1];
        }
        means[first][b] = s0 / divisor;
        means[first + 1][b] = s1 / divisor;
      }
      case 3 -> {
        double s0 = 0.0;
        double s1 = 0.0;
        double s2 = 0.0;
        for (int i = 0; i < n; i++) {
          int q = index[i] * 3;
          s0 += packed[q];
          s1 += packed[q + 1];
          s2 += packed[q + 2];
        }
        means[first][b] = s0 / divisor;
        means[first + 1][b] = s1 / divisor;
        means[first + 2][b] = s2 / divisor;
      }
      default -> {
        double s0 = 0.0;
        double s1 = 0.0;
        double s2 = 0.0;
        double s3 = 0.0;
        for (int i = 0; i < n; i++) {
          int q = index[i] << 2;
          s0 += packed[q];
          s1 += packed[q + 1];
          s2 += packed[q + 2];
          s3 += packed[q + 3];
        }
        means[first][b] = s0 / divisor;
        means[first + 1][b] = s1 / divisor;
        means[first + 2][b] = s2 / divisor;
        means[first + 3][b] = s3 / divisor;
      }
    }
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
