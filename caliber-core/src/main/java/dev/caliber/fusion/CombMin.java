package dev.caliber.fusion;

/**
 * CombMIN: {@code CombMIN(d) = min over inputs i that rank d of s_i(d)}. Inputs that lack d are
 * left out (ranx gives them 1e9, which never wins).
 *
 * <p>Source: E. A. Fox and J. A. Shaw, "Combination of multiple searches", TREC-2, NIST SP 500-215,
 * 1994, 243-252; ranx/fusion/comb_min.py.
 */
public final class CombMin extends Unparameterised {
  /** The method; it has no parameters. */
  public CombMin() {
    super("combmin", true);
  }

  @Override
  public double score(Pool pool, int doc) {
    return java.util.Arrays.stream(pool.presentScores(doc)).min().orElseThrow();
  }
}
