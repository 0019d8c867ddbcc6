package dev.caliber.fusion;

/**
 * BordaFuse: each input gives {@code n - r + 1} points to the document at rank r, n the number of
 * candidates (documents that any input ranks for the query); a document the input lacks gets
 * {@code (n - m + 1) / 2} points, m the input's list length (the mean of the points left over);
 * {@code Borda(d)} is the sum of the points. Reads ranks only; the points are integers or halves,
 * so the sum is exact in doubles.
 *
 * <p>Source: J. A. Aslam and M. Montague, "Models for metasearch", SIGIR 2001, 276-284;
 * ranx/fusion/bordafuse.py.
 */
public final class Borda extends Unparameterised {
  /** The method; it has no parameters. */
  public Borda() {
    super("borda", false);
  }

  @Override
  public double score(Pool pool, int doc) {
    double n = pool.docs();
    double[] terms = new double[pool.inputs()];
    for (int i = 0; i < terms.length; i++) {
      terms[i] = pool.has(i, doc) ? n - pool.rank(i, doc) + 1 : (n - pool.size(i) + 1) / 2;
    }
    return Pool.sum(terms, terms.length);
  }
}
