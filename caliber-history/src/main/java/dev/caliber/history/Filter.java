package dev.caliber.history;

import java.time.Instant;

/**
 * Which entries {@link History#list(Filter)} lists; a null part matches everything.
 *
 * @param protocolSha256 the protocol fingerprint, or a prefix of it
 * @param runName the run's name, exactly
 * @param split the split, exactly
 * @param from the earliest time, inclusive
 * @param to the latest time, exclusive
 */
public record Filter(String protocolSha256, String runName, String split, Instant from, Instant to) {
  /** Every entry. */
  public static final Filter ALL = new Filter(null, null, null, null, null);
}
