package dev.caliber.fusion;

/**
 * CombANZ: {@code CombANZ(d) = (sum over inputs i that rank d of s_i(d)) / |{i : i ranks d}|}, the mean
 * over the inputs that have d. Inputs that lack d are left out.
 *
 * <p>Source: E. A. Fox and J. A. Shaw, "Combination of multiple searches", TREC-2, NIST SP 500-215,
 * 1994, 243-252; ranx/fusion/comb_anz.py.
 */
public final class CombAnz extends Unparameterised {
  /** The method; it has no parameters. */
  public CombAnz() {
    super("combanz", true);
  }

  @Override
  public double score(Pool pool, int doc) {
    return pool.sumOver(doc, i -> pool.score(i, doc)) / pool.hits(doc);
  }
}
