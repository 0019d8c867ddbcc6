package dev.caliber.measure;

/**
 * Unjudged@k: the share of the first k positions holding a document without a judgment (none,
 * or a negative label: pooled but not judged), divided by k (trec_eval's {@code unj_k}, a "red
 * flag" measure). Positions past the end of a short ranking count as judged non-relevant, so
 * Unjudged@k = min(k, ranked)/k - {@link Judged Judged@k}. Defined for every query. Exact.
 * Requires a cutoff.
 */
public final class Unjudged extends BaseMeasure {
  /**
   * Unjudged@k; it takes no rel parameter.
   *
   * @param cutoff k, positive
   * @throws IllegalArgumentException if {@code cutoff} is not positive
   */
  public Unjudged(int cutoff) {
    super("Unjudged", null, cutoff);
    if (cutoff == 0) {
      throw new IllegalArgumentException("Unjudged needs a cutoff, such as Unjudged@10");
    }
  }

  @Override
  public boolean needsRelevant() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int end = depth(r);
    int unjudged = 0;
    for (int i = 0; i < end; i++) {
      if (!r.judged(i)) {
        unjudged++;
      }
    }
    return Value.of(unjudged, cutoff());
  }
}
