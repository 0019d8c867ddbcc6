package dev.caliber.fusion;

/**
 * Inverse square rank: {@code ISR(d) = |{i : i ranks d}| * sum over those inputs of 1 / r_i(d)^2}, r
 * the 1-based rank. An input that lacks d adds nothing and does not count. Reads ranks only.
 *
 * <p>Source: A. Mourão, F. Martins and J. Magalhães, "Multimodal medical information retrieval with
 * unsupervised rank fusion", Computerized Medical Imaging and Graphics 39, 2015, 35-45; ranx/fusion/isr.py (the ISR scores combined by CombMNZ).
 */
public final class Isr extends Unparameterised {
  /** The method; it has no parameters. */
  public Isr() {
    super("isr", false);
  }

  @Override
  public double score(Pool pool, int doc) {
    return Isr.terms(pool, doc) * pool.hits(doc);
  }

  /** The sum of 1 / r^2 over the inputs that rank the candidate, in ascending order. */
  static double terms(Pool pool, int doc) {
    return pool.sumOver(doc, i -> 1 / ((double) pool.rank(i, doc) * pool.rank(i, doc)));
  }
}
