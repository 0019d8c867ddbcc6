package dev.caliber.measure;

/**
 * BinG: trec_eval's {@code binG}, a binary-gain variant of its G measure, "experimental" there:
 * each relevant document retrieved gains 1, discounted by the log of the number of non-relevant
 * documents above it, and the sum is divided by R.
 *
 * <pre>  BinG = (1/R) * sum over relevant d_i of 1 / log2(2 + |{j &lt; i : not rel(d_j)}|)</pre>
 *
 * <p>(trec_eval writes the discount as log2(3 + i - r_i) with i 0-based and r_i the relevant
 * documents up to and including d_i; it is the same number.) No relevant document retrieved gives
 * 0. Not exact: a double.
 */
public final class BinaryG extends BaseMeasure {
  /**
   * BinG; named {@code BinG} or {@code BinG(rel=N)}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @throws IllegalArgumentException if {@code rel} is negative
   */
  public BinaryG(Integer rel) {
    super("BinG", rel, 0);
  }

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    long found = 0;
    double sum = 0.0;
    for (int i = 0; i < r.size(); i++) {
      if (r.relevant(i, t)) {
        found++;
        sum += 1.0 / Gains.log2(3 + i - found);
      }
    }
    return Value.ofDouble(found == 0 ? 0.0 : sum / r.numRelevant(t));
  }
}
