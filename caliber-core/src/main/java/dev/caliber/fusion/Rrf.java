package dev.caliber.fusion;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reciprocal rank fusion: {@code RRF(d) = sum over inputs i that rank d of 1 / (k + r_i(d))}, with
 * {@code r_i(d)} the 1-based rank of d in input i. An input that lacks d adds nothing (ranx sums
 * {@code res.get(doc_id, 0.0)}). Reads ranks only.
 *
 * <p>Source: G. V. Cormack, C. L. A. Clarke and S. Büttcher, "Reciprocal rank fusion outperforms
 * Condorcet and individual rank learning methods", SIGIR 2009, 758-759; ranx/fusion/rrf.py
 * (default k = 60, as in the paper).
 */
public final class Rrf implements FusionMethod {
  /** The paper's k. */
  public static final int DEFAULT_K = 60;

  private final int k;

  /**
   * RRF with a given k.
   *
   * @param k the constant added to every rank, 0 or more
   * @throws IllegalArgumentException if {@code k} is negative
   */
  public Rrf(int k) {
    if (k < 0) {
      throw new IllegalArgumentException("illegal k value: " + k + ", must be a non-negative integer");
    }
    this.k = k;
  }

  /**
   * The constant k.
   *
   * @return 0 or more
   */
  public int k() {
    return k;
  }

  @Override
  public String name() {
    return "rrf";
  }

  @Override
  public Map<String, Object> parameters() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("k", k);
    return m;
  }

  @Override
  public boolean readsScores() {
    return false;
  }

  @Override
  public double score(Pool pool, int doc) {
    return pool.sumOver(doc, i -> 1.0 / ((double) k + pool.rank(i, doc)));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Rrf r && r.k == k;
  }

  @Override
  public int hashCode() {
    return k;
  }

  @Override
  public String toString() {
    return "rrf(k=" + k + ")";
  }
}
