package dev.caliber.compare.stats;

/**
 * Cohen's d_z for paired data: the mean delta divided by the sample standard deviation of the
 * deltas (denominator n - 1), or why it is undefined.
 *
 * @param dz the effect size, or null when undefined
 * @param undefinedReason why it is undefined (fewer than two pairs, or a standard deviation of 0),
 *     or null when defined
 */
public record EffectSize(Double dz, String undefinedReason) {
  /**
   * Requires exactly one of a finite d_z and a reason, so that no report prints NaN.
   *
   * @param dz the effect size, finite; or null when undefined
   * @param undefinedReason why it is undefined; or null when {@code dz} is given
   * @throws IllegalArgumentException if both or neither are null, or {@code dz} is not finite
   */
  public EffectSize {
    if ((dz == null) == (undefinedReason == null)) {
      throw new IllegalArgumentException("an effect size has either a value or a reason it is undefined");
    }
    if (dz != null && !Double.isFinite(dz)) {
      throw new IllegalArgumentException("illegal d_z: " + dz + ", must be finite");
    }
  }

  /**
   * A defined effect size.
   *
   * @param dz the effect size, finite
   * @return the effect size, with no reason
   * @throws IllegalArgumentException if {@code dz} is NaN or infinite
   */
  public static EffectSize of(double dz) {
    return new EffectSize(dz, null);
  }

  /**
   * An undefined effect size and why.
   *
   * @param reason why d_z is undefined, printed in reports; not null
   * @return the effect size with a null {@code dz}
   * @throws IllegalArgumentException if {@code reason} is null
   */
  public static EffectSize undefined(String reason) {
    return new EffectSize(null, reason);
  }
}
