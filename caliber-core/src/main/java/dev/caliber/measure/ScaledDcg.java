package dev.caliber.measure;

/**
 * SDCG@k: scaled discounted cumulative gain, nDCG@k normalised as if at least k fully relevant
 * documents existed, as ir_measures computes it through cwl_eval ({@code SDCG(max_rel=N)@k};
 * terrierteam/ir_measures, ir_measures/measures/sdcg.py and providers/cwl_eval.py, cwl_eval's
 * {@code NDCGCWLMetric(k)}).
 *
 * <pre>  SDCG@k = sum over i &lt;= k of g_i / log2(i + 1)  /  sum over i &lt;= k of 1 / log2(i + 1)</pre>
 *
 * <p>g_i is the {@link CwlGains scaled gain} of the document at rank i (0 for an unjudged one);
 * the denominator is the DCG of k documents of gain 1, whatever the query's judgments, so the
 * value needs no ideal ranking. It is the expected gain per document of the C/W/L user who goes on
 * from rank i with probability log2(i+1)/log2(i+2) and stops at k. A double. Checked against
 * ir_measures' cwl_eval test (tests/test_cwl_eval.py: {@code SDCG(max_rel=1)@10} = 0.5645,
 * 0.6531, 0.2848). Difference: cwl_eval reads at most 1,000 ranked documents, so its SDCG@k for
 * k above 1,000 is SDCG@1000; caliber's is not cut.
 */
public final class ScaledDcg extends BaseMeasure {
  private final CwlGains gains;

  /**
   * SDCG(min_rel=a,max_rel=b)@k; min_rel is left out of the name when 0.
   *
   * @param cutoff k, positive
   * @param minRel the label that gains 0 (and below), 0 or more
   * @param maxRel the label that gains 1 (and above), above {@code minRel}
   * @throws IllegalArgumentException if a value is out of range
   */
  public ScaledDcg(int cutoff, int minRel, int maxRel) {
    super("SDCG", null, requirePositive(cutoff), new CwlGains(minRel, maxRel).parameters(), null);
    this.gains = new CwlGains(minRel, maxRel);
  }

  private static int requirePositive(int cutoff) {
    if (cutoff < 1) {
      throw new IllegalArgumentException("illegal cutoff value: " + cutoff + ", must be a positive integer");
    }
    return cutoff;
  }

  @Override
  public boolean rational() {
    return false;
  }

  /**
   * The normaliser, the sum over i &lt;= k of 1 / log2(i + 1): the same for every query, so summed
   * once (in rank order, as before: the same double), when first needed. A large k costs its loop
   * once, not once per query.
   */
  private volatile double ideal;

  private double ideal() {
    double d = ideal;
    if (d == 0.0) { // never a sum's value: its first term is 1
      for (long i = 0; i < cutoff(); i++) { // long: i + 2 past Integer.MAX_VALUE for the largest k
        d += 1.0 / Gains.log2(i + 2);
      }
      ideal = d;
    }
    return d;
  }

  @Override
  public Value compute(JudgedRanking r) {
    double dcg = 0.0;
    int n = Math.min(cutoff(), r.size());
    for (int i = 0; i < n; i++) {
      dcg += gains.of(r.label(i)) * (1.0 / Gains.log2(i + 2));
    }
    return Value.ofDouble(dcg / ideal());
  }
}
