package dev.caliber.compare.agreement;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Value;
import java.util.Objects;

/**
 * A chance-corrected coefficient (kappa, alpha, tau) or the reason it has no value. A coefficient
 * that divides by zero (kappa when chance agreement is 1, tau-b when every system ties) is never
 * NaN: it is undefined, and says why.
 *
 * @param value the value, exact where it is rational; null when undefined
 * @param undefined why there is no value, or null when there is one
 */
public record Coefficient(Value value, String undefined) {
  /**
   * Requires exactly one of a value and a reason.
   *
   * @param value the value, or null
   * @param undefined the reason there is none, or null
   * @throws IllegalArgumentException if both or neither are given
   */
  public Coefficient {
    if ((value == null) == (undefined == null)) {
      throw new IllegalArgumentException("illegal coefficient: give a value or a reason, exactly one");
    }
  }

  /**
   * An exact value.
   *
   * @param f the value, not null
   * @return the coefficient
   */
  public static Coefficient of(Fraction f) {
    return new Coefficient(Value.of(Objects.requireNonNull(f, "f")), null);
  }

  /**
   * A value that is not rational.
   *
   * @param d the value, finite
   * @return the coefficient
   */
  public static Coefficient ofDouble(double d) {
    return new Coefficient(Value.ofDouble(d), null);
  }

  /**
   * No value.
   *
   * @param reason why, not null
   * @return the coefficient
   */
  public static Coefficient undefined(String reason) {
    return new Coefficient(null, Objects.requireNonNull(reason, "reason"));
  }

  /**
   * Whether there is a value.
   *
   * @return true when {@link #value()} is not null
   */
  public boolean defined() {
    return value != null;
  }
}
