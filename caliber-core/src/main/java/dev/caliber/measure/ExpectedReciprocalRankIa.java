package dev.caliber.measure;

import dev.caliber.math.Fraction;

/**
 * ERR-IA@k and nERR-IA@k: intent-aware expected reciprocal rank (Chapelle, Metzler, Zhang and
 * Grinspan, CIKM 2009, in the intent-aware form of Agrawal et al., WSDM 2009) as TREC's ndeval
 * computes it and ir_measures names it ({@code ERR_IA@20}, {@code nERR_IA@20},
 * {@code ERR_IA(rel=2,judged_only=True)@20}; terrierteam/ir_measures, measures/diversity.py and
 * providers/pyndeval_provider.py).
 *
 * <pre>
 *   err@k     = sum over i &lt;= k of g_i / i            (g_i the {@link Novelty novelty gain}, alpha = 0.5)
 *   ERR-IA@k  = err@k / sum over i &lt;= k of S * 0.5^(i-1) / i      (ndeval's "ideal ideal")
 *   nERR-IA@k = err@k / err@k of ndeval's greedy ideal ranking
 * </pre>
 *
 * <p>S is the number of subtopics with a relevant document; a query without any scores 0. Without
 * {@code @k}, k is the ranking's length. judged_only=True first drops the ranked documents without a
 * subtopic judgment. Exact. Checked against ir_measures' pyndeval test
 * (tests/test_pyndeval.py, {@code test_ERR_IA}: ERR_IA@20 = 0.4659 and 0.1803, mean 0.3231).
 * Differences: ndeval leaves rank 1 unnormalised (its loop starts at rank 2, so ERR-IA@1 is
 * err@1) but prints only @5, @10 and @20; caliber normalises every k. ndeval stops at rank 20
 * ({@code DEPTH}); caliber takes any k.
 */
public final class ExpectedReciprocalRankIa extends IntentAwareMeasure {
  private static final Fraction HALF = Fraction.of(1, 2);
  private final boolean normalised;

  /**
   * ERR_IA or nERR_IA.
   *
   * @param normalised true for nERR-IA (the greedy ideal ranking's), false for ERR-IA
   * @param rel the lowest relevant subtopic label, or null for the protocol's threshold
   * @param cutoff k, or 0 for the ranking's length
   * @param judgedOnly whether to drop documents without a subtopic judgment first
   */
  public ExpectedReciprocalRankIa(boolean normalised, Integer rel, int cutoff, boolean judgedOnly) {
    super(normalised ? "nERR_IA" : "ERR_IA", rel, cutoff, judgedOnly ? "judged_only=True" : "", judgedOnly);
    this.normalised = normalised;
  }

  @Override
  Value value(Query q) {
    Fraction err = err(Novelty.gains(q.docs, q.depth(), q.intents.subtopics(), q.rel, HALF));
    Fraction norm;
    if (normalised) {
      int[][] ideal = Novelty.ideal(q.intents, q.rel, 0.5);
      norm = err(Novelty.gains(ideal, Math.min(q.k, ideal.length), q.intents.subtopics(), q.rel, HALF));
    } else {
      norm = Fraction.ZERO;
      Fraction g = Fraction.of(q.s);
      for (int i = 0; i < q.k; i++) {
        norm = norm.plus(g.dividedBy(i + 1));
        g = g.times(HALF);
      }
    }
    return Value.of(Novelty.divide(err, norm));
  }

  private static Fraction err(Fraction[] gains) {
    Fraction sum = Fraction.ZERO;
    for (int i = 0; i < gains.length; i++) {
      sum = sum.plus(gains[i].dividedBy(i + 1));
    }
    return sum;
  }
}
