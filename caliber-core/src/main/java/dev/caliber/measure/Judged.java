package dev.caliber.measure;

/**
 * Judged@k = {@code |{i <= min(k, ranked) : label(d_i) >= 0}| / k}: the share of the first k positions
 * holding a judged document, divided by k even when fewer than k documents are ranked, as P@k is.
 * A red-flag measure under pooled judgments: low values mean the numbers rest on the assumption
 * that unjudged is non-relevant. Defined for every query, an empty ranking included (0). Exact.
 * Requires a cutoff.
 *
 * <p>Differences, on purpose:
 *
 * <ul>
 *   <li>ir_measures' {@code Judged@k} (its judged provider) divides by min(k, documents ranked),
 *       so a ranking of 3 judged documents has Judged@10 = 1 there and 3/10 here (an empty ranking
 *       divides by zero there); and it counts any judgment as judged, a negative label included,
 *       where caliber follows trec_eval, for which a negative label means "in the pool, not
 *       judged". The values agree when at least k documents are ranked and no label is negative.
 *       {@link Measures#difference} says so when the name is typed.
 *   <li>trec_eval has no Judged; its {@code unj_k} counts the unjudged over k, and positions past
 *       the end of a short ranking are neither, so Judged@k = min(k, ranked)/k - unj_k.
 * </ul>
 *
 * <p>caliber keeps k as the denominator so that Judged@k, Unjudged@k and the positions a short
 * ranking leaves empty add up to 1, as they do for the P@k it is reported beside, and so that the
 * coverage reports and locks already recorded keep their meaning.
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

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
