package dev.caliber.measure;

/**
 * GMAP: AP per query, averaged geometrically over queries (trec_eval's {@code gm_map};
 * Robertson, "On GMAP", CIKM 2006): rewards runs that are consistent across queries rather than
 * very good on some and very poor on others.
 *
 * <pre>  GMAP = exp( (1/|Q|) * sum over q of log(max(AP_q, 0.00001)) )</pre>
 *
 * <p>The per-query value is {@link AveragePrecision}'s, exact; the mean is {@link Mean#GEOMETRIC}
 * with trec_eval's floor of 0.00001, so it is never exact. trec_eval prints no per-query line for
 * it (its per-query value would be the logarithm); caliber's per-query value is AP itself.
 */
public final class GeometricMeanAveragePrecision extends BaseMeasure {
  private final AveragePrecision ap;

  /**
   * GMAP; named {@code GMAP} or {@code GMAP(rel=N)}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @throws IllegalArgumentException if {@code rel} is negative
   */
  public GeometricMeanAveragePrecision(Integer rel) {
    super("GMAP", rel, 0);
    this.ap = new AveragePrecision(rel, 0);
  }

  @Override
  public Mean mean() {
    return Mean.GEOMETRIC;
  }

  @Override
  public Value compute(JudgedRanking r) {
    return ap.compute(r);
  }

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
