package dev.caliber.measure;

import dev.caliber.math.Fraction;
import java.math.BigDecimal;

/**
 * SetF: the weighted harmonic mean of set precision and set recall (trec_eval's {@code set_F};
 * ir_measures' {@code SetF}), a variant of van Rijsbergen's E measure (Information Retrieval,
 * Butterworths, 1979).
 *
 * <pre>
 *   SetF(beta=x) = (x + 1) * P * R / (x * P + R) = (x + 1) * |ret rel| / (x * numRel + |ret|)
 * </pre>
 *
 * <p>P and R are {@link SetPrecision} and {@link SetRecall}; x (default 1) weighs recall against
 * precision as trec_eval's parameter does ({@code set_F.x}). No relevant document retrieved gives
 * 0. Exact; the double is computed from P and R as trec_eval computes it.
 */
public final class SetF extends BaseMeasure {
  private final BigDecimal beta;

  /**
   * SetF; named {@code SetF}, {@code SetF(beta=0.5)}, {@code SetF(rel=2,beta=2)}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @param beta the weight x of recall, non-negative; 1 for the balanced F
   * @throws IllegalArgumentException if {@code beta} or {@code rel} is negative
   */
  public SetF(Integer rel, BigDecimal beta) {
    super("SetF", rel, 0, beta.compareTo(BigDecimal.ONE) == 0 ? "" : "beta=" + Levels.text(beta), null);
    if (beta.signum() < 0) {
      throw new IllegalArgumentException("illegal beta value: " + Levels.text(beta) + ", must be non-negative");
    }
    this.beta = beta;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int relret = r.relevantInTop(0, t);
    if (relret == 0) {
      return Value.of(0);
    }
    int n = r.size();
    int rel = r.numRelevant(t);
    double p = (double) relret / (double) n;
    double rc = (double) relret / (double) rel;
    double x = beta.doubleValue();
    Fraction b = Levels.exact(beta);
    Fraction num = b.plus(Fraction.ONE).times(Fraction.of(relret));
    Fraction den = b.times(Fraction.of(rel)).plus(Fraction.of(n));
    Fraction exact = num.times(Fraction.of(den.denominator(), den.numerator()));
    return new Value(exact, (x + 1.0) * p * rc / (x * p + rc));
  }

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
