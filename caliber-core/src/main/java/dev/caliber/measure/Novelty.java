package dev.caliber.measure;

import dev.caliber.math.Fraction;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * What the intent-aware measures share, as TREC's ndeval computes it (ndeval.c, version 4.5,
 * Clarke 2013, the novelty and diversity evaluation of the TREC Web track, which pyndeval wraps
 * for ir_measures): a document's novelty gain at rank i, sum over the subtopics j it is relevant to
 * of (1 - alpha)^c_j, c_j the documents above it already relevant to j ({@code computeDCG},
 * {@code computeERR}, {@code computeNRBP}); and the greedy ideal ranking ({@code idealResult}).
 * A subtopic label counts as relevant when it is the level or more (ndeval's binary judgments).
 */
final class Novelty {
  private Novelty() {}

  /** The parameters' text: {@code alpha=x} when not 0.5, with a validated alpha in [0, 1]. */
  static String alphaParameter(BigDecimal alpha) {
    if (alpha.signum() < 0 || alpha.compareTo(BigDecimal.ONE) > 0) {
      throw new IllegalArgumentException("illegal alpha value: " + Levels.text(alpha) + ", must be between 0 and 1");
    }
    return alpha.compareTo(new BigDecimal("0.5")) == 0 ? "" : "alpha=" + Levels.text(alpha);
  }

  /** The first {@code n} documents' novelty gains, exactly ({@code keep} = 1 - alpha). */
  static Fraction[] gains(int[][] docs, int n, int subtopics, int rel, Fraction keep) {
    Fraction[] weight = new Fraction[subtopics];
    java.util.Arrays.fill(weight, Fraction.ONE);
    Fraction[] out = new Fraction[n];
    for (int i = 0; i < n; i++) {
      Fraction g = Fraction.ZERO;
      int[] p = docs[i];
      for (int k = 0; p != null && k < p.length; k += 2) {
        if (p[k + 1] >= rel) {
          g = g.plus(weight[p[k]]);
          weight[p[k]] = weight[p[k]].times(keep);
        }
      }
      out[i] = g;
    }
    return out;
  }

  /** The same in doubles, as ndeval multiplies them. */
  static double[] gains(int[][] docs, int n, int subtopics, int rel, double keep) {
    double[] weight = new double[subtopics];
    java.util.Arrays.fill(weight, 1.0);
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      int[] p = docs[i];
      for (int k = 0; p != null && k < p.length; k += 2) {
        if (p[k + 1] >= rel) {
          out[i] += weight[p[k]];
          weight[p[k]] *= keep;
        }
      }
    }
    return out;
  }

  /**
   * ndeval's greedy ideal ranking of every judged document: at each rank the document with the
   * largest novelty gain given those above (in doubles, as ndeval compares them), ties to the first
   * in the judged order (document ID descending: ndeval's {@code strcmp > 0}).
   */
  static int[][] ideal(Intents in, int rel, double keep) {
    List<int[]> left = new ArrayList<>(List.of(in.judged));
    double[] weight = new double[in.subtopics()];
    java.util.Arrays.fill(weight, 1.0);
    int[][] out = new int[left.size()][];
    for (int rank = 0; rank < out.length; rank++) {
      int where = 0;
      double best = -1.0;
      for (int d = 0; d < left.size(); d++) {
        double g = 0.0;
        int[] p = left.get(d);
        for (int k = 0; k < p.length; k += 2) {
          if (p[k + 1] >= rel) {
            g += weight[p[k]];
          }
        }
        if (g > best) {
          best = g;
          where = d;
        }
      }
      int[] chosen = left.remove(where);
      for (int k = 0; k < chosen.length; k += 2) {
        if (chosen[k + 1] >= rel) {
          weight[chosen[k]] *= keep;
        }
      }
      out[rank] = chosen;
    }
    return out;
  }

  /** a / b, b not 0. */
  static Fraction divide(Fraction a, Fraction b) {
    return Fraction.of(a.numerator().multiply(b.denominator()), a.denominator().multiply(b.numerator()));
  }
}
