package dev.caliber.history;

/**
 * What recording one evaluation gave.
 *
 * @param id the new entry's ID
 * @param testLooks evaluations on a test split under the same protocol fingerprint, this one
 *     included (0 when this one is not on a test split and none was)
 * @param repeatOf the earliest entry with the same protocol fingerprint and run content, or 0 when
 *     this content is new under this protocol
 */
public record Recorded(long id, int testLooks, long repeatOf) {
  /**
   * Whether the same run content had been evaluated under the same protocol before.
   *
   * @return true when {@link #repeatOf()} names an earlier entry
   */
  public boolean repeat() {
    return repeatOf != 0;
  }
}
