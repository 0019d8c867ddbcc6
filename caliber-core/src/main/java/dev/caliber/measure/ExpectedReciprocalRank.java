package dev.caliber.measure;

import dev.caliber.math.Fraction;

/**
 * ERR@k: expected reciprocal rank (Chapelle, Metzler, Zhang and Grinspan, "Expected Reciprocal
 * Rank for Graded Relevance", CIKM 2009), as the TREC Web track's gdeval.pl computes it and
 * ir_measures reports it ({@code ERR@k}): a user reads down the ranking and stops at rank i with
 * probability R_i, satisfied.
 *
 * <pre>
 *   ERR@k = sum over i &lt;= k of (1/i) * R_i * prod over j &lt; i of (1 - R_j)
 *   R_i   = (2^g_i - 1) / 2^4
 * </pre>
 *
 * <p>g_i is the label of the document at rank i, 0 for unjudged documents and negative labels;
 * the denominator 2^4 is gdeval's fixed largest grade ({@code $MAX_JUDGMENT = 4}), not the query's.
 * gdeval refuses qrels with labels above 4; caliber counts them as 4, so that R stays a
 * probability. The relevance threshold does not apply. Exact: every R_i is a fraction with a
 * power of two below. Without a cutoff the whole ranking counts. Checked against ir_measures' own
 * test of gdeval (terrierteam/ir_measures, tests/test_gdeval.py, {@code test_ERR}: 0.10175 and
 * 0.09375 at k = 20, 0.03125 at k = 2).
 */
public final class ExpectedReciprocalRank extends BaseMeasure {
  private static final int MAX_GRADE = 4;

  /**
   * ERR or ERR@k; it takes no rel parameter (grades come from the labels).
   *
   * @param cutoff k; 0 for the whole ranking
   * @throws IllegalArgumentException if {@code cutoff} is negative
   */
  public ExpectedReciprocalRank(int cutoff) {
    super("ERR", null, cutoff);
  }

  @Override
  public Value compute(JudgedRanking r) {
    Fraction score = Fraction.ZERO;
    Fraction decay = Fraction.ONE;
    double decimal = 0.0;
    double decayDouble = 1.0;
    long scale = 1L << MAX_GRADE;
    for (int i = 0; i < depth(r); i++) {
      int label = r.label(i);
      int grade = label == JudgedRanking.UNJUDGED || label < 0 ? 0 : Math.min(label, MAX_GRADE);
      if (grade == 0) {
        continue;
      }
      Fraction stop = Fraction.of((1L << grade) - 1, scale);
      score = score.plus(stop.times(decay).dividedBy(i + 1));
      decay = decay.times(Fraction.ONE.minus(stop));
      double stopDouble = (double) ((1L << grade) - 1) / scale;
      decimal += stopDouble * decayDouble / (i + 1);
      decayDouble *= 1 - stopDouble;
    }
    return new Value(score, decimal);
  }
}
