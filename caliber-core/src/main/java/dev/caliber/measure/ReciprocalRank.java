package dev.caliber.measure;

/**
 * RR and RR@k: 1 / rank of the first relevant document (within the first k); 0 if there is none.
 * The mean is MRR.
 *
 * <p>A first relevant document at rank 3 gives RR@2 = 0, not 1/3. trec_eval's {@code recip_rank}
 * (RR@k is {@code trec_eval -M k -m recip_rank}); ir_measures' {@code RR@k}. Exact.
 */
public final class ReciprocalRank extends BaseMeasure {
  /**
   * RR, or RR@k with a cutoff; named {@code RR}, {@code RR@k}, {@code RR(rel=N)@k}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @param cutoff k, the number of ranked positions looked at; 0 for the whole ranking
   * @throws IllegalArgumentException if {@code rel} or {@code cutoff} is negative
   */
  public ReciprocalRank(Integer rel, int cutoff) {
    super("RR", rel, cutoff);
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int end = depth(r);
    for (int i = 0; i < end; i++) {
      if (r.relevant(i, t)) {
        return Value.of(1, i + 1);
      }
    }
    return Value.of(0);
  }

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
