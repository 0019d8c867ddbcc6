package dev.caliber.fusion;

import dev.caliber.protocol.RankedList;
import java.util.Locale;

/**
 * How an input's scores are made comparable before a score-based method combines them, per query
 * over the input's own list, as ranx's normalisation module defines them
 * (ranx/normalization/*.py; docs/FUSION.md, "Normalisations"). Where a denominator can be zero
 * (every score equal, one entry) ranx floors it at {@code 1e-9}; so does caliber, so that such a
 * list normalises to zeros rather than to NaN. Rank-based methods (RRF, ISR, log-ISR, Borda) read
 * ranks only and take {@link #NONE}.
 */
public enum Normalization {
  /** The scores as given. */
  NONE("none") {
    @Override
    double[] scores(double[] s, int[] order) {
      return s;
    }
  },
  /** {@code (s - min) / max(max - min, 1e-9)}: ranx {@code min-max}. */
  MIN_MAX("min-max") {
    @Override
    double[] scores(double[] s, int[] order) {
      double min = min(s);
      return shifted(s, min, Math.max(max(s) - min, FLOOR));
    }
  },
  /** {@code (s - mean) / max(sd, 1e-9)}, sd the population standard deviation: ranx {@code zmuv}. */
  Z_SCORE("z-score") {
    @Override
    double[] scores(double[] s, int[] order) {
      double mean = 0;
      for (double x : s) {
        mean += x;
      }
      mean /= s.length;
      double var = 0;
      for (double x : s) {
        var += (x - mean) * (x - mean);
      }
      return shifted(s, mean, Math.max(Math.sqrt(var / s.length), FLOOR));
    }
  },
  /** {@code (s - min) / max(sum(s) - min * n, 1e-9)}: ranx {@code sum}. */
  SUM("sum") {
    @Override
    double[] scores(double[] s, int[] order) {
      double min = min(s);
      double sum = 0;
      for (double x : s) {
        sum += x;
      }
      return shifted(s, min, Math.max(sum - min * s.length, FLOOR));
    }
  },
  /** {@code s / max(max, 1e-9)}: ranx {@code max}. */
  MAX("max") {
    @Override
    double[] scores(double[] s, int[] order) {
      return shifted(s, 0, Math.max(max(s), FLOOR));
    }
  },
  /** {@code 1 - (r - 1) / n}, r the 1-based rank and n the list's length: ranx {@code rank}. */
  RANK("rank") {
    @Override
    double[] scores(double[] s, int[] order) {
      double[] out = new double[s.length];
      for (int r = 0; r < order.length; r++) {
        out[order[r]] = 1 - (double) r / order.length;
      }
      return out;
    }
  };

  /** ranx's floor for a denominator that can be zero. */
  static final double FLOOR = 1e-9;

  private final String label;

  Normalization(String label) {
    this.label = label;
  }

  /**
   * The name the command line and the metadata use.
   *
   * @return {@code none}, {@code min-max}, {@code z-score}, {@code sum}, {@code max} or {@code rank}
   */
  public String label() {
    return label;
  }

  /**
   * The normalisation of a name.
   *
   * @param name a {@link #label()}, compared ignoring case
   * @return the normalisation
   * @throws IllegalArgumentException naming the value and the names expected
   */
  public static Normalization of(String name) {
    for (Normalization n : values()) {
      if (n.label.equalsIgnoreCase(name)) {
        return n;
      }
    }
    throw new IllegalArgumentException("unknown normalisation " + name + "; expected one of " + labels());
  }

  /**
   * Every name, for messages and help.
   *
   * @return the labels, comma-separated, in declaration order
   */
  public static String labels() {
    StringBuilder b = new StringBuilder();
    for (Normalization n : values()) {
      b.append(b.length() == 0 ? "" : ", ").append(n.label);
    }
    return b.toString().toLowerCase(Locale.ROOT);
  }

  /**
   * A list's normalised scores.
   *
   * @param list one input's list for one query
   * @param order the list's entry indexes in ranking order
   * @return each entry's normalised score, in the list's entry order
   */
  double[] apply(RankedList list, int[] order) {
    double[] s = new double[list.size()];
    for (int i = 0; i < s.length; i++) {
      s[i] = list.score(i);
    }
    return s.length == 0 ? s : scores(s, order);
  }

  abstract double[] scores(double[] s, int[] order);

  /** {@code (s - shift) / d} for each score: the one affine map the score normalisations share. */
  private static double[] shifted(double[] s, double shift, double d) {
    double[] out = new double[s.length];
    for (int i = 0; i < s.length; i++) {
      out[i] = (s[i] - shift) / d;
    }
    return out;
  }

  private static double min(double[] s) {
    double m = Double.POSITIVE_INFINITY;
    for (double x : s) {
      m = Math.min(m, x);
    }
    return m;
  }

  private static double max(double[] s) {
    double m = Double.NEGATIVE_INFINITY;
    for (double x : s) {
      m = Math.max(m, x);
    }
    return m;
  }
}
