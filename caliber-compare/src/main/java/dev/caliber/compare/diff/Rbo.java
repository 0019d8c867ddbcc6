package dev.caliber.compare.diff;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Rank-biased overlap of two rankings (Webber, Moffat and Zobel 2010, "A similarity measure for
 * indefinite rankings", ACM TOIS 28(4)), evaluated on the prefixes seen: its lower bound, the
 * residual that further evaluation could add to it, and the extrapolated point estimate. With
 * {@code X_d} the overlap of the two rankings' first {@code d} documents, {@code S} the shorter
 * ranking (length {@code s}) and {@code L} the longer (length {@code l}; beyond {@code s}, {@code
 * X_d} counts {@code S}'s documents among {@code L}'s first {@code d}):
 *
 * <ul>
 *   <li>{@code RBO_min = (1-p)/p * (sum_{d=1..l} (X_d - X_l) p^d / d - X_l ln(1-p))}: no further
 *       overlap beyond what is seen (eq. 11, with {@code k = l});
 *   <li>{@code RBO_res = RBO_max - RBO_min}, {@code RBO_max} taking every unseen document to
 *       overlap as much as it could; with {@code f = l + s - X_l}, {@code RBO_res = p^s + p^l - p^f
 *       - (1-p)/p * (s sum_{d=s+1..f} p^d/d + l sum_{d=l+1..f} p^d/d + X_l (ln(1/(1-p)) -
 *       sum_{d=1..f} p^d/d))} (section 4.3);
 *   <li>{@code RBO_ext = (1-p)/p * (sum_{d=1..l} X_d p^d / d + sum_{d=s+1..l} X_s (d-s) p^d /
 *       (s d)) + ((X_l - X_s)/l + X_s/s) p^l}: the agreement seen at depth {@code s} carried on
 *       (eq. 32, rankings of different lengths; for {@code s = l} the second sum is empty).
 * </ul>
 *
 * Two empty rankings are the same ranking: {@code RBO_ext = 1}; one empty ranking against another
 * has {@code RBO_ext = 0} (nothing of it agrees). In both, {@code RBO_min = 0} and {@code RBO_res =
 * 1}. Each value is kept within [0, 1], and {@code min + res} at most 1, against rounding in the
 * last bits.
 *
 * @param min RBO_min, the lower bound
 * @param res RBO_res, the residual: the upper bound less the lower
 * @param ext RBO_ext, the extrapolated point estimate, between {@code min} and {@code min + res}
 */
public record Rbo(double min, double res, double ext) {
  /** Below this first term, the tail beyond f is summed term by term: it is at most a few times f terms long. */
  private static final double SMALL_TAIL = 1e-3;

  /**
   * Validates.
   *
   * @param min RBO_min, in [0, 1]
   * @param res RBO_res, in [0, 1]
   * @param ext RBO_ext, in [0, 1]
   * @throws IllegalArgumentException if a value is outside [0, 1] or NaN
   */
  public Rbo {
    if (!(min >= 0 && min <= 1 && res >= 0 && res <= 1 && ext >= 0 && ext <= 1)) {
      throw new IllegalArgumentException("illegal RBO values min " + min + ", res " + res + ", ext " + ext
          + ", must each be in [0, 1]");
    }
  }

  /**
   * The upper bound.
   *
   * @return RBO_max = {@code min + res}
   */
  public double max() {
    return min + res;
  }

  /**
   * RBO of two rankings, each taken as the seen prefix of an indefinite ranking.
   *
   * @param a a ranking, best first; document IDs distinct
   * @param b the other ranking, best first; document IDs distinct
   * @param p the persistence, strictly between 0 and 1
   * @return the bounds and the estimate; symmetric in {@code a} and {@code b}
   * @throws IllegalArgumentException if {@code p} is out of range or a ranking repeats a document
   */
  public static Rbo of(List<String> a, List<String> b, double p) {
    DiffSettings.requirePersistence(p);
    List<String> shortList = a.size() <= b.size() ? a : b;
    List<String> longList = shortList == a ? b : a;
    int s = shortList.size();
    int l = longList.size();
    Map<String, Integer> inShort = positions(shortList);
    Map<String, Integer> inLong = positions(longList);
    if (s == 0) {
      return new Rbo(0.0, 1.0, l == 0 ? 1.0 : 0.0);
    }
    // X_d, d = 0..l: at depth d the short list's d-th document counts when the long list ranks it
    // within d, and the long list's d-th when the short list ranks it before (within s beyond s)
    int[] x = new int[l + 1];
    for (int d = 1; d <= l; d++) {
      int add = 0;
      if (d <= s) {
        Integer r = inLong.get(shortList.get(d - 1));
        add += r != null && r < d ? 1 : 0;
      }
      Integer r = inShort.get(longList.get(d - 1));
      add += r != null && r < Math.min(d - 1, s) ? 1 : 0;
      x[d] = x[d - 1] + add;
    }
    int xs = x[s];
    int xl = x[l];
    double q = (1 - p) / p;
    double minSum = 0;
    double extSum = 0;
    double pd = 1;
    for (int d = 1; d <= l; d++) {
      pd *= p;
      minSum += (x[d] - xl) * pd / d;
      extSum += x[d] * pd / d;
      if (d > s) {
        extSum += (double) xs * (d - s) * pd / ((double) s * d);
      }
    }
    double pl = pd;
    double min = q * (minSum - xl * Math.log1p(-p));
    double ext = q * extSum + ((double) (xl - xs) / l + (double) xs / s) * pl;
    double res = q * residual(p, s, l, xl);
    min = clamp(min);
    return new Rbo(min, Math.min(clamp(res), 1 - min), clamp(ext));
  }

  /**
   * The residual over {@code (1-p)/p}, as the sum of its non-negative parts, {@code RBO_max}'s
   * agreement less {@code RBO_min}'s at each depth: {@code (d-s)/d} for {@code s < d <= l}, {@code
   * (2d-l-s)/d} for {@code l < d <= f}, {@code 1 - X_l/d} beyond {@code f}, each times {@code p^d};
   * together the closed form of the class comment.
   */
  private static double residual(double p, int s, int l, int xl) {
    int f = l + s - xl;
    double seenPart = 0;
    double sumToF = 0; // sum_{d=1..f} p^d / d
    double pd = 1;
    for (int d = 1; d <= f; d++) {
      pd *= p;
      sumToF += pd / d;
      if (d > s && d <= l) {
        seenPart += (double) (d - s) / d * pd;
      } else if (d > l) {
        seenPart += (double) (2 * d - l - s) / d * pd;
      }
    }
    // beyond f: sum (1 - X_l/d) p^d; where p^(f+1) is small, term by term (the closed form would
    // be a difference of two nearly equal logarithms, all rounding), else in closed form:
    // p^(f+1)/(1-p) - X_l (ln(1/(1-p)) - sum_{d=1..f} p^d/d)
    double first = pd * p;
    double tail = 0;
    if (first < SMALL_TAIL) {
      double term = first;
      for (int d = f + 1; term > 0; d++) {
        double t = (1 - (double) xl / d) * term;
        tail += t;
        if (term < 1e-17 * tail) {
          break;
        }
        term *= p;
      }
    } else {
      tail = Math.max(0, first / (1 - p) - xl * (-Math.log1p(-p) - sumToF));
    }
    return seenPart + tail;
  }


  private static double clamp(double v) {
    return Math.max(0, Math.min(1, v));
  }

  /** Each document's 0-based position; a repeated document is refused. */
  private static Map<String, Integer> positions(List<String> ranking) {
    Map<String, Integer> at = new HashMap<>(ranking.size() * 2);
    for (int i = 0; i < ranking.size(); i++) {
      Integer was = at.putIfAbsent(ranking.get(i), i);
      if (was != null) {
        throw new IllegalArgumentException("illegal ranking: document " + dev.caliber.json.PyJson.canonical(ranking.get(i))
            + " at ranks " + (was + 1) + " and " + (i + 1) + ", must be ranked once");
      }
    }
    return at;
  }
}
