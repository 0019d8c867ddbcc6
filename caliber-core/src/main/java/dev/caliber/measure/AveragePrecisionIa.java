package dev.caliber.measure;

import dev.caliber.math.Fraction;

/**
 * AP-IA: intent-aware average precision as TREC's ndeval computes it ({@code MAP-IA}) and
 * ir_measures names it ({@code AP_IA}, {@code AP_IA(rel=2)}): AP per subtopic, each subtopic's
 * documents relevant to it, averaged over the S subtopics with a relevant document.
 *
 * <pre>  AP-IA = (1/S) * sum over subtopics j of (1/R_j) * sum over i with d_i relevant to j of (relevant to j among the first i) / i</pre>
 *
 * <p>R_j is the number of documents judged relevant to subtopic j. Over the whole ranking; a query
 * without relevant subtopics scores 0. judged_only=True first drops documents without a subtopic
 * judgment. Exact.
 */
public final class AveragePrecisionIa extends IntentAwareMeasure {

  /**
   * AP_IA.
   *
   * @param rel the lowest relevant subtopic label, or null for the protocol's threshold
   * @param judgedOnly whether to drop documents without a subtopic judgment first
   */
  public AveragePrecisionIa(Integer rel, boolean judgedOnly) {
    super("AP_IA", rel, 0, judgedOnly ? "judged_only=True" : "", judgedOnly);
  }

  @Override
  Value value(Query q) {
    int rel = q.rel;
    long[] relevant = new long[q.intents.subtopics()];
    for (int[] p : q.intents.judged) {
      for (int k = 0; k < p.length; k += 2) {
        relevant[p[k]] += p[k + 1] >= rel ? 1 : 0;
      }
    }
    int[][] docs = q.docs;
    int[] found = new int[q.intents.subtopics()];
    Fraction[] sums = new Fraction[q.intents.subtopics()];
    java.util.Arrays.fill(sums, Fraction.ZERO);
    for (int i = 0; i < docs.length; i++) {
      for (int k = 0; docs[i] != null && k < docs[i].length; k += 2) {
        if (docs[i][k + 1] >= rel) {
          int j = docs[i][k];
          found[j]++;
          sums[j] = sums[j].plus(Fraction.of(found[j], i + 1));
        }
      }
    }
    Fraction total = Fraction.ZERO;
    for (int j = 0; j < sums.length; j++) {
      if (relevant[j] > 0) {
        total = total.plus(sums[j].dividedBy(relevant[j]));
      }
    }
    return Value.of(total.dividedBy(q.s));
  }
}
