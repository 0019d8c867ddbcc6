package dev.caliber.fusion;

/**
 * Log inverse square rank: {@code logISR(d) = ln(|{i : i ranks d}|) * sum over those inputs of
 * 1 / r_i(d)^2}. A document that only one input ranks gets ln 1 = 0, however high it ranks there:
 * it stays in the fused list, below every document two inputs agree on (ranx's definition, kept).
 * Reads ranks only.
 *
 * <p>Source: A. Mourão, F. Martins and J. Magalhães, "Multimodal medical information retrieval with
 * unsupervised rank fusion", Computerized Medical Imaging and Graphics 39, 2015, 35-45; ranx/fusion/log_isr.py.
 */
public final class LogIsr extends Unparameterised {
  /** The method; it has no parameters. */
  public LogIsr() {
    super("log_isr", false);
  }

  @Override
  public double score(Pool pool, int doc) {
    return Isr.terms(pool, doc) * Math.log(pool.hits(doc));
  }
}
