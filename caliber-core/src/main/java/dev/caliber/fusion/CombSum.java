package dev.caliber.fusion;

/**
 * CombSUM: {@code CombSUM(d) = sum over inputs i that rank d of s_i(d)}, the normalised scores.
 * An input that lacks d adds nothing (ranx: {@code res.get(doc_id, 0.0)}).
 *
 * <p>Source: E. A. Fox and J. A. Shaw, "Combination of multiple searches", TREC-2, NIST SP 500-215,
 * 1994, 243-252; ranx/fusion/comb_sum.py.
 */
public final class CombSum extends Unparameterised {
  /** The method; it has no parameters. */
  public CombSum() {
    super("combsum", true);
  }

  @Override
  public double score(Pool pool, int doc) {
    return pool.sumOver(doc, i -> pool.score(i, doc));
  }
}
