package dev.caliber.measure;

import dev.caliber.math.Fraction;

/**
 * P-IA@k: intent-aware precision (Agrawal, Gollapudi, Halverson and Ieong, WSDM 2009) as TREC's
 * ndeval computes it and ir_measures names it ({@code P_IA@20}, {@code P_IA(rel=2)@10}):
 * the (document, subtopic) pairs judged relevant among the first k documents, divided by k * S.
 *
 * <pre>  P-IA@k = sum over i &lt;= k of |{relevant subtopics of d_i}|  /  (k * S)</pre>
 *
 * <p>S is the number of subtopics with a relevant document; a query without any scores 0. A short
 * ranking is not padded: the denominator stays k (ndeval's). Without @k, k is the ranking's
 * length. judged_only=True first drops documents without a subtopic judgment. Exact.
 */
public final class PrecisionIa extends IntentAwareMeasure {

  /**
   * P_IA.
   *
   * @param rel the lowest relevant subtopic label, or null for the protocol's threshold
   * @param cutoff k, or 0 for the ranking's length
   * @param judgedOnly whether to drop documents without a subtopic judgment first
   */
  public PrecisionIa(Integer rel, int cutoff, boolean judgedOnly) {
    super("P_IA", rel, cutoff, judgedOnly ? "judged_only=True" : "", judgedOnly);
  }

  @Override
  Value value(Query q) {
    long pairs = 0;
    for (int i = 0; i < q.depth(); i++) {
      for (int j = 0; q.docs[i] != null && j < q.docs[i].length; j += 2) {
        if (q.docs[i][j + 1] >= q.rel) {
          pairs++;
        }
      }
    }
    return Value.of(Fraction.of(pairs, (long) q.k * q.s));
  }
}
