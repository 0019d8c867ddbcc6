package dev.caliber.measure;

import dev.caliber.math.FractionSum;
import java.math.BigDecimal;

/**
 * A measure computed once per judgment group and averaged over the query's groups: trec_eval's
 * {@code map_avgjg}, {@code P_avgjg} and {@code Rprec_mult_avgjg} (m_map_avgjg.c, m_P_avgjg.c,
 * m_Rprec_mult_avgjg.c), over qrels in its {@code qrels_jg} format ({@code qid jg docid rel}),
 * where each group is one user's judgments of the query.
 *
 * <pre>  JgM = (1/G) * sum over the query's groups g of M(ranking labelled by g)</pre>
 *
 * <p>Each group's value is the inner measure's ({@link AveragePrecision}, {@link Precision},
 * {@link RPrecisionMultiple}) over the same ranking, with R and the labels of that group alone: a
 * group without a relevant document adds 0, as trec_eval's sum does, and still counts in G.
 * Judgments without groups (plain qrels) are one group, so {@code JgAP} is {@code AP} there; trec_eval
 * refuses them instead. Exact: the mean of exact values, its double the mean of the inner doubles
 * (trec_eval's sum, divided once).
 */
public final class JudgmentGroupMean extends BaseMeasure {
  private final BaseMeasure inner;

  private JudgmentGroupMean(BaseMeasure inner, Integer rel, int cutoff, String at) {
    super("Jg" + inner.name().replaceAll("[(@].*", ""), rel, cutoff, "", at);
    this.inner = inner;
  }

  /**
   * JgAP: AP per group, averaged ({@code map_avgjg}).
   *
   * @param rel the lowest relevant label, non-negative; null for the protocol's threshold
   * @return the measure, named {@code JgAP} or {@code JgAP(rel=N)}
   */
  public static JudgmentGroupMean averagePrecision(Integer rel) {
    return new JudgmentGroupMean(new AveragePrecision(rel, 0), rel, 0, null);
  }

  /**
   * JgP@k: P@k per group, averaged ({@code P_avgjg_k}).
   *
   * @param rel the lowest relevant label, non-negative; null for the protocol's threshold
   * @param k the cutoff, positive
   * @return the measure, named {@code JgP@k}
   */
  public static JudgmentGroupMean precision(Integer rel, int k) {
    return new JudgmentGroupMean(new Precision(rel, k), rel, k, null);
  }

  /**
   * JgRprecMult@m: RprecMult@m per group, each with its own R, averaged ({@code Rprec_mult_avgjg_m}).
   *
   * @param rel the lowest relevant label, non-negative; null for the protocol's threshold
   * @param multiple m, non-negative
   * @return the measure, named {@code JgRprecMult@m}
   */
  public static JudgmentGroupMean rPrecisionMultiple(Integer rel, BigDecimal multiple) {
    return new JudgmentGroupMean(new RPrecisionMultiple(rel, multiple), rel, 0, Levels.text(multiple));
  }

  @Override
  public Value compute(JudgedRanking r) {
    FractionSum exact = new FractionSum();
    double decimal = 0.0;
    for (JudgedRanking group : r.groups()) {
      Value v = inner.compute(group);
      exact.add(v.exact());
      decimal += v.decimal();
    }
    int n = r.groups().size();
    return new Value(exact.snapshot().dividedBy(n), decimal / n);
  }
}
