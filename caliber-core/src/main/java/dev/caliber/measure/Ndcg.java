package dev.caliber.measure;

import dev.caliber.policy.Gain;
import java.util.Map;

/**
 * nDCG and nDCG@k (Järvelin and Kekäläinen, ACM TOIS 20(4), 2002): discounted cumulative gain of
 * the ranking divided by that of the ideal ranking of all judged documents.
 *
 * <pre>
 *   DCG@k  = sum over i &lt;= k of gain(label(d_i)) / log2(i + 1)
 *   nDCG@k = DCG@k / IDCG@k,   IDCG@k = DCG@k of the judged labels sorted descending
 * </pre>
 *
 * <p>gain is the protocol's rule: linear (gain = label, trec_eval's {@code ndcg} and
 * {@code ndcg_cut_k}) or exponential (2^label - 1). Labels of 0 or below and unjudged documents
 * gain nothing. The relevance threshold does not apply (as in trec_eval, where -l2 leaves ndcg
 * unchanged); a query whose ideal DCG is 0 scores 0. Not rational: a double, and reports say so.
 *
 * <p>Given gains ({@code nDCG(gains={1:3,2:9,4:4.5})}, trec_eval's {@code ndcg.1=3,2=9,4=4.5},
 * ir_measures' {@code nDCG(gains={...})}) replace the gain of their labels; other labels of 0 or
 * more keep the protocol's, and a given gain may be 0 or negative (label 0 may be given one). The
 * ideal ranking takes the positive gains of the judged labels, largest first. One difference:
 * trec_eval sorts the gains with an integer comparison ({@code comp_rel_gain} truncates their
 * difference), so gains less than 1 apart may be misordered in its ideal ranking; caliber sorts
 * them by value. They agree whenever given gains differ from each other and from the other labels
 * by at least 1, as in trec_eval's own test.
 *
 * <p>The same class gives nDCG's two parts as measures of their own ({@link Part}): {@code DCG}
 * (trec_eval's {@code dcg}) and {@code IDCG} (its {@code ideal_dcg}), with the same parameters and
 * the same sums, so that DCG / IDCG is nDCG wherever IDCG is above 0 (m_ndcg.c computes all three
 * in one function). Unlike nDCG they are not normalised: a DCG over linear gains is in units of
 * label, and its mean over queries weighs queries with many relevant documents more.
 */
public final class Ndcg extends BaseMeasure {
  /** Which of nDCG's sums the measure is. */
  public enum Part {
    /** DCG / IDCG, 0 when IDCG is 0 or less: nDCG. */
    NORMALISED("nDCG"),
    /** The ranking's discounted cumulative gain, DCG (trec_eval's {@code dcg}). */
    DISCOUNTED("DCG"),
    /** The ideal ranking's, IDCG (trec_eval's {@code ideal_dcg}). */
    IDEAL("IDCG");

    final String family;

    Part(String family) {
      this.family = family;
    }
  }

  // StrictMath, not Math: Math.log may differ in the last bit between JVMs and platforms, and a
  // report must be byte-identical wherever it is computed.
  private static final double LN2 = StrictMath.log(2.0);

  /**
   * nDCG, or nDCG@k with a cutoff; it takes no rel parameter, since gains come from the labels.
   *
   * @param cutoff k, cutting both the ranking and the ideal ranking; 0 for the whole ranking and
   *     all judged documents
   * @throws IllegalArgumentException if {@code cutoff} is negative
   */
  public Ndcg(int cutoff) {
    this(cutoff, Map.of());
  }

  private final Gains gains;
  private final boolean judgedOnly;

  /**
   * nDCG or nDCG@k with given gains; named {@code nDCG(gains={1:3,2:9})@k}, labels in increasing
   * order (without gains: {@code nDCG@k}).
   *
   * @param cutoff k; 0 for the whole ranking and all judged documents
   * @param gains label to gain for the labels whose gain is given, labels 0 or more, gains finite;
   *     empty for the protocol's rule
   * @throws IllegalArgumentException if {@code cutoff} or a label is negative, or a gain is not
   *     finite
   */
  public Ndcg(int cutoff, Map<Integer, Double> gains) {
    this(cutoff, gains, null, false);
  }

  /**
   * nDCG with ir_measures' parameters: {@code nDCG(dcg='exp-log2',gains={1:3},judged_only=True)@k},
   * each left out when it is the default.
   *
   * @param cutoff k; 0 for the whole ranking and all judged documents
   * @param gains label to gain for the labels whose gain is given; empty for none
   * @param rule the gain of the other labels: {@link Gain#LINEAR} ({@code dcg='log2'}),
   *     {@link Gain#EXPONENTIAL} ({@code dcg='exp-log2'}), or null for the protocol's
   * @param judgedOnly true to drop unjudged documents (no label, or a negative one) from the ranking
   *     before ranks and the cutoff are counted (ir_measures' {@code judged_only=True}, trec_eval's
   *     {@code -J}); the ideal ranking is unchanged
   * @throws IllegalArgumentException if {@code cutoff} or a label is negative, or a gain is not
   *     finite
   */
  public Ndcg(int cutoff, Map<Integer, Double> gains, Gain rule, boolean judgedOnly) {
    this(Part.NORMALISED, cutoff, gains, rule, judgedOnly);
  }

  /**
   * nDCG, DCG or IDCG with ir_measures' parameters; named {@code DCG(gains={1:3})@k} as nDCG is.
   *
   * @param part which of the sums
   * @param cutoff k; 0 for the whole ranking and all judged documents
   * @param gains label to gain for the labels whose gain is given; empty for none
   * @param rule the gain of the other labels, or null for the protocol's
   * @param judgedOnly true to drop unjudged documents from the ranking first
   * @throws IllegalArgumentException if {@code cutoff} or a label is negative, or a gain is not
   *     finite
   */
  public Ndcg(Part part, int cutoff, Map<Integer, Double> gains, Gain rule, boolean judgedOnly) {
    super(part.family, null, cutoff, Gains.parameters(gains, rule, judgedOnly), null);
    this.part = part;
    this.gains = new Gains(gains, rule);
    this.judgedOnly = judgedOnly;
  }

  private final Part part;

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    if (!gains.isProtocol() || judgedOnly) {
      return withGivenGains(r);
    }
    double idcg = 0.0;
    if (part != Part.DISCOUNTED) {
      int[] ideal = r.idealLabels();
      int idealEnd = cutoff() == 0 ? ideal.length : Math.min(cutoff(), ideal.length);
      for (int i = 0; i < idealEnd; i++) {
        idcg += r.gain(ideal[i]) / log2(i + 2);
      }
      if (part == Part.IDEAL) {
        return Value.ofDouble(idcg);
      }
      if (idcg <= 0.0) {
        return Value.ofDouble(0.0);
      }
    }
    double dcg = 0.0;
    int end = depth(r);
    for (int i = 0; i < end; i++) {
      double g = r.gain(r.label(i));
      if (g != 0.0) {
        dcg += g / log2(i + 2);
      }
    }
    return Value.ofDouble(part == Part.DISCOUNTED ? dcg : dcg / idcg);
  }

  private static double log2(int x) {
    return StrictMath.log(x) / LN2;
  }

  private Value withGivenGains(JudgedRanking r) {
    double idcg = 0.0;
    if (part != Part.DISCOUNTED) {
      double[] ideal = gains.ideal(r);
      int idealEnd = cutoff() == 0 ? ideal.length : Math.min(cutoff(), ideal.length);
      for (int i = 0; i < idealEnd; i++) {
        idcg += ideal[i] / log2(i + 2);
      }
      if (part == Part.IDEAL) {
        return Value.ofDouble(idcg);
      }
      if (idcg <= 0.0) {
        return Value.ofDouble(0.0);
      }
    }
    double dcg = 0.0;
    int rank = 0; // 0-based, counting only the documents kept
    for (int i = 0; i < r.size() && (cutoff() == 0 || rank < cutoff()); i++) {
      if (judgedOnly && !r.judged(i)) {
        continue;
      }
      double g = gains.of(r, r.label(i));
      if (g != 0.0) {
        dcg += g / log2(rank + 2);
      }
      rank++;
    }
    return Value.ofDouble(part == Part.DISCOUNTED ? dcg : dcg / idcg);
  }

  /** The gain rule its dcg= parameter names, or null for the protocol's. */
  Gain gainRule() {
    return gains.rule();
  }

  @Override
  public boolean readsFractionalLabels() {
    return gains.hasNoGivenGains();
  }
}
