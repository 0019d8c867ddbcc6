package dev.caliber.measure;

/**
 * R@k: the share of the query's relevant documents found in the first k (all ranked documents
 * without a cutoff).
 *
 * <pre>  R@k = |{ i &lt;= k : rel(d_i) }| / |relevant|</pre>
 *
 * <p>The denominator is the number of judged relevant documents, never k, never the number
 * returned (the seed's Recall@k; trec_eval's {@code recall_k}). Undefined without relevant
 * documents; trec_eval reports 0 then. Exact. "Found at least one" is {@link Success}, not Recall.
 */
public final class Recall extends BaseMeasure {
  /**
   * R, or R@k with a cutoff; named {@code R}, {@code R@k}, {@code R(rel=N)@k}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @param cutoff k, the number of ranked positions looked at; 0 for the whole ranking
   * @throws IllegalArgumentException if {@code rel} or {@code cutoff} is negative
   */
  public Recall(Integer rel, int cutoff) {
    super("R", rel, cutoff);
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int relevant = r.numRelevant(t);
    return relevant == 0 ? Value.of(0) : Value.of(r.relevantInTop(cutoff(), t), relevant);
  }

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
