package dev.caliber.compare.stats;

/**
 * A two-way ANOVA without replication (system x topic), as {@link Anova} computes it: the sums of
 * squares, degrees of freedom, mean squares, F ratios with their p-values, and the system
 * factor's effect sizes.
 *
 * <p>F, its p-value and the effect sizes divided by a mean square or a total of 0 are undefined:
 * null, with the reason in {@code undefinedReason}; the sums of squares and degrees of freedom are
 * always given.
 *
 * @param systems k, the number of systems (rows), at least 2
 * @param topics n, the number of topics (columns), at least 2
 * @param grandMean the mean of all k n values
 * @param ssSystem S_A = n Σ_i (mean_i − grand mean)²
 * @param ssTopic S_B = k Σ_j (mean_j − grand mean)²
 * @param ssError S_E = S_T − S_A − S_B (never below 0)
 * @param ssTotal S_T = Σ_ij (x_ij − grand mean)²
 * @param dfSystem φ_A = k − 1
 * @param dfTopic φ_B = n − 1
 * @param dfError φ_E = (k − 1)(n − 1)
 * @param dfTotal k n − 1
 * @param msSystem V_A = S_A / φ_A
 * @param msTopic V_B = S_B / φ_B
 * @param msError V_E = S_E / φ_E
 * @param fSystem F_A = V_A / V_E, or null when V_E is 0
 * @param fTopic F_B = V_B / V_E, or null when V_E is 0
 * @param pSystem P(F(φ_A, φ_E) ≥ F_A), or null with F_A
 * @param pTopic P(F(φ_B, φ_E) ≥ F_B), or null with F_B
 * @param etaSquared S_A / S_T, or null when S_T is 0
 * @param partialEtaSquared S_A / (S_A + S_E), or null when both are 0
 * @param omegaSquared (S_A − φ_A V_E) / (S_T + V_E), or null when the denominator is 0
 * @param undefinedReason why F (and what rests on it) is undefined, or null when it is defined
 */
public record AnovaResult(
    int systems,
    int topics,
    double grandMean,
    double ssSystem,
    double ssTopic,
    double ssError,
    double ssTotal,
    int dfSystem,
    int dfTopic,
    int dfError,
    int dfTotal,
    double msSystem,
    double msTopic,
    double msError,
    Double fSystem,
    Double fTopic,
    Double pSystem,
    Double pTopic,
    Double etaSquared,
    Double partialEtaSquared,
    Double omegaSquared,
    String undefinedReason) {

  /**
   * Checks the shape and that F is given exactly when no reason is.
   *
   * @param systems k, at least 2
   * @param topics n, at least 2
   * @param grandMean the mean of all values
   * @param ssSystem S_A, at least 0
   * @param ssTopic S_B, at least 0
   * @param ssError S_E, at least 0
   * @param ssTotal S_T, at least 0
   * @param dfSystem k − 1
   * @param dfTopic n − 1
   * @param dfError (k − 1)(n − 1)
   * @param dfTotal k n − 1
   * @param msSystem V_A
   * @param msTopic V_B
   * @param msError V_E
   * @param fSystem F_A, or null when undefined
   * @param fTopic F_B, or null when undefined
   * @param pSystem the p-value of F_A, in [0, 1], or null when undefined
   * @param pTopic the p-value of F_B, in [0, 1], or null when undefined
   * @param etaSquared η², or null when undefined
   * @param partialEtaSquared partial η², or null when undefined
   * @param omegaSquared ω², or null when undefined
   * @param undefinedReason why F is undefined, or null
   * @throws IllegalArgumentException if the shape is below 2 x 2, a degree of freedom does not
   *     follow from it, or F and the reason are both given or both absent
   */
  public AnovaResult {
    if (systems < 2 || topics < 2) {
      throw new IllegalArgumentException("illegal ANOVA shape: " + systems + " systems x " + topics + " topics, needs at least 2 x 2");
    }
    if (dfSystem != systems - 1 || dfTopic != topics - 1 || dfError != dfSystem * dfTopic || dfTotal != systems * topics - 1) {
      throw new IllegalArgumentException("illegal ANOVA degrees of freedom for " + systems + " x " + topics);
    }
    if ((fSystem == null) != (undefinedReason != null) || (fSystem == null) != (pSystem == null)) {
      throw new IllegalArgumentException("an ANOVA has either F and its p-value or a reason they are undefined");
    }
  }
}
