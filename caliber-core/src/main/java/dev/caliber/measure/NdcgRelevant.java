package dev.caliber.measure;

/**
 * nDCGRel: nDCG averaged over the ranks of the relevant documents (trec_eval's {@code ndcg_rel},
 * "experimental"): nDCG@i is taken at each rank i holding a document with positive gain, the
 * ideal's relevant documents not retrieved contribute the final nDCG each, and the sum is divided
 * by the number of documents with positive gain.
 *
 * <pre>
 *   nDCGRel = (1/G) * ( sum over i with g_i &gt; 0 of DCG@i / IDCG@i  +  (G - G_ret) * DCG / IDCG )
 * </pre>
 *
 * <p>G is the number of judged documents with positive gain, G_ret those retrieved, DCG the whole
 * ranking's and IDCG the whole ideal ranking's (discount log2(i + 1), the protocol's gain). A query
 * without positive gains scores 0. Not exact: a double.
 */
public final class NdcgRelevant extends BaseMeasure {
  private final Gains gains;

  /** nDCGRel; it takes no rel parameter (gains come from the labels). */
  public NdcgRelevant() {
    this(java.util.Map.of());
  }

  /**
   * nDCGRel with given gains, as nDCG takes them ({@link Ndcg}; trec_eval's {@code
   * ndcg_rel.1=3,2=9}): named {@code nDCGRel(gains={1:3,2:9})}.
   *
   * @param gains label to gain for the labels whose gain is given; empty for the protocol's rule
   * @throws IllegalArgumentException if a label is negative or a gain is not finite
   */
  public NdcgRelevant(java.util.Map<Integer, Double> gains) {
    super("nDCGRel", null, 0, Gains.parameters(gains, null, false), null);
    this.gains = new Gains(gains, null);
  }

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    double[] ideal = gains.ideal(r);
    double dcg = 0.0;
    double idcg = 0.0;
    double sum = 0.0;
    long retrieved = 0;
    int i = 0;
    for (; i < r.size(); i++) {
      double gain = gains.of(r, r.label(i));
      if (gain != 0) {
        dcg += gain / Gains.log2(i + 2);
      }
      if (i < ideal.length) {
        idcg += ideal[i] / Gains.log2(i + 2);
      }
      if (gain > 0) {
        sum += dcg / idcg;
        retrieved++;
      }
    }
    for (; i < ideal.length; i++) {
      idcg += ideal[i] / Gains.log2(i + 2);
    }
    if (ideal.length == 0) {
      return Value.ofDouble(0.0);
    }
    sum += ((double) (ideal.length - retrieved)) * dcg / idcg;
    return Value.ofDouble(sum > 0.0 ? sum / ideal.length : 0.0);
  }
}
