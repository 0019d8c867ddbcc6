package dev.caliber.measure;

/**
 * One query's subtopic judgments as the intent-aware measures read them (alpha-nDCG, ERR-IA,
 * subtopic recall...): for each ranked document, and for every judged document of the query, the
 * (subtopic, label) pairs its judgments give. Built by the evaluator beside the {@link
 * JudgedRanking} when the judgments have subtopics; measures never see document IDs.
 *
 * <p>The judged documents come in the order that breaks ties in ndeval's greedy ideal ranking:
 * document ID descending by byte (ndeval's {@code strcmp}), so that "the first of equal gains"
 * picks the document ndeval picks.
 */
public final class Intents {
  private final int subtopics;
  final int[][] ranked;
  final int[][] judged;

  /**
   * Copies the outer arrays.
   *
   * @param subtopics the number of subtopics the query's judgments name; pairs index them from 0
   * @param ranked per ranked position (after the protocol's depth), its (subtopic, label) pairs
   *     flattened, or null when the document has no subtopic judgment
   * @param judged every judged document's pairs, document ID descending; none null
   */
  public Intents(int subtopics, int[][] ranked, int[][] judged) {
    this.subtopics = subtopics;
    this.ranked = ranked.clone();
    this.judged = judged.clone();
  }

  /**
   * The number of subtopics the query's judgments name.
   *
   * @return 0 or more
   */
  public int subtopics() {
    return subtopics;
  }

  /**
   * The subtopics that have a relevant document at a level: ndeval's "actual" subtopics, the
   * denominator of every intent-aware measure.
   *
   * @param rel the lowest label that counts as relevant
   * @return 0 or more
   */
  int relevantSubtopics(int rel) {
    boolean[] seen = new boolean[subtopics];
    int n = 0;
    for (int[] p : judged) {
      for (int k = 0; k < p.length; k += 2) {
        if (p[k + 1] >= rel && !seen[p[k]]) {
          seen[p[k]] = true;
          n++;
        }
      }
    }
    return n;
  }

  /** The ranking without the documents that have no subtopic judgment (ir_measures' judged_only). */
  Intents judgedOnly() {
    return new Intents(subtopics, java.util.Arrays.stream(ranked).filter(java.util.Objects::nonNull).toArray(int[][]::new), judged);
  }
}
