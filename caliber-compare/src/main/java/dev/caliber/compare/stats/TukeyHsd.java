package dev.caliber.compare.stats;

import dev.caliber.measure.Value;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The randomised Tukey HSD test (Carterette 2012, Multiple testing in statistical analysis of
 * systems-based information retrieval experiments, ACM TOIS 30(1); Sakai 2018, Laboratory
 * Experiments in Information Retrieval, Springer, ch. 4): which of k systems differ, every pair at
 * once, the family-wise error rate controlled by the distribution of the largest difference.
 *
 * <p>Under the null hypothesis the k systems are exchangeable on every topic. An assignment
 * permutes, within every topic independently, the k values among the systems; its statistic is
 * the range of the system means, {@code max_i mean_i − min_i mean_i}. A pair (a, b) scores a
 * <i>hit</i> for an assignment whose range is at least the observed {@code |mean_a − mean_b|}
 * (ties count as hits). As {@link SignFlip}:
 *
 * <ul>
 *   <li><b>Exact</b>, when {@code (k!)^n <= permutations}: every assignment is enumerated, the
 *       identity included, and {@code p = hits / (k!)^n}.
 *   <li><b>Sampled</b> otherwise: {@code permutations} random assignments, each topic in order
 *       shuffled by Fisher-Yates from the identity ({@code for i = k − 1 down to 1: swap i and
 *       rng.nextInt(i + 1)}), and {@code p = (hits + 1) / (permutations + 1)} (Phipson and Smyth
 *       2010), so p is never 0.
 * </ul>
 *
 * Systems are permuted in a canonical order (their rows sorted by value, topic by topic), so the
 * p-values do not depend on the order the systems are given in. Means over one set of topics
 * compare as sums: sums are exact integer arithmetic when every value is a fraction and the values
 * scaled to a common denominator fit in 62 bits (as {@link SignFlip}); otherwise doubles, and a
 * range within {@link SignFlip#TOLERANCE} x Σ|x| of the observed difference counts as a tie.
 */
public final class TukeyHsd {
  private TukeyHsd() {}

  /**
   * Tests every pair of systems.
   *
   * @param values one list per system, each with one value per topic, the topics in one order;
   *     at least 2 systems and 1 topic, every list as long
   * @param permutations the budget of random assignments, at least 1
   * @param rng the generator (used only when the test is sampled)
   * @return each pair's hits and p-value, with the assignments looked at
   * @throws IllegalArgumentException if permutations &lt; 1, fewer than 2 systems or no topic are
   *     given, or the lists differ in length
   */
  public static TukeyHsdResult test(List<List<Value>> values, int permutations, UniformRandomProvider rng) {
    if (permutations < 1) {
      throw new IllegalArgumentException("illegal permutations value: " + permutations + ", must be a positive integer");
    }
    int k = values.size();
    int n = k == 0 ? 0 : values.get(0).size();
    if (k < 2 || n < 1) {
      throw new IllegalArgumentException("illegal Tukey HSD input: " + k + " systems x " + n + " topics, needs at least 2 x 1");
    }
    List<Value> all = new ArrayList<>(k * n);
    for (List<Value> row : values) {
      if (row.size() != n) {
        throw new IllegalArgumentException("illegal Tukey HSD input: a system has " + row.size() + " values, the first " + n);
      }
      all.addAll(row);
    }
    long[] scaled = SignFlip.scaledIntegers(all);
    double[][] d = new double[k][n];
    long[][] l = scaled == null ? null : new long[k][n];
    double magnitude = 0.0;
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < n; j++) {
        d[i][j] = values.get(i).get(j).decimal();
        magnitude += Math.abs(d[i][j]);
        if (l != null) {
          l[i][j] = scaled[i * n + j];
        }
      }
    }
    // The canonical order: the permutations' outcome then depends on the systems, not their order.
    Integer[] order = new Integer[k];
    for (int i = 0; i < k; i++) {
      order[i] = i;
    }
    Comparator<Integer> byValues = l != null ? (a, b) -> Arrays.compare(l[a], l[b]) : (a, b) -> Arrays.compare(d[a], d[b]);
    Arrays.sort(order, byValues);
    double[][] cd = new double[k][];
    long[][] cl = l == null ? null : new long[k][];
    for (int i = 0; i < k; i++) {
      cd[i] = d[order[i]];
      if (l != null) {
        cl[i] = l[order[i]];
      }
    }
    long total = assignments(k, n, permutations);
    boolean exact = total > 0;
    long trials = exact ? total : permutations;
    // Observed differences of sums, per pair in output order; thresholds sorted for counting.
    int pairs = k * (k - 1) / 2;
    double[] threshold = new double[pairs];
    long[] lthreshold = new long[pairs];
    int at = 0;
    for (int a = 0; a < k; a++) {
      for (int b = a + 1; b < k; b++) {
        if (l != null) {
          lthreshold[at] = Math.abs(sum(l[a]) - sum(l[b]));
        } else {
          threshold[at] = Math.abs(sum(d[a]) - sum(d[b])) - SignFlip.TOLERANCE * magnitude;
        }
        at++;
      }
    }
    double[] sortedD = threshold.clone();
    long[] sortedL = lthreshold.clone();
    Arrays.sort(sortedD);
    Arrays.sort(sortedL);
    // bucket[c]: assignments whose range is at least exactly the c smallest thresholds
    long[] bucket = new long[pairs + 1];
    int[] perm = new int[k];
    int[][] table = exact ? allPermutations(k) : null;
    long[] lsum = new long[k];
    double[] dsum = new double[k];
    for (long t = 0; t < trials; t++) {
      long code = t;
      Arrays.fill(lsum, 0);
      Arrays.fill(dsum, 0.0);
      for (int j = 0; j < n; j++) {
        int[] p;
        if (exact) {
          p = table[(int) (code % table.length)];
          code /= table.length;
        } else {
          for (int i = 0; i < k; i++) {
            perm[i] = i;
          }
          for (int i = k - 1; i > 0; i--) {
            int s = rng.nextInt(i + 1);
            int tmp = perm[i];
            perm[i] = perm[s];
            perm[s] = tmp;
          }
          p = perm;
        }
        for (int i = 0; i < k; i++) {
          if (cl != null) {
            lsum[i] += cl[p[i]][j];
          } else {
            dsum[i] += cd[p[i]][j];
          }
        }
      }
      int count;
      if (cl != null) {
        long max = Long.MIN_VALUE;
        long min = Long.MAX_VALUE;
        for (long s : lsum) {
          max = Math.max(max, s);
          min = Math.min(min, s);
        }
        count = upper(sortedL, max - min);
      } else {
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        for (double s : dsum) {
          max = Math.max(max, s);
          min = Math.min(min, s);
        }
        count = upper(sortedD, max - min);
      }
      bucket[count]++;
    }
    // atLeast[c]: assignments that hit the c-th smallest threshold (index c − 1), c = 1..pairs
    long[] atLeast = new long[pairs + 2];
    for (int c = pairs; c >= 1; c--) {
      atLeast[c] = atLeast[c + 1] + bucket[c];
    }
    List<TukeyHsdResult.Pair> out = new ArrayList<>(pairs);
    at = 0;
    for (int a = 0; a < k; a++) {
      for (int b = a + 1; b < k; b++) {
        // the hits of a threshold: assignments reaching past every threshold equal to or below it
        int c = l != null ? upper(sortedL, lthreshold[at]) : upper(sortedD, threshold[at]);
        long hits = atLeast[c];
        double pv = exact ? (double) hits / trials : (hits + 1.0) / (trials + 1.0);
        out.add(new TukeyHsdResult.Pair(a, b, hits, pv));
        at++;
      }
    }
    return new TukeyHsdResult(k, n, trials, exact, out);
  }

  /** {@code (k!)^n} when it is at most the budget, else 0. */
  static long assignments(int k, int n, int permutations) {
    long f = 1;
    for (int i = 2; i <= k; i++) {
      f *= i;
      if (f > permutations) {
        return 0;
      }
    }
    long total = 1;
    for (int j = 0; j < n; j++) {
      total *= f;
      if (total > permutations) {
        return 0;
      }
    }
    return total;
  }

  /** Every permutation of 0..k−1 (k! of them, k small), in lexicographic order. */
  static int[][] allPermutations(int k) {
    List<int[]> out = new ArrayList<>();
    permute(new int[k], new boolean[k], 0, out);
    return out.toArray(new int[0][]);
  }

  private static void permute(int[] p, boolean[] used, int at, List<int[]> out) {
    if (at == p.length) {
      out.add(p.clone());
      return;
    }
    for (int v = 0; v < p.length; v++) {
      if (!used[v]) {
        used[v] = true;
        p[at] = v;
        permute(p, used, at + 1, out);
        used[v] = false;
      }
    }
  }

  /** How many sorted thresholds are at most {@code x}. */
  private static int upper(long[] sorted, long x) {
    return upper(sorted.length, mid -> sorted[mid] <= x);
  }

  /** How many sorted thresholds are at most {@code x}. */
  private static int upper(double[] sorted, double x) {
    return upper(sorted.length, mid -> sorted[mid] <= x);
  }

  /**
   * The first index in [0, n) where {@code atMost} turns false, for a predicate true on a prefix:
   * an upper bound, which {@code Arrays.binarySearch} (any equal element) does not give.
   */
  private static int upper(int n, java.util.function.IntPredicate atMost) {
    int lo = 0;
    int hi = n;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (atMost.test(mid)) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static long sum(long[] r) {
    long s = 0;
    for (long x : r) {
      s += x;
    }
    return s;
  }

  private static double sum(double[] r) {
    double s = 0.0;
    for (double x : r) {
      s += x;
    }
    return s;
  }
}
