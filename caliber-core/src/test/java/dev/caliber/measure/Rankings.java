package dev.caliber.measure;

import dev.caliber.policy.Gain;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Builds {@link JudgedRanking}s for tests the way the evaluator does: the labels of the ranked
 * documents, best first ({@link #U} where a document has no judgment), plus the labels of judged
 * documents that were not ranked. The query's judged labels are then the ranked judged labels
 * and the unranked ones, so a ranking can never hold a judgment the qrels lack.
 */
final class Rankings {
  private Rankings() {}

  /** An unjudged ranked document. */
  static final int U = JudgedRanking.UNJUDGED;

  /** Threshold 1, linear gain. */
  static JudgedRanking ranked(int[] ranked, int... unranked) {
    return of(1, Gain.LINEAR, ranked, unranked);
  }

  /** Ranked labels as varargs, nothing judged beyond them; threshold 1, linear gain. */
  static JudgedRanking only(int... ranked) {
    return of(1, Gain.LINEAR, ranked);
  }

  static JudgedRanking of(int threshold, Gain gain, int[] ranked, int... unranked) {
    int[] judged = IntStream.concat(Arrays.stream(ranked).filter(l -> l != U), Arrays.stream(unranked)).toArray();
    return new JudgedRanking(ranked, judged, threshold, gain);
  }

  static int[] labels(int... labels) {
    return labels;
  }

  static Measure m(String name) {
    return Measures.parse(name);
  }

  /** The value's text: a fraction such as {@code 5/9}, or a double's. */
  static String value(String measure, JudgedRanking r) {
    return m(measure).compute(r).toString();
  }
}
