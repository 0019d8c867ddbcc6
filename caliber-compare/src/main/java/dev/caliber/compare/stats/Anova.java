package dev.caliber.compare.stats;

import org.apache.commons.statistics.distribution.FDistribution;

/**
 * Two-way analysis of variance without replication: k systems (rows) x n topics (columns), one
 * value per cell, the model {@code x_ij = μ + a_i + b_j + e_ij} (Sakai 2014, Statistical reform in
 * information retrieval?, SIGIR Forum 48(1); Sakai 2018, Laboratory Experiments in Information
 * Retrieval, Springer). With the grand mean x̄, row means x̄_i. and column means x̄_.j:
 *
 * <ul>
 *   <li>{@code S_T = Σ_ij (x_ij − x̄)²}, {@code S_A = n Σ_i (x̄_i. − x̄)²}, {@code S_B = k Σ_j
 *       (x̄_.j − x̄)²}, {@code S_E = S_T − S_A − S_B};
 *   <li>{@code φ_A = k − 1}, {@code φ_B = n − 1}, {@code φ_E = (k − 1)(n − 1)}; {@code V = S / φ};
 *   <li>{@code F_A = V_A / V_E}, {@code F_B = V_B / V_E}, p-values from the F distribution's upper
 *       tail (Apache Commons Statistics' {@code FDistribution});
 *   <li>effect sizes of the system factor: {@code η² = S_A / S_T}, partial {@code η² = S_A / (S_A
 *       + S_E)} and {@code ω² = (S_A − φ_A V_E) / (S_T + V_E)} (Olejnik and Algina 2003,
 *       Generalized eta and omega squared statistics, Psychological Methods 8(4), the form Sakai
 *       uses for this design).
 * </ul>
 *
 * Sums run in row order, then column order, in doubles. {@code S_E} is clamped at 0 (rounding
 * can leave {@code −1e-17} when the rows are parallel). F is undefined when {@code V_E = 0}: every
 * system's values differ from every other's by a constant, and no ratio is meaningful.
 */
public final class Anova {
  private Anova() {}

  /**
   * The ANOVA of a matrix.
   *
   * @param x one row per system, one column per topic; at least 2 x 2, every row as long, every
   *     value finite
   * @return the table
   * @throws IllegalArgumentException if the matrix is smaller than 2 x 2, ragged, or holds a value
   *     that is not finite
   */
  public static AnovaResult of(double[][] x) {
    int k = x.length;
    int n = k == 0 ? 0 : x[0].length;
    if (k < 2 || n < 2) {
      throw new IllegalArgumentException("illegal ANOVA input: " + k + " systems x " + n + " topics, needs at least 2 x 2");
    }
    double total = 0.0;
    double[] row = new double[k];
    double[] col = new double[n];
    for (int i = 0; i < k; i++) {
      if (x[i].length != n) {
        throw new IllegalArgumentException("illegal ANOVA input: row " + i + " has " + x[i].length + " values, row 0 has " + n);
      }
      for (int j = 0; j < n; j++) {
        if (!Double.isFinite(x[i][j])) {
          throw new IllegalArgumentException("illegal ANOVA input: value " + x[i][j] + " at row " + i + ", column " + j);
        }
        row[i] += x[i][j];
        col[j] += x[i][j];
        total += x[i][j];
      }
    }
    double grand = total / (k * (double) n);
    double ssTotal = 0.0;
    for (double[] r : x) {
      for (double v : r) {
        ssTotal += (v - grand) * (v - grand);
      }
    }
    double ssA = 0.0;
    for (double s : row) {
      ssA += (s / n - grand) * (s / n - grand);
    }
    ssA *= n;
    double ssB = 0.0;
    for (double s : col) {
      ssB += (s / k - grand) * (s / k - grand);
    }
    ssB *= k;
    double ssE = Math.max(0.0, ssTotal - ssA - ssB);
    int dfA = k - 1;
    int dfB = n - 1;
    int dfE = dfA * dfB;
    double vA = ssA / dfA;
    double vB = ssB / dfB;
    double vE = ssE / dfE;
    Double eta = ssTotal > 0 ? ssA / ssTotal : null;
    Double partial = ssA + ssE > 0 ? ssA / (ssA + ssE) : null;
    Double omega = ssTotal + vE > 0 ? (ssA - dfA * vE) / (ssTotal + vE) : null;
    if (!(vE > 0)) {
      return new AnovaResult(k, n, grand, ssA, ssB, ssE, ssTotal, dfA, dfB, dfE, k * n - 1, vA, vB, vE, null, null, null, null,
          eta, partial, omega, "the error mean square V_E is 0: every system differs from every other by a constant on each topic");
    }
    double fA = vA / vE;
    double fB = vB / vE;
    return new AnovaResult(k, n, grand, ssA, ssB, ssE, ssTotal, dfA, dfB, dfE, k * n - 1, vA, vB, vE, fA, fB,
        FDistribution.of(dfA, dfE).survivalProbability(fA), FDistribution.of(dfB, dfE).survivalProbability(fB),
        eta, partial, omega, null);
  }
}
