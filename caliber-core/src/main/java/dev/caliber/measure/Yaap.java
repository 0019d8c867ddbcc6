package dev.caliber.measure;

/**
 * YAAP, "yet another average precision" (Robertson, "On Smoothing Average Precision", ECIR 2012;
 * trec_eval's {@code yaap}, m_yaap.c): AP's sum of precisions, smoothed and taken on a log-odds
 * scale, so that it averages better across queries than AP while ordering the rankings of one
 * query as AP does.
 *
 * <pre>  YAAP = log( (1 + S) / (1 + R - S) ),   S = sum over relevant ranked d_i of P@i</pre>
 *
 * <p>S is AP times R; a query without relevant documents scores log(1) = 0. A double (a
 * logarithm), never exact; negative when S &lt; R / 2.
 */
public final class Yaap extends BaseMeasure {
  /**
   * YAAP; named {@code YAAP} or {@code YAAP(rel=N)}.
   *
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold
   * @throws IllegalArgumentException if {@code rel} is negative
   */
  public Yaap(Integer rel) {
    super("YAAP", rel, 0);
  }

  @Override
  public boolean rational() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    double sum = 0.0;
    int found = 0;
    for (int i = 0; i < r.size(); i++) {
      if (r.relevant(i, t)) {
        found++;
        sum += (double) found / (double) (i + 1);
      }
    }
    return Value.ofDouble(Math.log((1.0 + sum) / (1.0 + r.numRelevant(t) - sum)));
  }
}
