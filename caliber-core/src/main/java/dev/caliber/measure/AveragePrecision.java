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
  /** AP at relevance level {@code rel} (null: the protocol's threshold); cutoff 0 = whole ranking. */
  public AveragePrecision(Integer rel, int cutoff) {
    super("AP", rel, cutoff);
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int relevant = r.numRelevant(t);
    if (relevant == 0) {
      return Value.of(0);
    }
    Fraction sum = Fraction.ZERO;
    // The double is accumulated as trec_eval accumulates it, so that both print the same
    // 4 decimals even where the exact value sits on a rounding boundary.
    double decimal = 0.0;
    int found = 0;
    int end = depth(r);
    for (int i = 0; i < end; i++) {
      if (r.relevant(i, t)) {
        found++;
        sum = sum.plus(Fraction.of(found, i + 1));
        decimal += (double) found / (double) (i + 1);
      }
    }
    return new Value(sum.dividedBy(relevant), decimal / relevant);
  }
}
