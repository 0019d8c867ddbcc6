package dev.caliber.measure;

/**
 * nDCG and nDCG@k (Järvelin and Kekäläinen, ACM TOIS 20(4), 2002): discounted cumulative gain of
 * the ranking divided by that of the ideal ranking of all judged documents.
 *
 * <pre>
 *   DCG@k  = sum over i &lt;= k of gain(label(d_i)) / log2(i + 1)
 *   nDCG@k = DCG@k / IDCG@k,   IDCG@k = DCG@k of the judged labels sorted descending
 * </pre>
 *
 * <p>gain is the protocol's rule: linear (gain = label, trec_eval's {@code ndcg} and
 * {@code ndcg_cut_k}) or exponential (2^label - 1). Labels of 0 or below and unjudged documents
 * gain nothing. The relevance threshold does not apply (as in trec_eval, where -l2 leaves ndcg
 * unchanged); a query whose ideal DCG is 0 scores 0. Not rational: a double, and reports say so.
 * trec_eval's custom per-level gains ({@code -m ndcg.1=3,2=9}) are not supported: trec_eval sorts
 * fractional gains with an integer comparison, which misorders them.
 */
public final class Ndcg extends BaseMeasure {
  // StrictMath, not Math: Math.log may differ in the last bit between JVMs and platforms, and a
  // report must be byte-identical wherever it is computed.
  private static final double LN2 = StrictMath.log(2.0);

  /**
   * nDCG, or nDCG@k with a cutoff; it takes no rel parameter, since gains come from the labels.
   *
   * @param cutoff k, cutting both the ranking and the ideal ranking; 0 for the whole ranking and
   *     all judged documents
   * @throws IllegalArgumentException if {@code cutoff} is negative
   */
  public Ndcg(int cutoff) {
    super("nDCG", null, cutoff);
  }

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int[] ideal = r.idealLabels();
    int idealEnd = cutoff() == 0 ? ideal.length : Math.min(cutoff(), ideal.length);
    double idcg = 0.0;
    for (int i = 0; i < idealEnd; i++) {
      idcg += r.gain(ideal[i]) / log2(i + 2);
    }
    if (idcg <= 0.0) {
      return Value.ofDouble(0.0);
    }
    double dcg = 0.0;
    int end = depth(r);
    for (int i = 0; i < end; i++) {
      double g = r.gain(r.label(i));
      if (g != 0.0) {
        dcg += g / log2(i + 2);
      }
    }
    return Value.ofDouble(dcg / idcg);
  }

  private static double log2(int x) {
    return StrictMath.log(x) / LN2;
  }
}
