package dev.caliber.measure;

/**
 * Judged@k: the share of the first k positions holding a judged document (label 0 or more),
 * divided by k (ir_measures' definition: P@k with a relevance level below every label). trec_eval's
 * {@code unj_k} counts the unjudged instead, so Judged@k = min(k, ranked)/k - unj_k, which is
 * 1 - unj_k when at least k documents are ranked. ir_measures' {@code Judged@k} also counts negative
 * labels as judged; caliber follows trec_eval, for which a negative label means "in the pool, not
 * judged". A red-flag measure under pooled judgments: low values mean the numbers rest on the
 * assumption that unjudged is non-relevant. Defined for every query. Exact. Requires a cutoff.
 */
public final class Judged extends BaseMeasure {
  /**
   * Judged@k; it takes no rel parameter, since any label of 0 or more is judged.
   *
   * @param cutoff k, positive: Judged has no value without one
   * @throws IllegalArgumentException if {@code cutoff} is not positive
   */
  public Judged(int cutoff) {
    super("Judged", null, cutoff);
    if (cutoff == 0) {
      throw new IllegalArgumentException("Judged needs a cutoff, such as Judged@10");
    }
  }

  @Override
  public boolean needsRelevant() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int end = depth(r);
    int judged = 0;
    for (int i = 0; i < end; i++) {
      if (r.judged(i)) {
        judged++;
      }
    }
    return Value.of(judged, cutoff());
  }
}
