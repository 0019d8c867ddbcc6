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
  /** R@k at relevance level {@code rel} (null: the protocol's threshold); cutoff 0 = whole ranking. */
  public Recall(Integer rel, int cutoff) {
    super("R", rel, cutoff);
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int relevant = r.numRelevant(t);
    return relevant == 0 ? Value.of(0) : Value.of(r.relevantInTop(cutoff(), t), relevant);
  }
}
