package dev.caliber.measure;

/**
 * SetR: the share of the relevant documents that are retrieved, the whole ranking taken as a set
 * (trec_eval's {@code set_recall}, once {@code exact_recall}; ir_measures' {@code SetR}); R
 * without a cutoff, under its set name.
 *
 * <pre>  SetR = |ret rel| / R</pre>
 *
 * <p>ret is the evaluated ranking (after the protocol's depth, trec_eval's {@code -M}); 0 for a query without relevant
 * documents.
 * Exact.
 */
public final class SetRecall extends BaseMeasure {
  /**
   * SetR; named {@code SetR} or {@code SetR(rel=N)}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @throws IllegalArgumentException if {@code rel} is negative
   */
  public SetRecall(Integer rel) {
    super("SetR", rel, 0);
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int rel = r.numRelevant(t);
    int relret = r.relevantInTop(0, t);
    return rel == 0 ? Value.of(0) : Value.of(relret, rel);
  }

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
