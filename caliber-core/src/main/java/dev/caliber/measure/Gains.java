package dev.caliber.measure;

import java.util.Arrays;
import java.util.Map;

/**
 * The gains the graded measures share (nDCG with given gains, G, ndcg_rel, Rndcg, RBP): a
 * ranked document's gain and the ideal ranking's gains, as trec_eval's {@code setup_gains} makes
 * them. Without given gains a label gains as the protocol's rule says ({@link
 * JudgedRanking#gain}); given gains replace the gain of their labels, any other label 0 or more
 * keeps the protocol's. Negative labels and unjudged documents gain 0. The ideal ranking holds the
 * positive gains of the query's judged labels, largest first.
 */
final class Gains {
  private final Map<Integer, Double> given;

  /** No given gains: the protocol's rule. */
  static final Gains PROTOCOL = new Gains(Map.of());

  Gains(Map<Integer, Double> given) {
    this.given = Map.copyOf(given);
  }

  boolean isProtocol() {
    return given.isEmpty();
  }

  /** The gain of a label. */
  double of(JudgedRanking r, int label) {
    if (label == JudgedRanking.UNJUDGED || label < 0) {
      return 0.0;
    }
    Double g = given.get(label);
    return g != null ? g : label == 0 ? 0.0 : r.gain(label);
  }

  /** The positive gains of the query's judged labels, largest first. */
  double[] ideal(JudgedRanking r) {
    int[] labels = r.idealLabels();
    double[] gains = new double[labels.length];
    int n = 0;
    for (int l : labels) {
      double g = of(r, l);
      if (g > 0.0) {
        gains[n++] = g;
      }
    }
    double[] out = Arrays.copyOf(gains, n);
    Arrays.sort(out);
    for (int i = 0, j = n - 1; i < j; i++, j--) {
      double x = out[i];
      out[i] = out[j];
      out[j] = x;
    }
    return out;
  }

  /** log2 as the graded measures take it: StrictMath, so that a value is the same on every JVM. */
  static double log2(double x) {
    return StrictMath.log(x) / LN2;
  }

  private static final double LN2 = StrictMath.log(2.0);
}
