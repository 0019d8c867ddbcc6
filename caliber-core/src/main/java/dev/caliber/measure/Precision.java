package dev.caliber.measure;

/**
 * P@k: relevant documents among the first k, divided by k.
 *
 * <pre>  P@k = |{ i &lt;= k : rel(d_i) }| / k</pre>
 *
 * <p>The denominator is k even when fewer than k documents were returned (a short ranking is not
 * rewarded), as in trec_eval's {@code P_k} and ir_measures' {@code P@k}. Exact. Requires a cutoff.
 */
public final class Precision extends BaseMeasure {
  /**
   * P@k; named {@code P@k} or {@code P(rel=N)@k}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @param cutoff k, positive: P has no value without one
   * @throws IllegalArgumentException if {@code cutoff} is not positive or {@code rel} is negative
   */
  public Precision(Integer rel, int cutoff) {
    super("P", rel, cutoff);
    if (cutoff == 0) {
      throw new IllegalArgumentException("P needs a cutoff, such as P@10");
    }
  }

  @Override
  public Value compute(JudgedRanking r) {
    return Value.of(r.relevantInTop(cutoff(), level(r)), cutoff());
  }

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
