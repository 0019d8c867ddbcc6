package dev.caliber.measure;

import dev.caliber.math.Fraction;
import java.math.BigDecimal;

/**
 * NRBP and nNRBP: novelty- and rank-biased precision (Clarke, Kolla and Vechtomova, ICTIR 2009) as
 * TREC's ndeval computes them and ir_measures names them ({@code NRBP}, {@code nNRBP},
 * {@code NRBP(rel=2,alpha=0.5,beta=0.8)}; terrierteam/ir_measures, measures/diversity.py and
 * providers/pyndeval_provider.py).
 *
 * <pre>
 *   NRBP  = (1 - (1 - alpha) * beta) / S * sum over i of beta^(i-1) * g_i     (g_i the {@link Novelty novelty gain})
 *   nNRBP = NRBP / NRBP of ndeval's greedy ideal ranking
 * </pre>
 *
 * <p>Over the whole ranking; alpha and beta (patience) default to 0.5. S is the number of
 * subtopics with a relevant document, and a query without any scores 0. Exact.
 */
public final class NoveltyRankBiasedPrecision extends IntentAwareMeasure {
  private final boolean normalised;
  private final Fraction keep;
  private final Fraction beta;
  private final double keepDouble;

  /**
   * NRBP or nNRBP.
   *
   * @param normalised true for nNRBP
   * @param rel the lowest relevant subtopic label, or null for the protocol's threshold
   * @param alpha the redundancy intolerance, in [0, 1]
   * @param beta the patience, in [0, 1]
   * @throws IllegalArgumentException if a value is outside [0, 1]
   */
  public NoveltyRankBiasedPrecision(boolean normalised, Integer rel, BigDecimal alpha, BigDecimal beta) {
    super(normalised ? "nNRBP" : "NRBP", rel, 0, parameters(alpha, beta), false);
    this.normalised = normalised;
    this.keep = Fraction.ONE.minus(Levels.exact(alpha));
    this.beta = Levels.exact(beta);
    this.keepDouble = 1.0 - alpha.doubleValue();
  }

  private static String parameters(BigDecimal alpha, BigDecimal beta) {
    if (beta.signum() < 0 || beta.compareTo(BigDecimal.ONE) > 0) {
      throw new IllegalArgumentException("illegal beta value: " + Levels.text(beta) + ", must be between 0 and 1");
    }
    String a = Novelty.alphaParameter(alpha);
    String b = beta.compareTo(new BigDecimal("0.5")) == 0 ? "" : "beta=" + Levels.text(beta);
    return a + (!a.isEmpty() && !b.isEmpty() ? "," : "") + b;
  }

  @Override
  Value value(Query q) {
    Fraction sum = discounted(Novelty.gains(q.docs, q.docs.length, q.intents.subtopics(), q.rel, keep));
    if (normalised) {
      int[][] ideal = Novelty.ideal(q.intents, q.rel, keepDouble);
      return Value.of(Novelty.divide(sum, discounted(Novelty.gains(ideal, ideal.length, q.intents.subtopics(), q.rel, keep))));
    }
    Fraction scale = Fraction.ONE.minus(keep.times(beta)).dividedBy(q.s);
    return Value.of(scale.times(sum));
  }

  private Fraction discounted(Fraction[] gains) {
    Fraction sum = Fraction.ZERO;
    Fraction decay = Fraction.ONE;
    for (Fraction g : gains) {
      if (g.signum() != 0) {
        sum = sum.plus(g.times(decay));
      }
      decay = decay.times(beta);
    }
    return sum;
  }
}
