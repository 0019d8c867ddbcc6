package dev.caliber.measure;

/**
 * RelP@k: precision at k relative to the best precision possible at k (trec_eval's
 * {@code relative_P_k}): P@k up to k = R, recall at k beyond.
 *
 * <pre>  RelP@k = |{ i &lt;= k : rel(d_i) }| / min(k, R)</pre>
 *
 * <p>A query without relevant documents scores 0, as in trec_eval. Exact. Requires a cutoff.
 */
public final class RelativePrecision extends BaseMeasure {
  /**
   * RelP@k; named {@code RelP@k} or {@code RelP(rel=N)@k}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @param cutoff k, positive
   * @throws IllegalArgumentException if {@code cutoff} is not positive or {@code rel} is negative
   */
  public RelativePrecision(Integer rel, int cutoff) {
    super("RelP", rel, cutoff);
    if (cutoff == 0) {
      throw new IllegalArgumentException("RelP needs a cutoff, such as RelP@10");
    }
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int relevant = r.numRelevant(t);
    if (relevant == 0) {
      return Value.of(0);
    }
    return Value.of(r.relevantInTop(cutoff(), t), Math.min(cutoff(), relevant));
  }
}
