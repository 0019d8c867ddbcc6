package dev.caliber.measure;

/**
 * The graded gains of the C/W/L measures (SDCG, INST) as ir_measures hands them to cwl_eval
 * (terrierteam/ir_measures, ir_measures/providers/cwl_eval.py, {@code IrmQrelHandler}): a label
 * below 0 counts as 0, is clipped into [min_rel, max_rel] and scaled into [0, 1] by
 * (label - min_rel) / (max_rel - min_rel). An unjudged document gains 0 (cwl_eval's lower bound).
 * cwl_eval also reads the first {@value #POSITIONS} ranked documents only ({@code max_n}).
 */
final class CwlGains {
  /** cwl_eval's {@code max_n}: the positions of every C/W/L ranking, padded with gain 0. */
  static final int POSITIONS = 1000;

  private final int minRel;
  private final int maxRel;

  /**
   * @throws IllegalArgumentException unless {@code 0 <= minRel < maxRel}
   */
  CwlGains(int minRel, int maxRel) {
    if (minRel < 0) {
      throw new IllegalArgumentException("illegal min_rel value: " + minRel + ", must be 0 or more");
    }
    if (maxRel <= minRel) {
      throw new IllegalArgumentException("illegal max_rel value: " + maxRel + ", must be greater than min_rel (" + minRel + ")");
    }
    this.minRel = minRel;
    this.maxRel = maxRel;
  }

  /** The name's parameters: {@code min_rel=N,} when not 0, then {@code max_rel=N}. */
  String parameters() {
    return (minRel == 0 ? "" : "min_rel=" + minRel + ",") + "max_rel=" + maxRel;
  }

  /** The gain of a label (or {@link JudgedRanking#UNJUDGED}), in [0, 1]. */
  double of(int label) {
    if (label == JudgedRanking.UNJUDGED) {
      return 0.0;
    }
    int clipped = Math.min(Math.max(Math.max(label, 0), minRel), maxRel);
    return (double) (clipped - minRel) / (maxRel - minRel);
  }
}
