package dev.caliber.engine;

import dev.caliber.internal.QrelsColumns;
import dev.caliber.measure.Count;
import dev.caliber.measure.Judged;
import dev.caliber.measure.JudgedRanking;
import dev.caliber.measure.JudgmentGroupMean;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Preference;
import dev.caliber.measure.RankBiasedPrecisionResidual;
import dev.caliber.measure.Unjudged;
import dev.caliber.measure.Value;
import dev.caliber.policy.Gain;
import dev.caliber.protocol.Qrels;
import java.util.Arrays;

/**
 * The bounds of a value under holes (pooled judgments): a hole is a ranked document within the
 * evaluated depth that has no judgment. The query's two completions fill every hole: the low one
 * judges it non-relevant (label 0), the high one relevant, as relevant as the most relevant judged
 * document ({@link #highLabel}); each completion also adds the filled labels to the query's
 * judgments, so that recall's denominator and the ideal DCG grow as they would had those documents
 * been judged so. A value's bounds are the lesser and the greater of the measure on the two: AP,
 * nDCG and R-precision are not monotone in judging a document relevant (the ideal grows too), so
 * either completion may give the smaller value.
 *
 * <p>Rules held here once: which measures have bounds ({@link #bounded}), the label of a hole
 * judged relevant, a completion, and the order of its two values.
 */
final class Holes {
  private Holes() {}

  /**
   * Whether a measure has bounds under holes: not those about the judging itself (Judged@k,
   * Unjudged@k, RBP's residual), nor those that read judgments other than the labels (subtopics,
   * preferences, judgment groups), for which a hole's completion is not defined.
   */
  static boolean bounded(Measure m) {
    if (m instanceof Count c) {
      return switch (c.kind()) {
        case PrefsPoss, PrefsFul, PrefsFulRet -> false;
        default -> true;
      };
    }
    return !(m instanceof Judged || m instanceof Unjudged || m instanceof RankBiasedPrecisionResidual
        || m instanceof Preference || m instanceof JudgmentGroupMean || m.needsIntents());
  }

  /**
   * The label of a hole judged relevant: the highest label of the whole judgments, at least the
   * relevance threshold ("as relevant as the most relevant judged document"), in the judgments'
   * label unit ({@link Qrels#labelScale()}).
   */
  static int highLabel(QrelsColumns qrels, int threshold) {
    long high = (long) threshold * qrels.labelScale();
    for (int j = 0; j < qrels.size(); j++) {
      high = Math.max(high, qrels.label(j));
    }
    return (int) Math.min(high, Integer.MAX_VALUE);
  }

  /**
   * A completion of a query's ranking: every {@link JudgedRanking#UNJUDGED} label becomes {@code
   * label}, and the query's judged labels gain one {@code label} per such hole.
   *
   * @param labels the ranking's labels within the depth, not changed
   * @param judged the query's judged labels, in any order, not changed
   * @param scale the labels' unit ({@link Qrels#labelScale()})
   */
  static JudgedRanking filled(int[] labels, int[] judged, int label, int threshold, Gain gain, int scale) {
    int[] ranked = labels.clone();
    int holes = 0;
    for (int i = 0; i < ranked.length; i++) {
      if (ranked[i] == JudgedRanking.UNJUDGED) {
        ranked[i] = label;
        holes++;
      }
    }
    int[] all = Arrays.copyOf(judged, judged.length + holes);
    Arrays.fill(all, judged.length, all.length, label);
    return new JudgedRanking(ranked, all, threshold, gain, null, scale);
  }

  /** The lesser of two values of one measure: exact where both are, else by their doubles; {@code a} on a tie. */
  static Value lower(Value a, Value b) {
    return compare(a, b) <= 0 ? a : b;
  }

  /** The greater of two values of one measure: exact where both are, else by their doubles; {@code b} on a tie. */
  static Value higher(Value a, Value b) {
    return compare(a, b) <= 0 ? b : a;
  }

  private static int compare(Value a, Value b) {
    return a.isExact() && b.isExact() ? a.exact().compareTo(b.exact()) : Double.compare(a.decimal(), b.decimal());
  }
}
