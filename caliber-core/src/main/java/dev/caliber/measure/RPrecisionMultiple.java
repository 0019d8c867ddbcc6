package dev.caliber.measure;

import java.math.BigDecimal;

/**
 * RprecMult@m: precision at m times R, R being the number of relevant documents (trec_eval's
 * {@code Rprec_mult_m}, by default at m = 0.2, 0.4, ..., 2.0): whether a run is precision- or
 * recall-oriented, measured at the same milestones of every query.
 *
 * <pre>  RprecMult@m = |{ i &lt;= c : rel(d_i) }| / c,   c = floor(m * R + 0.9)</pre>
 *
 * <p>As trec_eval computes it: c adds 0.9 and truncates (in doubles); a ranking shorter than c is
 * not padded (P@c, not precision over what was returned); c = 0 (no relevant document, or m * R
 * below 0.1) gives 0. RprecMult@1 is {@code Rprec}. Exact.
 */
public final class RPrecisionMultiple extends BaseMeasure {
  private final BigDecimal multiple;

  /**
   * RprecMult@m; named {@code RprecMult@0.2}, {@code RprecMult(rel=2)@1.5}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @param multiple m, non-negative
   * @throws IllegalArgumentException if {@code multiple} or {@code rel} is negative
   */
  public RPrecisionMultiple(Integer rel, BigDecimal multiple) {
    super("RprecMult", rel, 0, "", Levels.text(multiple));
    if (multiple.signum() < 0) {
      throw new IllegalArgumentException("illegal multiple of R: " + Levels.text(multiple) + ", must be non-negative");
    }
    this.multiple = multiple;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    long c = (long) (multiple.doubleValue() * r.numRelevant(t) + 0.9);
    if (c == 0) {
      return Value.of(0);
    }
    return Value.of(r.relevantInTop((int) Math.min(c, Integer.MAX_VALUE), t), c);
  }
}
