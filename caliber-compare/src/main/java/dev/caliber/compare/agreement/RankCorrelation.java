package dev.caliber.compare.agreement;

import dev.caliber.math.Fraction;
import java.math.BigInteger;

/**
 * Kendall's tau-b and Yilmaz, Aslam and Robertson's tau_AP of two orderings of the same systems,
 * given as the sign of every pair's difference under each ({@code sign[i][j]}: 1 when system i
 * is above system j, -1 below, 0 tied).
 */
final class RankCorrelation {
  private RankCorrelation() {}

  /**
   * Kendall's (1938, 1945) tau-b: {@code (n_c - n_d) / sqrt((n_0 - n_1)(n_0 - n_2))}, with n_1 and
   * n_2 the pairs tied in each ordering; exact when the numerator is 0 or the product is a perfect
   * square (always without ties, where tau-b is tau-a).
   */
  static Coefficient tauB(int[][] x, int[][] y) {
    int n = x.length;
    if (n < 2) {
      return Coefficient.undefined("fewer than two systems");
    }
    long concordant = 0;
    long discordant = 0;
    long tiedX = 0;
    long tiedY = 0;
    long pairs = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        pairs++;
        int p = x[i][j] * y[i][j];
        concordant += p > 0 ? 1 : 0;
        discordant += p < 0 ? 1 : 0;
        tiedX += x[i][j] == 0 ? 1 : 0;
        tiedY += y[i][j] == 0 ? 1 : 0;
      }
    }
    if (tiedX == pairs || tiedY == pairs) {
      return Coefficient.undefined("every system has the same mean under " + (tiedX == pairs ? "A" : "B")
          + ", so tau-b is 0/0");
    }
    if (concordant == discordant) {
      return Coefficient.of(Fraction.ZERO);
    }
    BigInteger product = BigInteger.valueOf(pairs - tiedX).multiply(BigInteger.valueOf(pairs - tiedY));
    BigInteger root = product.sqrt();
    if (root.multiply(root).equals(product)) {
      return Coefficient.of(Fraction.of(BigInteger.valueOf(concordant - discordant), root));
    }
    return Coefficient.ofDouble((concordant - discordant) / Math.sqrt(product.doubleValue()));
  }

  /**
   * tau_AP (Yilmaz, Aslam and Robertson 2008, eq. 2) of the estimated ordering {@code est} against
   * the reference {@code ref}: {@code 2 / (N - 1) * sum_{i=2..N} C(i) / (i - 1) - 1}, with C(i) the
   * systems above place i of the estimated ordering that the reference also puts above it.
   * Defined for orderings without ties only.
   *
   * @param order the systems in the estimated ordering, best first
   */
  static Coefficient tauAp(int[][] ref, int[][] est, int[] order, String refName, String estName) {
    int n = order.length;
    if (n < 2) {
      return Coefficient.undefined("fewer than two systems");
    }
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        if (ref[i][j] == 0 || est[i][j] == 0) {
          return Coefficient.undefined("two systems have the same mean under " + (ref[i][j] == 0 ? refName : estName)
              + "; tau_AP is defined for orderings without ties");
        }
      }
    }
    Fraction sum = Fraction.ZERO;
    for (int place = 1; place < n; place++) {
      long correct = 0;
      for (int above = 0; above < place; above++) {
        correct += ref[order[above]][order[place]] > 0 ? 1 : 0;
      }
      sum = sum.plus(Fraction.of(correct, place));
    }
    return Coefficient.of(sum.times(Fraction.of(2, n - 1)).minus(Fraction.ONE));
  }
}
