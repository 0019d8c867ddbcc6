package dev.caliber.measure;

/**
 * Rprec: precision at rank R, where R is the query's number of relevant documents.
 *
 * <pre>  Rprec = |{ i &lt;= R : rel(d_i) }| / R</pre>
 *
 * <p>trec_eval's {@code Rprec}; ir_measures' {@code Rprec}. A ranking shorter than R is not
 * padded: the denominator stays R. Exact. Takes no cutoff.
 */
public final class RPrecision extends BaseMeasure {
  /**
   * Rprec; named {@code Rprec} or {@code Rprec(rel=N)}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @throws IllegalArgumentException if {@code rel} is negative
   */
  public RPrecision(Integer rel) {
    super("Rprec", rel, 0);
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    int relevant = r.numRelevant(t);
    return relevant == 0 ? Value.of(0) : Value.of(r.relevantInTop(relevant, t), relevant);
  }

  @Override
  public boolean readsFractionalLabels() {
    return true;
  }
}
