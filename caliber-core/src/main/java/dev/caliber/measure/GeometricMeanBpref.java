package dev.caliber.measure;

/**
 * GMBpref: Bpref per query, averaged geometrically over queries (trec_eval's {@code gm_bpref}).
 *
 * <pre>  GMBpref = exp( (1/|Q|) * sum over q of log(max(Bpref_q, 0.00001)) )</pre>
 *
 * <p>The per-query value is {@link Bpref}'s, exact; the mean is {@link Mean#GEOMETRIC}, never
 * exact. Like {@link GeometricMeanAveragePrecision}, trec_eval prints it in the summary only.
 */
public final class GeometricMeanBpref extends BaseMeasure {
  private final Bpref bpref;

  /**
   * GMBpref; named {@code GMBpref} or {@code GMBpref(rel=N)}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @throws IllegalArgumentException if {@code rel} is negative
   */
  public GeometricMeanBpref(Integer rel) {
    super("GMBpref", rel, 0);
    this.bpref = new Bpref(rel);
  }

  @Override
  public Mean mean() {
    return Mean.GEOMETRIC;
  }

  @Override
  public Value compute(JudgedRanking r) {
    return bpref.compute(r);
  }
}
