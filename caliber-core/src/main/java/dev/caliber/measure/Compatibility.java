package dev.caliber.measure;

import java.math.BigDecimal;

/**
 * Compat(p): compatibility (Clarke, Vtyurina and Smucker, "Assessing Top-k Preferences", ACM TOIS
 * 39(3), 2021), the rank-biased overlap of the ranking with an ideal ranking, as ir_measures
 * computes it ({@code Compat}, {@code Compat(p=0.9)}, {@code Compat(normalize=False)};
 * terrierteam/ir_measures, ir_measures/measures/compat.py and providers/compat_provider.py).
 *
 * <pre>
 *   RBO(A, B) = sum over i &lt; n of p^i * |A[..i] &#8745; B[..i]| / (i + 1)  /  sum over i &lt; n of p^i
 *   Compat    = RBO(ranking, ideal) / RBO(ideal, ideal)      (normalize=True, when the latter is above 0)
 * </pre>
 *
 * <p>A[..i] is the first i + 1 documents, n = max(ranked, ideal) the depth. The ideal ranking holds
 * every document with a label above 0 (the relevance threshold does not apply), highest label
 * first; among equal labels the ranked ones come first, in the ranking's order (ir_measures orders
 * them by the run's score), then the others. Without normalisation the value is RBO itself, below 1
 * even for the ideal ranking. 0 without relevant documents. A double. Checked against ir_measures'
 * test (tests/test_compat.py on tests/compat.qrels and compat.run, values from the authors' code:
 * {@code Compat(p=0.95)} = 0.51779512165509 and 0.018400100569017922). Difference: ir_measures
 * puts an unranked relevant document before ranked ones of the same label when their scores are
 * negative (it gives unranked documents score 0); caliber never does.
 */
public final class Compatibility extends BaseMeasure {
  private static final BigDecimal DEFAULT_P = new BigDecimal("0.95");
  private final double p;
  private final boolean normalize;

  /**
   * Compat(p=x,normalize=False); p is left out of the name when 0.95, normalize when True.
   *
   * @param persistence p, in (0, 1)
   * @param normalize whether to divide by the ideal ranking's own overlap
   * @throws IllegalArgumentException if {@code persistence} is not strictly between 0 and 1
   */
  public Compatibility(BigDecimal persistence, boolean normalize) {
    super("Compat", null, 0, parameters(persistence, normalize), null);
    this.p = persistence.doubleValue();
    this.normalize = normalize;
  }

  private static String parameters(BigDecimal p, boolean normalize) {
    RankBiasedPrecision.persistenceParameter(p);
    String ps = p.compareTo(DEFAULT_P) == 0 ? "" : "p=" + Levels.text(p);
    return normalize ? ps : ps + (ps.isEmpty() ? "" : ",") + "normalize=False";
  }

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int[] ideal = r.idealLabels();
    int relevant = 0;
    while (relevant < ideal.length && ideal[relevant] > 0) {
      relevant++;
    }
    int depth = Math.max(r.size(), relevant);
    // a ranked relevant document joins the overlap at max(its rank, its ideal position)
    int[] joins = new int[depth];
    java.util.Map<Integer, Integer> nextOfLabel = new java.util.HashMap<>();
    for (int i = 0; i < r.size(); i++) {
      int label = r.label(i);
      if (label != JudgedRanking.UNJUDGED && label > 0) {
        int position = nextOfLabel.computeIfAbsent(label, l -> higher(ideal, l));
        nextOfLabel.put(label, position + 1);
        joins[Math.max(i, position)]++;
      }
    }
    double score = 0.0;
    double best = 0.0;
    double norm = 0.0;
    double weight = 1.0;
    int overlap = 0;
    for (int i = 0; i < depth; i++) {
      overlap += joins[i];
      score += weight * overlap / (i + 1);
      best += weight * Math.min(i + 1, relevant) / (i + 1);
      norm += weight;
      weight *= p;
    }
    if (depth == 0) {
      return Value.ofDouble(0.0);
    }
    double rbo = score / norm;
    double ideals = best / norm;
    return Value.ofDouble(normalize && ideals > 0.0 ? rbo / ideals : rbo);
  }

  /** The number of judged labels above {@code label}: where its first ideal position is. */
  private static int higher(int[] descending, int label) {
    int n = 0;
    while (n < descending.length && descending[n] > label) {
      n++;
    }
    return n;
  }
}
