package dev.caliber.measure;

import dev.caliber.policy.Gain;
import java.util.Arrays;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

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
  /** The rule for labels without a given gain; null for the protocol's. */
  private final Gain rule;

  /** No given gains: the protocol's rule. */
  static final Gains PROTOCOL = new Gains(Map.of(), null);

  Gains(Map<Integer, Double> given, Gain rule) {
    this.given = Map.copyOf(given);
    this.rule = rule;
  }

  /** The rule for labels without a given gain, or null for the protocol's. */
  Gain rule() {
    return rule;
  }

  /** Whether no label has a given gain: every gain is a rule's, of the exact label. */
  boolean hasNoGivenGains() {
    return given.isEmpty();
  }

  boolean isProtocol() {
    return given.isEmpty() && rule == null;
  }

  /**
   * The parameters' canonical text, ir_measures' order and spelling: {@code dcg='log2'} or
   * {@code dcg='exp-log2'}, {@code gains={1:3,2:9}} (labels increasing), {@code judged_only=True};
   * each left out when absent.
   *
   * @throws IllegalArgumentException if a label is negative or a gain is not finite or beyond {@link
   *     Gain#MAX_GAIN}
   */
  static String parameters(Map<Integer, Double> gains, Gain rule, boolean judgedOnly) {
    StringJoiner out = new StringJoiner(",");
    if (rule != null) {
      out.add(rule == Gain.LINEAR ? "dcg='log2'" : "dcg='exp-log2'");
    }
    if (!gains.isEmpty()) {
      StringJoiner j = new StringJoiner(",", "gains={", "}");
      for (Map.Entry<Integer, Double> e : new TreeMap<>(gains).entrySet()) {
        if (e.getKey() < 0) {
          throw new IllegalArgumentException("illegal label in gains: " + e.getKey() + ", must be 0 or more");
        }
        if (!(Math.abs(e.getValue()) <= Gain.MAX_GAIN)) {
          throw new IllegalArgumentException("illegal gain for label " + e.getKey() + ": " + dev.caliber.json.PyJson.repr(e.getValue())
              + ", must be finite and at most 2^992 (about 4.2e298) in magnitude, so that a sum over a ranking stays finite");
        }
        j.add(e.getKey() + ":" + Levels.text(new java.math.BigDecimal(Double.toString(e.getValue()))));
      }
      out.add(j.toString());
    }
    if (judgedOnly) {
      out.add("judged_only=True");
    }
    return out.toString();
  }

  /** The gain of a label. */
  double of(JudgedRanking r, int label) {
    if (label == JudgedRanking.UNJUDGED || label < 0) {
      return 0.0;
    }
    Double g = given.get(label);
    if (g != null) {
      return g;
    }
    if (label == 0) {
      return 0.0;
    }
    return rule == null ? r.gain(label) : r.gain(label, rule);
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
