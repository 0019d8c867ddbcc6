package dev.caliber.measure;

import java.math.BigDecimal;

/**
 * RBPResid(p): how much {@link RankBiasedPrecision RBPScaled(p)} (or ir_measures' graded RBP) could still rise if every unjudged
 * document retrieved had the largest gain, and every document past the ranking's end too (Moffat
 * and Zobel 2008, section 5; trec_eval's {@code rbp_resid}).
 *
 * <pre>  RBPResid(p) = p^n + (1 - p) * sum over unjudged d_i of p^(i-1)</pre>
 *
 * <p>n is the ranking's length; unjudged means no judgment or a negative label. As in trec_eval,
 * a ranking without an unjudged document has residual 0 (the tail p^n is then left out), which
 * also gives 0 for a query the run lacks. Defined for every query. Not exact: a double.
 */
public final class RankBiasedPrecisionResidual extends BaseMeasure {
  private final double p;

  /**
   * RBPResid; named {@code RBPResid} for p = 0.9, else {@code RBPResid(p=0.8)}.
   *
   * @param persistence p, in (0, 1)
   * @throws IllegalArgumentException if {@code persistence} is not strictly between 0 and 1
   */
  public RankBiasedPrecisionResidual(BigDecimal persistence) {
    super("RBPResid", null, 0, RankBiasedPrecision.persistenceParameter(persistence), null);
    this.p = persistence.doubleValue();
  }

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  public boolean needsRelevant() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    long unjudged = 0;
    double sum = 0.0;
    double weight = 1.0;
    for (int i = 0; i < r.size(); i++) {
      if (!r.judged(i)) {
        unjudged++;
        sum += weight;
      }
      weight *= p;
    }
    return Value.ofDouble(unjudged == 0 ? 0.0 : weight + (1 - p) * sum);
  }
}
