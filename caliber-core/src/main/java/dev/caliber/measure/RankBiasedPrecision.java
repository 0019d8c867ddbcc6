package dev.caliber.measure;

import java.math.BigDecimal;

/**
 * RBPScaled(p): rank-biased precision (Moffat and Zobel, "Rank-Biased Precision for Measurement of
 * Retrieval Effectiveness", ACM TOIS 27(1), 2008), as trec_eval computes it ({@code rbp}): a user
 * reads on from each rank with probability p (persistence, default 0.9, close to P@10; 0.95 or
 * 0.98 come closer to AP).
 *
 * <pre>  RBP(p) = (1 - p) * sum over i of g_i * p^(i-1)</pre>
 *
 * <p>g_i is the gain of the document at rank i scaled into [0, 1]: the protocol's gain (linear
 * for trec_eval) divided by the largest gain among the query's judged labels when that is above 1
 * (trec_eval's normalisation, which makes graded judgments relative per query), as is otherwise.
 * Unjudged documents gain 0; {@link RankBiasedPrecisionResidual} says how much they could add.
 * Not exact: a double, with p^i multiplied up as trec_eval does. Differences: trec_eval's scaling
 * reads two variables it never initialises (m_rbp.c), so its graded values rest on what the stack
 * holds; caliber takes them as 0. ir_measures' {@code RBP} (p = 0.8, the label as gain, or binary
 * with rel) is {@link RankBiasedPrecisionIrMeasures}: its name is ir_measures', so trec_eval's
 * measure has this name of its own.
 */
public final class RankBiasedPrecision extends BaseMeasure {
  private final double p;

  /**
   * trec_eval's rbp; named {@code RBPScaled} for p = 0.9, else {@code RBPScaled(p=0.8)}.
   *
   * @param persistence p, in (0, 1)
   * @throws IllegalArgumentException if {@code persistence} is not strictly between 0 and 1
   */
  public RankBiasedPrecision(BigDecimal persistence) {
    super("RBPScaled", null, 0, persistenceParameter(persistence), null);
    this.p = persistence.doubleValue();
  }

  static String persistenceParameter(BigDecimal p) {
    if (p.signum() <= 0 || p.compareTo(BigDecimal.ONE) >= 0) {
      throw new IllegalArgumentException("illegal p value: " + Levels.text(p) + ", must be between 0 and 1 (exclusive)");
    }
    return p.compareTo(new BigDecimal("0.9")) == 0 ? "" : "p=" + Levels.text(p);
  }

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    double max = 0.0;
    for (int l : r.idealLabels()) {
      max = Math.max(max, Gains.PROTOCOL.of(r, l));
    }
    double scale = max > 1.0 ? max : 1.0;
    double sum = 0.0;
    double weight = 1.0;
    for (int i = 0; i < r.size(); i++) {
      double gain = Gains.PROTOCOL.of(r, r.label(i));
      if (gain != 0) {
        sum += (scale == 1.0 ? gain : gain / scale) * weight;
      }
      weight *= p;
    }
    return Value.ofDouble((1.0 - p) * sum);
  }
}
