package dev.caliber.measure;

/**
 * Success@k: 1 if at least one relevant document is among the first k, else 0. Often called hit
 * rate; it is not Recall and caliber never reports it under that name. trec_eval's
 * {@code success_k}. Exact. Requires a cutoff.
 */
public final class Success extends BaseMeasure {
  /**
   * Success@k; named {@code Success@k} or {@code Success(rel=N)@k}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @param cutoff k, positive: Success has no value without one
   * @throws IllegalArgumentException if {@code cutoff} is not positive or {@code rel} is negative
   */
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

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
