package dev.caliber.compare.agreement;

import dev.caliber.math.Fraction;
import java.math.BigInteger;
import java.util.List;

/**
 * Kappa and alpha from a table of counts, in integers: each coefficient is {@code 1 - observed /
 * expected} disagreement, and the weights' common factors ({@code 1 / (k - 1)}, alpha's ordinal
 * {@code 1 / 4}) cancel, so the integer weights here give the exact value.
 */
final class Coefficients {
  private Coefficients() {}

  /** How far apart two categories are, as an integer disagreement weight. */
  interface Weight {
    long of(int i, int j);
  }

  /** Kappa's and alpha's nominal weight: 1 for a disagreement. */
  static final Weight NOMINAL = (i, j) -> i == j ? 0 : 1;
  /** Cohen's linear weight, times k - 1: the distance of the categories' places. */
  static final Weight LINEAR = (i, j) -> Math.abs(i - j);
  /** Cohen's quadratic weight, times (k - 1)^2. */
  static final Weight QUADRATIC = (i, j) -> (long) (i - j) * (i - j);

  /**
   * Weighted kappa (Cohen 1968) of a confusion matrix: {@code 1 - N * sum(w * n_ij) / sum(w * r_i
   * * c_j)}; with {@link #NOMINAL} weights Cohen's (1960) kappa.
   */
  static Coefficient kappa(long[][] n, Weight w, List<String> categories) {
    int k = n.length;
    long[] rows = new long[k];
    long[] cols = new long[k];
    long total = 0;
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        rows[i] += n[i][j];
        cols[j] += n[i][j];
        total += n[i][j];
      }
    }
    if (total == 0) {
      return Coefficient.undefined(NO_PAIRS);
    }
    BigInteger observed = BigInteger.ZERO;
    BigInteger expected = BigInteger.ZERO;
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        long weight = w.of(i, j);
        observed = observed.add(BigInteger.valueOf(weight).multiply(BigInteger.valueOf(n[i][j])));
        expected = expected.add(BigInteger.valueOf(weight).multiply(BigInteger.valueOf(rows[i]))
            .multiply(BigInteger.valueOf(cols[j])));
      }
    }
    if (expected.signum() == 0) {
      return Coefficient.undefined(single(rows, categories));
    }
    return Coefficient.of(Fraction.ONE.minus(Fraction.of(observed.multiply(BigInteger.valueOf(total)), expected)));
  }

  /** Alpha's metric: the squared difference of two categories given the pooled counts n_g. */
  interface Metric {
    BigInteger delta(int c, int k, List<Long> labels, long[] pooled);
  }

  /** Nominal: 1 for different categories. */
  static final Metric ALPHA_NOMINAL = (c, k, labels, n) -> c == k ? BigInteger.ZERO : BigInteger.ONE;
  /** Interval: the squared difference of the label values, given as integers in one unit (the unit cancels). */
  static final Metric ALPHA_INTERVAL = (c, k, labels, n) ->
      BigInteger.valueOf(labels.get(c)).subtract(BigInteger.valueOf(labels.get(k))).pow(2);
  /**
   * Ordinal, times 4: {@code (2 * sum_{g=c..k} n_g - n_c - n_k)^2}, Krippendorff's {@code (sum n_g -
   * (n_c + n_k) / 2)^2} without its halves.
   */
  static final Metric ALPHA_ORDINAL = (c, k, labels, n) -> {
    int lo = Math.min(c, k);
    int hi = Math.max(c, k);
    long sum = 0;
    for (int g = lo; g <= hi; g++) {
      sum += n[g];
    }
    return BigInteger.valueOf(2 * sum - n[lo] - n[hi]).pow(2);
  };

  /**
   * Krippendorff's alpha for two coders who both code every unit, from the confusion matrix: the
   * coincidence matrix is {@code o = n + n^T}, {@code n_c} its margins, {@code 2N} its total, and
   * {@code alpha = 1 - (2N - 1) * sum(o_ck * d_ck) / sum(n_c * n_k * d_ck)}.
   *
   * @param labels the categories' values as integers in one unit (for the interval metric)
   * @param categories the categories as written, for the reason of an undefined alpha
   */
  static Coefficient alpha(long[][] n, Metric metric, List<Long> labels, List<String> categories) {
    int k = n.length;
    long[] pooled = new long[k];
    long total = 0;
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        pooled[i] += n[i][j];
        pooled[j] += n[i][j];
        total += 2 * n[i][j];
      }
    }
    if (total == 0) {
      return Coefficient.undefined(NO_PAIRS);
    }
    BigInteger observed = BigInteger.ZERO;
    BigInteger expected = BigInteger.ZERO;
    for (int c = 0; c < k; c++) {
      for (int d = 0; d < k; d++) {
        BigInteger delta = metric.delta(c, d, labels, pooled);
        observed = observed.add(delta.multiply(BigInteger.valueOf(n[c][d] + n[d][c])));
        expected = expected.add(delta.multiply(BigInteger.valueOf(pooled[c])).multiply(BigInteger.valueOf(pooled[d])));
      }
    }
    if (expected.signum() == 0) {
      return Coefficient.undefined(single(pooled, categories));
    }
    return Coefficient.of(Fraction.ONE.minus(Fraction.of(observed.multiply(BigInteger.valueOf(total - 1)), expected)));
  }

  static final String NO_PAIRS = "no pair is judged in both sets";

  /** Why expected disagreement is 0: every pair has one and the same category in both sets. */
  private static String single(long[] margins, List<String> categories) {
    int only = 0;
    while (margins[only] == 0) {
      only++;
    }
    return "both sets put every common pair in one category (" + categories.get(only) + "), so chance agreement is 1";
  }
}
