package dev.caliber.measure;

/**
 * Success@k: 1 if at least one relevant document is among the first k, else 0. Often called hit
 * rate; it is not Recall and caliber never reports it under that name. trec_eval's
 * {@code success_k}. Exact. Requires a cutoff.
 */
public final class Success extends BaseMeasure {
  /** Success@k at relevance level {@code rel} (null: the protocol's threshold). */
  public Success(Integer rel, int cutoff) {
    super("Success", rel, cutoff);
    if (cutoff == 0) {
      throw new IllegalArgumentException("Success needs a cutoff, such as Success@10");
    }
  }

  @Override
  public Value compute(JudgedRanking r) {
    return Value.of(r.relevantInTop(cutoff(), level(r)) > 0 ? 1 : 0);
  }
}
