package dev.caliber.measure;

import java.math.BigDecimal;

/**
 * IPrec@r: interpolated precision at recall level r, the points of the standard recall-precision
 * graph (trec_eval's {@code iprec_at_recall_r}; ir_measures' {@code IPrec@r}).
 *
 * <pre>
 *   IPrec@r = max { P@i : i &gt;= rank of the c-th relevant document },   c = round(r * R)
 * </pre>
 *
 * <p>R is the number of relevant documents and P@i is taken over the evaluated ranking only
 * (i from that rank to its end). The interpolation Int_Prec(X) = max Prec(Y) for Y &gt;= X is
 * Salton and McGill's (Introduction to Modern Information Retrieval, 1983) as trec_eval computes
 * it. Edge cases, as trec_eval 10.0: c rounds half away from zero ({@code lround}, new in 10.0;
 * 9.x added 0.9 and truncated); c = 0 (r = 0, or r * R below 1/2) reads as c = 1; when fewer than
 * c relevant documents are retrieved, and for an empty ranking, the value is 0. Exact.
 */
public final class InterpolatedPrecision extends BaseMeasure {
  private final BigDecimal level;

  /**
   * IPrec@r; named {@code IPrec@0.1}, {@code IPrec(rel=2)@0.5}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @param level the recall level r, between 0 and 1
   * @throws IllegalArgumentException if {@code level} is outside [0, 1] or {@code rel} is negative
   */
  public InterpolatedPrecision(Integer rel, BigDecimal level) {
    super("IPrec", rel, 0, "", Levels.text(level));
    if (level.signum() < 0 || level.compareTo(BigDecimal.ONE) > 0) {
      throw new IllegalArgumentException("illegal recall level: " + Levels.text(level) + ", must be between 0 and 1");
    }
    this.level = level;
  }

  /**
   * The recall level.
   *
   * @return r, between 0 and 1
   */
  public BigDecimal level() {
    return level;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    return at(r, t, Math.round(level.doubleValue() * r.numRelevant(t)));
  }

  /** Interpolated precision once the c-th relevant document is found (c = 0 reads as 1). */
  static Value at(JudgedRanking r, int t, long c) {
    // best P@i for i >= the c-th relevant document's position, over relevant positions only (the
    // precision falls between them); the ranking keeps both answers, for the many levels asked
    int from = r.positionOfRelevant(Math.max(1, c), t);
    if (from < 0) {
      return Value.of(0);
    }
    int best = r.bestPrecisionFrom(from, t);
    return Value.of(r.relevantInTop(best + 1, t), best + 1);
  }

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
