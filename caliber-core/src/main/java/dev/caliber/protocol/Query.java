package dev.caliber.protocol;

import java.util.Objects;

/**
 * One information need: its text (null when not provided) and the split it belongs to, fixed
 * before any result is seen.
 *
 * @param text the query text, or null
 * @param split the split name, such as {@code "dev"} or {@code "test"}
 */
public record Query(String text, String split) {
  /**
   * Requires a split: a query outside every split could not be counted in any denominator.
   *
   * @param text the query text, or null when not provided
   * @param split the split name, not null
   * @throws NullPointerException if {@code split} is null
   */
  public Query {
    Objects.requireNonNull(split, "split");
  }
}
