/**
 * Exact arithmetic: {@code Fraction} (exact rationals, printed as Python's str(Fraction) prints
 * them; {@code plus} and {@code times} stay in longs while the parts fit, {@code Math.*Exact}, and
 * move to BigIntegers on overflow) and {@code FractionSum} (exact means: a common denominator,
 * reduced once; in longs until a step overflows, then BigIntegers). The engine's {@code
 * MeasureMean} sums every rational measure's mean with {@code FractionSum}.
 */
package dev.caliber.math;
