package dev.caliber.measure;

/**
 * SetP: the share of the retrieved documents that are relevant, the whole ranking taken as a set
 * (trec_eval's {@code set_P}, once {@code exact_prec}; ir_measures' {@code SetP}).
 *
 * <pre>  SetP = |ret rel| / |ret|</pre>
 *
 * <p>ret is the evaluated ranking (after the protocol's depth, trec_eval's {@code -M}); 0 when nothing is retrieved. Unlike P@k, a ranking
 * shorter than k is not padded: trec_eval's {@code -M 50 -m set_P} differs from {@code -m P.50}.
 * Exact.
 */
public final class SetPrecision extends BaseMeasure {
  /**
   * SetP; named {@code SetP} or {@code SetP(rel=N)}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @throws IllegalArgumentException if {@code rel} is negative
   */
  public SetPrecision(Integer rel) {
    super("SetP", rel, 0);
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int n = r.size();
    int relret = r.relevantInTop(0, t);
    return n == 0 ? Value.of(0) : Value.of(relret, n);
  }

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
