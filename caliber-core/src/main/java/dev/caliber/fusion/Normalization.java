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
 *
 * <p>The formulas' sums, differences and squares can overflow a double where the result cannot
 * (min-max lies in [0, 1], a z-score within ±sqrt(n)): scores of 1e160 square beyond a double's
 * range, and a spread of 1e308 and -1e308 is no double either. Where a list's largest magnitude
 * exceeds 2^480, min-max, z-score and sum therefore compute on the scores divided by a power of two
 * that brings them below 1. Dividing by a power of two is exact and commutes with every operation of
 * the formulas, so the result is the formula's own wherever it would not have overflowed, and finite
 * where it would have; below 2^480 no operation can overflow and the scores are used as given. Only
 * {@link #MAX} can still leave a double's range (a score below -1.8e299 over the floor 1e-9), as can
 * a method's own sum of unnormalised scores: {@link Fusion#fuse(java.util.List)} refuses a fused
 * score that is not finite rather than rank an infinity.
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
      int e = scale(s);
      double[] t = scaled(s, e);
      double min = min(t);
      return shifted(t, min, floored(max(t) - min, e));
    }
  },
  /** {@code (s - mean) / max(sd, 1e-9)}, sd the population standard deviation: ranx {@code zmuv}. */
  Z_SCORE("z-score") {
    @Override
    double[] scores(double[] s, int[] order) {
      int e = scale(s);
      double[] t = scaled(s, e);
      double mean = 0;
      for (double x : t) {
        mean += x;
      }
      mean /= t.length;
      double var = 0;
      for (double x : t) {
        var += (x - mean) * (x - mean);
      }
      return shifted(t, mean, floored(Math.sqrt(var / t.length), e));
    }
  },
  /** {@code (s - min) / max(sum(s) - min * n, 1e-9)}: ranx {@code sum}. */
  SUM("sum") {
    @Override
    double[] scores(double[] s, int[] order) {
      int e = scale(s);
      double[] t = scaled(s, e);
      double min = min(t);
      double sum = 0;
      for (double x : t) {
        sum += x;
      }
      return shifted(t, min, floored(sum - min * t.length, e));
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

  /**
   * The exponent above which a list's scores are scaled first. Below 2^481 a deviation is below
   * 2^482, its square below 2^964, and a sum of 2^31 of those still below 2^1024: nothing overflows.
   */
  private static final int SCALE_ABOVE = 480;

  /**
   * The power of two that brings a list's scores below 1 in magnitude, or 0 when they are small
   * enough to use as given.
   */
  private static int scale(double[] s) {
    double m = 0;
    for (double x : s) {
      m = Math.max(m, Math.abs(x));
    }
    int e = Math.getExponent(m);
    return e > SCALE_ABOVE ? e + 1 : 0;
  }

  /** The scores divided by 2^e: the same array when e is 0, exact otherwise (but for scores far below the largest). */
  private static double[] scaled(double[] s, int e) {
    if (e == 0) {
      return s;
    }
    double[] t = new double[s.length];
    for (int i = 0; i < s.length; i++) {
      t[i] = Math.scalb(s[i], -e);
    }
    return t;
  }

  /**
   * A denominator computed on scores divided by 2^e, floored at {@link #FLOOR} divided by 2^e: the
   * floor the formula puts under the denominator of the scores themselves (as a subnormal double
   * for the largest e, still above 0).
   */
  private static double floored(double d, int e) {
    return Math.max(d, Math.scalb(FLOOR, -e));
  }

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
