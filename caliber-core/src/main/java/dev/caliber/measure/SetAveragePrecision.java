package dev.caliber.measure;

import dev.caliber.math.Fraction;

/**
 * SetAP: unranked AP, set precision times set recall (trec_eval's {@code set_map}, once
 * {@code exact_unranked_avg_prec}): each relevant document retrieved is credited the set's
 * precision, each one missed 0.
 *
 * <pre>  SetAP = |ret rel|^2 / (|ret| * R)</pre>
 *
 * <p>ret is the evaluated ranking (after the protocol's depth, trec_eval's {@code -M}); 0 when nothing is
 * retrieved or the query has no relevant document.
 * Exact.
 */
public final class SetAveragePrecision extends BaseMeasure {
  /**
   * SetAP; named {@code SetAP} or {@code SetAP(rel=N)}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @throws IllegalArgumentException if {@code rel} is negative
   */
  public SetAveragePrecision(Integer rel) {
    super("SetAP", rel, 0);
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int n = r.size();
    int rel = r.numRelevant(t);
    int relret = r.relevantInTop(0, t);
    return n == 0 || rel == 0 ? Value.of(0)
        : new Value(Fraction.of((long) relret * relret, (long) n * rel), ((double) relret * (double) relret) / ((double) n * (double) rel));
  }
}
