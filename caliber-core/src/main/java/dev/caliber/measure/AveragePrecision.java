package dev.caliber.measure;

import dev.caliber.math.Fraction;

/**
 * AP and AP@k: the mean, over all relevant documents of the query, of the precision at the rank of
 * each one retrieved (within the first k); a relevant document not retrieved contributes 0.
 *
 * <pre>  AP@k = (1 / |relevant|) * sum over i &lt;= k with rel(d_i) of P@i</pre>
 *
 * <p>The denominator is all relevant documents, not those retrieved (trec_eval's {@code map} and
 * {@code map_cut_k}; ir_measures' {@code AP@k}). Exact: the sum of P@i is kept as a fraction. The
 * value's double is summed in floating point in rank order, as trec_eval does, so the two print
 * the same decimals.
 */
public final class AveragePrecision extends BaseMeasure {
  /**
   * AP, or AP@k with a cutoff; named {@code AP}, {@code AP@k}, {@code AP(rel=N)@k}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @param cutoff k, the number of ranked positions looked at; 0 for the whole ranking
   * @throws IllegalArgumentException if {@code rel} or {@code cutoff} is negative
   */
  public AveragePrecision(Integer rel, int cutoff) {
    super("AP", rel, cutoff);
  }

  @Override
  public Value compute(JudgedRanking r) {
    Value known = r.remembered(this);
    return known != null ? known : r.remember(this, score(r));
  }

  private Value score(JudgedRanking r) {
    int t = level(r);
    int relevant = r.numRelevant(t);
    if (relevant == 0) {
      return Value.of(0);
    }
    // The double is accumulated as trec_eval accumulates it, so that both print the same
    // 4 decimals even where the exact value sits on a rounding boundary.
    double decimal = 0.0;
    int[] ranks = new int[8];
    int found = 0;
    int end = depth(r);
    for (int i = 0; i < end; i++) {
      if (r.relevant(i, t)) {
        if (found == ranks.length) {
          ranks = java.util.Arrays.copyOf(ranks, found * 2);
        }
        ranks[found++] = i + 1;
        decimal += (double) found / (double) (i + 1);
      }
    }
    return new Value(precisionSum(ranks, found).dividedBy(relevant), decimal / relevant);
  }

  /**
   * The exact sum of k / ranks[k-1] for k = 1..found: in longs over a common denominator while
   * they suffice (a few relevant documents at ranks below a thousand), else in fractions. Kept out
   * of the ranking loop, which stays small for the compiler.
   */
  static Fraction precisionSum(int[] ranks, int found) {
    long num = 0;
    long den = 1;
    try {
      for (int k = 1; k <= found; k++) {
        long rank = ranks[k - 1];
        long g = Fraction.gcd(den, rank);
        long scale = rank / g;
        num = Math.addExact(Math.multiplyExact(num, scale), Math.multiplyExact(k, den / g));
        den = Math.multiplyExact(den, scale);
      }
      return Fraction.of(num, den);
    } catch (ArithmeticException overflow) {
      dev.caliber.math.FractionSum sum = new dev.caliber.math.FractionSum();
      for (int k = 1; k <= found; k++) {
        sum.add(Fraction.of(k, ranks[k - 1]));
      }
      return sum.snapshot();
    }
  }

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
