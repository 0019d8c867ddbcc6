package dev.caliber.measure;

import java.math.BigDecimal;

/**
 * RBP(p): rank-biased precision (Moffat and Zobel, ACM TOIS 27(1), 2008) as ir_measures defines
 * it ({@code RBP}, {@code RBP(p=0.8)}, {@code RBP(p=0.8,rel=2)}; terrierteam/ir_measures,
 * ir_measures/measures/rbp.py): persistence p defaults to 0.8, and ir_measures' two providers give
 * the two forms.
 *
 * <pre>
 *   graded, no rel (trectools' get_rbp):  RBP(p)@k = (1 - p) * sum over i &lt;= k of label_i * p^(i-1)
 *   binary, rel=N (cwl_eval's RBPCWLMetric): RBP(p,rel=N) = (1 - p) / (1 - p^1000) * sum over i &lt;= 1000
 *                                            of [label_i &gt;= N] * p^(i-1)
 * </pre>
 *
 * <p>The graded form gains the label itself (labels of 0 or below and unjudged documents gain 0;
 * the protocol's gain rule does not apply), over the first k documents or the whole ranking. The
 * binary form is cwl_eval's expected gain per document over its fixed 1,000 positions (the factor
 * 1 / (1 - p^1000) makes the weights sum to 1; below 1 + 1e-45 for p = 0.9); with @k the sum also
 * stops at k, which ir_measures cannot compute (cwl_eval takes no cutoff). A double. Checked against
 * ir_measures' cwl_eval test (tests/test_cwl_eval.py: {@code RBP(p=0.9,rel=1)} = 0.3501, 0.3996,
 * 0.1988). Differences: trectools averages the weights of documents with tied scores (across
 * queries, too); caliber ranks ties by the protocol's ordering, as for every measure. trec_eval's
 * {@code rbp}, which scales gains by the query's largest label and defaults to p = 0.9, is
 * {@link RankBiasedPrecision RBPScaled}.
 */
public final class RankBiasedPrecisionIrMeasures extends BaseMeasure {
  private static final BigDecimal DEFAULT_P = new BigDecimal("0.8");
  private final double p;
  private final Integer rel;

  /**
   * RBP(p=x,rel=N)@k; p is left out of the name when 0.8.
   *
   * @param persistence p, in (0, 1)
   * @param rel the lowest label that gains 1 (binary form), or null for the graded form
   * @param cutoff k, or 0 for the whole ranking
   * @throws IllegalArgumentException if a value is out of range
   */
  public RankBiasedPrecisionIrMeasures(BigDecimal persistence, Integer rel, int cutoff) {
    super("RBP", rel, cutoff, persistence(persistence), null);
    this.p = persistence.doubleValue();
    this.rel = rel;
  }

  private static String persistence(BigDecimal p) {
    RankBiasedPrecision.persistenceParameter(p);
    return p.compareTo(DEFAULT_P) == 0 ? "" : "p=" + Levels.text(p);
  }

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int end = rel == null ? depth(r) : Math.min(depth(r), CwlGains.POSITIONS);
    double sum = 0.0;
    double weight = 1.0;
    for (int i = 0; i < end; i++) {
      int label = r.label(i);
      if (label != JudgedRanking.UNJUDGED && (rel == null ? label > 0 : label >= rel)) {
        sum += (rel == null ? label : 1.0) * weight;
      }
      weight *= p;
    }
    double scale = rel == null ? 1.0 : 1.0 - Math.pow(p, CwlGains.POSITIONS);
    return Value.ofDouble((1.0 - p) * sum / scale);
  }
}
