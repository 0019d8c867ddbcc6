package dev.caliber.measure;

import dev.caliber.math.Fraction;

/**
 * Bpref (Buckley and Voorhees, SIGIR 2004): how often judged relevant documents are ranked above
 * judged non-relevant ones; unjudged documents are skipped, not counted as non-relevant.
 *
 * <pre>
 *   Bpref = (1/R) * sum over retrieved relevant r of (1 - min(n_r, R) / min(N, R))
 * </pre>
 *
 * where R is the number of relevant documents, N the number of judged non-relevant documents and
 * n_r the number of judged non-relevant documents ranked above r (the term is 1 when n_r is 0).
 * This is trec_eval's {@code bpref} exactly, including its use of min(N, R). Exact.
 */
public final class Bpref extends BaseMeasure {
  /**
   * Bpref; named {@code Bpref} or {@code Bpref(rel=N)}. The level also divides judged relevant
   * from judged non-relevant.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @throws IllegalArgumentException if {@code rel} is negative
   */
  public Bpref(Integer rel) {
    super("Bpref", rel, 0);
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int relevant = r.numRelevant(t);
    if (relevant == 0) {
      return Value.of(0);
    }
    long nonRelevant = r.numJudgedNonRelevant(t);
    long bound = Math.min(nonRelevant, relevant);
    Fraction sum = Fraction.ZERO;
    double decimal = 0.0; // accumulated as trec_eval does, for identical printed decimals
    long nonRelevantAbove = 0;
    for (int i = 0; i < r.size(); i++) {
      if (!r.judged(i)) {
        continue;
      }
      if (!r.relevant(i, t)) {
        nonRelevantAbove++;
      } else if (nonRelevantAbove > 0) {
        sum = sum.plus(Fraction.ONE.minus(Fraction.of(Math.min(nonRelevantAbove, relevant), bound)));
        decimal += 1.0 - ((double) Math.min(nonRelevantAbove, relevant)) / (double) bound;
      } else {
        sum = sum.plus(Fraction.ONE);
        decimal += 1.0;
      }
    }
    return new Value(sum.dividedBy(relevant), decimal / relevant);
  }

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
