package dev.caliber.fusion;

/**
 * CombMNZ: {@code CombMNZ(d) = |{i : i ranks d}| * sum over those inputs of s_i(d)}. An input that
 * lacks d adds nothing to the sum and does not count among the hits.
 *
 * <p>Source: E. A. Fox and J. A. Shaw, "Combination of multiple searches", TREC-2, NIST SP 500-215,
 * 1994, 243-252; ranx/fusion/comb_mnz.py.
 */
public final class CombMnz extends Unparameterised {
  /** The method; it has no parameters. */
  public CombMnz() {
    super("combmnz", true);
  }

  @Override
  public double score(Pool pool, int doc) {
    return pool.sumOver(doc, i -> pool.score(i, doc)) * pool.hits(doc);
  }
}
