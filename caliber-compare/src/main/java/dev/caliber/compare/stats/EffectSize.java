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
  /** Requires exactly one of a finite d_z and a reason. */
  public EffectSize {
    if ((dz == null) == (undefinedReason == null)) {
      throw new IllegalArgumentException("an effect size has either a value or a reason it is undefined");
    }
    if (dz != null && !Double.isFinite(dz)) {
      throw new IllegalArgumentException("illegal d_z: " + dz + ", must be finite");
    }
  }

  /** A defined effect size. */
  public static EffectSize of(double dz) {
    return new EffectSize(dz, null);
  }

  /** An undefined effect size and why. */
  public static EffectSize undefined(String reason) {
    return new EffectSize(null, reason);
  }
}
