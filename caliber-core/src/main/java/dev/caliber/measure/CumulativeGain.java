package dev.caliber.measure;

/**
 * G: trec_eval's {@code G}, an "experimental" normalised gain whose discount grows with the cost
 * the ranking has spent beyond the ideal one, rather than with rank.
 *
 * <pre>
 *   G = sum over i of g_i / log2(2 + C_i - S_i)  /  sum of ideal gains
 *   S_i = g_1 + ... + g_i,   C_i = c_1 + ... + c_i,   c_j = max(ideal gain at j, 1)
 * </pre>
 *
 * <p>g_i is the gain of the document at rank i (the protocol's rule, linear for trec_eval) and the
 * ideal gains are the query's judged gains, largest first; past the ideal ranking's end each
 * position costs 1. A query whose ideal gains sum to 0 scores 0. Ported from trec_eval's m_G.c,
 * whose description is only its code. Not exact: a double.
 */
public final class CumulativeGain extends BaseMeasure {
  private final Gains gains;

  /** G; it takes no rel parameter (gains come from the labels). */
  public CumulativeGain() {
    this(java.util.Map.of());
  }

  /**
   * G with given gains, as nDCG takes them ({@link Ndcg}; trec_eval's {@code G.1=3,2=9}): named
   * {@code G(gains={1:3,2:9})}.
   *
   * @param gains label to gain for the labels whose gain is given; empty for the protocol's rule
   * @throws IllegalArgumentException if a label is negative or a gain is not finite
   */
  public CumulativeGain(java.util.Map<Integer, Double> gains) {
    super("G", null, 0, Gains.parameters(gains, null, false), null);
    this.gains = new Gains(gains, null);
  }

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    double[] ideal = gains.ideal(r);
    double sumIdeal = 0.0;
    for (double g : ideal) {
      sumIdeal += g;
    }
    double results = 0.0;
    double cost = 0.0;
    double g = 0.0;
    for (int i = 0; i < r.size(); i++) {
      double gain = gains.of(r, r.label(i));
      results += gain;
      double idealGain = i < ideal.length ? ideal[i] : 0.0;
      cost += Math.max(idealGain, 1.0);
      if (gain != 0) {
        g += gain / Gains.log2(2 + cost - results);
      }
    }
    return Value.ofDouble(sumIdeal > 0.0 ? g / sumIdeal : 0.0);
  }

  @Override
  public boolean readsFractionalLabels() {
    return gains.hasNoGivenGains();
  }
}
