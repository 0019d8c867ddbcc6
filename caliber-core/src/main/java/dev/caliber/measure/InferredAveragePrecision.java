package dev.caliber.measure;

/**
 * infAP: inferred average precision for judgments sampled from the pool (Yilmaz and Aslam,
 * "Estimating Average Precision with Incomplete and Imperfect Judgments", CIKM 2006), as trec_eval
 * computes it ({@code infAP}).
 *
 * <pre>
 *   infAP = (1/R) * sum over judged relevant d_k of
 *           1                                                     if k = 1
 *           1/k + ((k-1)/k) * (|d_..k-1 in pool| / (k-1)) * (r + eps) / (r + n + 2 eps)  otherwise
 * </pre>
 *
 * where, above rank k, r is the number of judged relevant documents, n the judged non-relevant
 * ones, "in pool" counts those and the pooled-but-unjudged ones (a negative label), and eps =
 * 0.00001. Documents outside the pool (no judgment at all) count as positions only. With complete
 * judgments infAP is AP. Not exact: a double, summed as trec_eval sums it. One difference:
 * trec_eval counts a label below -2 as relevant here; caliber treats every negative label as
 * pooled but unjudged.
 */
public final class InferredAveragePrecision extends BaseMeasure {
  private static final double EPSILON = 0.00001;

  /**
   * infAP; named {@code infAP} or {@code infAP(rel=N)}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @throws IllegalArgumentException if {@code rel} is negative
   */
  public InferredAveragePrecision(Integer rel) {
    super("infAP", rel, 0);
  }

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int relevant = r.numRelevant(t);
    if (relevant == 0) {
      return Value.ofDouble(0.0);
    }
    long nonrel = 0;
    long rel = 0;
    long pooledUnjudged = 0;
    double sum = 0.0;
    for (int j = 0; j < r.size(); j++) {
      int label = r.label(j);
      if (label == JudgedRanking.UNJUDGED) {
        continue;
      }
      if (label < 0) {
        pooledUnjudged++;
      } else if (label < t) {
        nonrel++;
      } else {
        rel++;
        if (j == 0) {
          sum += 1.0;
        } else {
          double fj = j;
          sum += 1.0 / (fj + 1.0) + (fj / (fj + 1.0)) * ((rel - 1 + nonrel + pooledUnjudged) / fj)
              * ((rel - 1 + EPSILON) / (rel - 1 + nonrel + 2 * EPSILON));
        }
      }
    }
    return Value.ofDouble(sum / relevant);
  }
}
