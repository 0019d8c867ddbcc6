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
  /** Requires a split. */
  public Query {
    Objects.requireNonNull(split, "split");
  }
}
