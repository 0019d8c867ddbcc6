package dev.caliber.measure;

/**
 * RnDCG: nDCG averaged over the ranks where the ideal gain changes (trec_eval's {@code Rndcg},
 * "experimental"): an R-precision analogue for graded judgments. Where the ideal ranking moves
 * from one gain to a smaller one (and where it ends), nDCG is taken at that rank, and those values
 * are averaged.
 *
 * <pre>  RnDCG = mean over boundaries b of DCG@b / IDCG@b</pre>
 *
 * <p>A boundary is a rank b whose ideal gain differs from rank b+1's (the last positive gain is
 * followed by 0); a ranking longer than the ideal adds one more point with the whole ranking's
 * DCG. Discount log2(i + 1), the protocol's gain. A query without relevant documents at the level
 * scores 0, as in trec_eval. Ported from trec_eval's m_Rndcg.c. Not exact: a double.
 */
public final class RNdcg extends BaseMeasure {
  /**
   * RnDCG; named {@code RnDCG} or {@code RnDCG(rel=N)} (the level only decides whether a query
   * has relevant documents).
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @throws IllegalArgumentException if {@code rel} is negative
   */
  public RNdcg(Integer rel) {
    this(rel, java.util.Map.of());
  }

  private final Gains gains;

  /**
   * RnDCG with given gains, as nDCG takes them ({@link Ndcg}; trec_eval's {@code Rndcg.1=3,2=9}):
   * named {@code RnDCG(rel=N,gains={1:3,2:9})}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   * @param gains label to gain for the labels whose gain is given; empty for the protocol's rule
   * @throws IllegalArgumentException if {@code rel} or a label is negative, or a gain is not finite
   */
  public RNdcg(Integer rel, java.util.Map<Integer, Double> gains) {
    super("RnDCG", rel, 0, Gains.parameters(gains, null, false), null);
    this.gains = new Gains(gains, null);
  }

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    if (r.numRelevant(level(r)) == 0) {
      return Value.ofDouble(0.0);
    }
    double[] ideal = gains.ideal(r);
    double dcg = 0.0;
    double idcg = 0.0;
    double sum = 0.0;
    long points = 0;
    double previous = ideal.length > 0 ? ideal[0] : 0.0;
    int n = r.size();
    int i = 0;
    // positions while the ideal ranking still gains (trec_eval's first loop)
    boolean gaining = previous > 0.0;
    for (; i < n && gaining; i++) {
      double gain = gains.of(r, r.label(i));
      double idealGain = i < ideal.length ? ideal[i] : 0.0;
      if (previous != idealGain) {
        if (idcg > 0.0) {
          sum += dcg / idcg;
          points++;
        }
        previous = idealGain;
      }
      if (gain != 0) {
        dcg += gain / Gains.log2(i + 2);
      }
      if (idealGain > 0.0) {
        idcg += idealGain / Gains.log2(i + 2);
      }
      gaining = idealGain > 0.0;
    }
    if (i < n) {
      for (; i < n; i++) {
        double gain = gains.of(r, r.label(i));
        if (gain != 0) {
          dcg += gain / Gains.log2(i + 2);
        }
      }
      if (idcg > 0.0) {
        sum += dcg / idcg;
        points++;
      }
    }
    while (gaining) {
      double idealGain = i < ideal.length ? ideal[i] : 0.0;
      if (previous != idealGain) {
        if (idcg > 0.0) {
          sum += dcg / idcg;
          points++;
        }
        previous = idealGain;
      }
      if (idealGain > 0.0) {
        idcg += idealGain / Gains.log2(i + 2);
      }
      gaining = idealGain > 0.0;
      i++;
    }
    return Value.ofDouble(points == 0 ? 0.0 : sum / points);
  }
}
