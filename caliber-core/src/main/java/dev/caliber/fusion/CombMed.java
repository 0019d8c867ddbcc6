package dev.caliber.fusion;

/**
 * CombMED: {@code CombMED(d) = median over inputs i that rank d of s_i(d)}, the mean of the two middle
 * values for an even count (numpy's median). Inputs that lack d are left out.
 *
 * <p>Source: E. A. Fox and J. A. Shaw, "Combination of multiple searches", TREC-2, NIST SP 500-215,
 * 1994, 243-252; ranx/fusion/comb_med.py.
 */
public final class CombMed extends Unparameterised {
  /** The method; it has no parameters. */
  public CombMed() {
    super("combmed", true);
  }

  @Override
  public double score(Pool pool, int doc) {
    double[] s = pool.presentScores(doc);
    java.util.Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }
}
