package dev.caliber.measure;

/**
 * How a measure's per-query values are averaged over the query set. The engine applies it in the
 * one place that averages (the run's summary); a measure only names its kind.
 */
public enum Mean {
  /** The sum of the values divided by the number of queries; exact for rational measures. */
  ARITHMETIC,
  /**
   * exp of the mean of log(max(v, {@value #GEOMETRIC_FLOOR})): trec_eval's geometric mean
   * ({@code gm_map}, {@code gm_bpref}; Robertson, "On GMAP", CIKM 2006). The floor keeps a query
   * scoring 0 from making the whole mean 0. Never exact.
   */
  GEOMETRIC;

  /** The least value a geometric mean takes for a query: trec_eval's MIN_GEO_MEAN. */
  public static final double GEOMETRIC_FLOOR = 0.00001;
}
