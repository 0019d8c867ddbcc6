package dev.caliber.fusion;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Weighted sum: {@code WSum(d) = sum over inputs i that rank d of w_i * s_i(d)}, the normalised
 * scores weighted by input. An input that lacks d adds nothing (ranx: {@code res.get(doc_id,
 * 0.0)}). The weights follow the inputs' order, one per input, each non-negative, and sum to 1
 * (a point of the simplex, as the tuner's grid makes them): a stricter contract than ranx's, which
 * takes any weights, so that a weighting is one point and not a ray of equivalent ones.
 *
 * <p>Source: ranx/fusion/wsum.py (a linear combination, after Fox and Shaw's CombSUM; the
 * "linear" hybrid of dense and sparse retrieval).
 */
public final class WeightedSum implements FusionMethod {
  /** How far the weights' sum may be from 1 (decimal weights such as 0.1 are not exact doubles). */
  public static final double TOLERANCE = 1e-9;

  private final double[] weights;

  /**
   * A weighted sum.
   *
   * @param weights one weight per input, in input order
   * @throws IllegalArgumentException if fewer than two are given, one is negative or not finite,
   *     or they do not sum to 1 (within {@link #TOLERANCE})
   */
  public WeightedSum(List<Double> weights) {
    if (weights.size() < 2) {
      throw new IllegalArgumentException("illegal weights: " + weights.size() + " given, must be one per input (at least 2)");
    }
    double[] w = new double[weights.size()];
    double sum = 0;
    for (int i = 0; i < w.length; i++) {
      w[i] = weights.get(i);
      if (!Double.isFinite(w[i]) || w[i] < 0) {
        throw new IllegalArgumentException("illegal weight " + w[i] + " (input " + (i + 1) + "), must be a non-negative finite value");
      }
      sum += w[i];
    }
    if (Math.abs(sum - 1) > TOLERANCE) {
      throw new IllegalArgumentException("illegal weights " + weights + ": they sum to " + sum + ", must sum to 1");
    }
    this.weights = w;
  }

  /**
   * The weights.
   *
   * @return one per input, in input order (a fresh list)
   */
  public List<Double> weights() {
    List<Double> out = new ArrayList<>();
    for (double w : weights) {
      out.add(w);
    }
    return out;
  }

  @Override
  public String name() {
    return "wsum";
  }

  @Override
  public Map<String, Object> parameters() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("weights", weights());
    return m;
  }

  @Override
  public boolean readsScores() {
    return true;
  }

  @Override
  public boolean symmetric() {
    return false;
  }

  @Override
  public void requireInputs(int inputs) {
    if (inputs != weights.length) {
      throw new IllegalArgumentException("illegal number of inputs: " + inputs + " for " + weights.length
          + " weights, must be one weight per input");
    }
  }

  @Override
  public double score(Pool pool, int doc) {
    return pool.sumOver(doc, i -> weights[i] * pool.score(i, doc));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof WeightedSum w && java.util.Arrays.equals(w.weights, weights);
  }

  @Override
  public int hashCode() {
    return java.util.Arrays.hashCode(weights);
  }

  @Override
  public String toString() {
    return "wsum(weights=" + weights() + ")";
  }
}
