package dev.caliber.protocol;

import dev.caliber.error.Location;

/**
 * Maps a value's path inside an input (for example query {@code "q2"}, position {@code 1}) to where
 * it was read from, so that a protocol violation found long after parsing can still name the file,
 * line and JSON path. Inputs built in code use {@link #NONE}.
 */
@FunctionalInterface
public interface Origin {
  /** Knows nothing. */
  Origin NONE = path -> Location.NONE;

  /**
   * Returns where the value at {@code path} came from.
   *
   * @param path keys (strings) and list indexes (integers) from the input's root
   * @return the location; {@link Location#NONE} when it is not known
   */
  Location locate(Object... path);
}
