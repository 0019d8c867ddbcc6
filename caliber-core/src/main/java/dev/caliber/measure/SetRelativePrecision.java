package dev.caliber.measure;

/**
 * SetRelP: set precision relative to the best possible for a set of that size (trec_eval's
 * {@code set_relative_P}).
 *
 * <pre>  SetRelP = |ret rel| / min(|ret|, R)</pre>
 *
 * <p>ret is the evaluated ranking (after the protocol's depth, trec_eval's {@code -M}); 0 when nothing is
 * retrieved or the query has no relevant document.
 * Exact.
 */
public final class SetRelativePrecision extends BaseMeasure {
  /**
   * SetRelP; named {@code SetRelP} or {@code SetRelP(rel=N)}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @throws IllegalArgumentException if {@code rel} is negative
   */
  public SetRelativePrecision(Integer rel) {
    super("SetRelP", rel, 0);
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int n = r.size();
    int rel = r.numRelevant(t);
    int relret = r.relevantInTop(0, t);
    return n == 0 || rel == 0 ? Value.of(0) : Value.of(relret, Math.min(n, rel));
  }
}
