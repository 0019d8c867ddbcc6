package dev.caliber.measure;

import dev.caliber.math.Fraction;
import java.math.BigDecimal;
import java.util.List;

/**
 * Utility: a weighted sum of the set contingency table (trec_eval's {@code utility}, the TREC
 * filtering tracks' linear utility).
 *
 * <pre>
 *   Utility(a,b,c,d) = a * |ret rel| + b * |ret nonrel| + c * |missed rel| + d * |missed nonrel|
 *   |missed nonrel| = docs + |ret rel| - |ret| - R
 * </pre>
 *
 * <p>Defaults a = 1, b = -1, c = 0, d = 0 and docs (the collection's size, trec_eval's {@code -N})
 * = 0, as in trec_eval; a non-zero d needs docs. Not a share: it may be negative or above 1, and
 * the summary is its mean (trec_eval's own help notes a sum could be argued for). Defined for
 * queries without relevant documents. Exact. A query the run lacks is scored as an empty ranking
 * (c * R + d * (docs - R)). trec_eval's {@code -c} scores it on a ranking of one placeholder
 * document and then sets {@code utility} (the default weights, by that name) to 0, which the
 * empty ranking gives too, but not {@code utility_a,b,c,d}: {@code caliber trec_eval} adds {@link
 * #oneNonRelevantRetrieved} there, as trec_eval prints it.
 */
public final class Utility extends BaseMeasure {
  /** trec_eval's default weights, a, b, c, d. */
  public static final List<BigDecimal> DEFAULT_WEIGHTS = List.of(BigDecimal.ONE, BigDecimal.ONE.negate(), BigDecimal.ZERO, BigDecimal.ZERO);

  private final List<BigDecimal> weights;
  private final long docs;

  /**
   * Utility; named {@code Utility} for the defaults, else {@code Utility(a=2,b=-1,c=0,d=0)} with
   * {@code docs=N} when the collection's size is given.
   *
   * @param weights a, b, c, d: four decimals
   * @param docs the number of documents in the collection, 0 or more (0: not given)
   * @throws IllegalArgumentException if there are not four weights or {@code docs} is negative
   */
  public Utility(List<BigDecimal> weights, long docs) {
    super("Utility", null, 0, parameters(weights, docs), null);
    this.weights = List.copyOf(weights);
    this.docs = docs;
  }

  private static String parameters(List<BigDecimal> w, long docs) {
    if (w.size() != 4) {
      throw new IllegalArgumentException("Utility needs 4 weights (a, b, c, d), got " + w.size());
    }
    if (docs < 0) {
      throw new IllegalArgumentException("illegal docs value: " + docs + ", must be non-negative");
    }
    boolean defaults = java.util.stream.IntStream.range(0, 4).allMatch(i -> w.get(i).compareTo(DEFAULT_WEIGHTS.get(i)) == 0);
    String p = defaults ? "" : "a=" + Levels.text(w.get(0)) + ",b=" + Levels.text(w.get(1)) + ",c=" + Levels.text(w.get(2))
        + ",d=" + Levels.text(w.get(3));
    return docs == 0 ? p : p + (p.isEmpty() ? "" : ",") + "docs=" + docs;
  }

  /**
   * What one more retrieved document that is not relevant changes: b - d (one more in |ret
   * nonrel|, one fewer in |missed nonrel|).
   *
   * @return b - d, as a double
   */
  public double oneNonRelevantRetrieved() {
    return weights.get(1).doubleValue() - weights.get(3).doubleValue();
  }

  @Override
  public boolean needsRelevant() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    long n = r.size();
    long rel = r.numRelevant(t);
    long relret = r.relevantInTop(0, t);
    long[] cells = {relret, n - relret, rel - relret, docs + relret - n - rel};
    Fraction exact = Fraction.ZERO;
    double decimal = 0.0;
    for (int i = 0; i < 4; i++) {
      exact = exact.plus(Levels.exact(weights.get(i)).times(Fraction.of(cells[i])));
      decimal += weights.get(i).doubleValue() * cells[i];
    }
    return new Value(exact, decimal);
  }
}
