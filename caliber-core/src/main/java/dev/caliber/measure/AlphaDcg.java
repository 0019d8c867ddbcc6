package dev.caliber.measure;

import java.math.BigDecimal;

/**
 * alpha-DCG@k and alpha-nDCG@k (Clarke, Kolla, Cormack, Vechtomova, Ashkan, Büttcher and
 * MacKinnon, "Novelty and Diversity in Information Retrieval Evaluation", SIGIR 2008) as TREC's
 * ndeval computes them and ir_measures names them ({@code alpha_nDCG@20}, {@code alpha_DCG@20},
 * {@code alpha_nDCG(rel=2,alpha=0.8,judged_only=True)@20}; terrierteam/ir_measures,
 * measures/diversity.py and providers/pyndeval_provider.py).
 *
 * <pre>
 *   dcg@k        = sum over i &lt;= k of g_i / log2(i + 1)     (g_i the {@link Novelty novelty gain})
 *   alpha-DCG@k  = dcg@k / sum over i &lt;= k of S * (1 - alpha)^(i-1) / log2(i + 1)   (ndeval's "ideal ideal")
 *   alpha-nDCG@k = dcg@k / dcg@k of ndeval's greedy ideal ranking
 * </pre>
 *
 * <p>alpha (redundancy intolerance) defaults to 0.5; S is the number of subtopics with a relevant
 * document, and a query without any scores 0. Without @k, k is the ranking's length. A double (the
 * discount is a logarithm). Checked against hand-worked values on ir_measures' pyndeval test data
 * (the working is in the test). Differences: as {@link ExpectedReciprocalRankIa}'s (ndeval leaves
 * rank 1 unnormalised in alpha-DCG, and stops at rank 20).
 */
public final class AlphaDcg extends IntentAwareMeasure {
  private final boolean normalised;
  private final double keep;

  /**
   * alpha_DCG or alpha_nDCG.
   *
   * @param normalised true for alpha-nDCG, false for alpha-DCG
   * @param rel the lowest relevant subtopic label, or null for the protocol's threshold
   * @param alpha the redundancy intolerance, in [0, 1]
   * @param cutoff k, or 0 for the ranking's length
   * @param judgedOnly whether to drop documents without a subtopic judgment first
   * @throws IllegalArgumentException if {@code alpha} is outside [0, 1]
   */
  public AlphaDcg(boolean normalised, Integer rel, BigDecimal alpha, int cutoff, boolean judgedOnly) {
    super(normalised ? "alpha_nDCG" : "alpha_DCG", rel, cutoff, parameters(alpha, judgedOnly), judgedOnly);
    this.normalised = normalised;
    this.keep = 1.0 - alpha.doubleValue();
  }

  private static String parameters(BigDecimal alpha, boolean judgedOnly) {
    String a = Novelty.alphaParameter(alpha);
    return a + (judgedOnly ? (a.isEmpty() ? "" : ",") + "judged_only=True" : "");
  }

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  Value value(Query q) {
    double dcg = dcg(Novelty.gains(q.docs, q.depth(), q.intents.subtopics(), q.rel, keep));
    double norm = 0.0;
    if (normalised) {
      int[][] ideal = Novelty.ideal(q.intents, q.rel, keep);
      norm = dcg(Novelty.gains(ideal, Math.min(q.k, ideal.length), q.intents.subtopics(), q.rel, keep));
    } else {
      double g = q.s;
      for (int i = 0; i < q.k; i++) {
        norm += g / Gains.log2(i + 2);
        g *= keep;
      }
    }
    return Value.ofDouble(norm == 0.0 ? 0.0 : dcg / norm);
  }

  private static double dcg(double[] gains) {
    double sum = 0.0;
    for (int i = 0; i < gains.length; i++) {
      sum += gains[i] / Gains.log2(i + 2);
    }
    return sum;
  }
}
