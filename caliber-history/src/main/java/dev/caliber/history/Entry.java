package dev.caliber.history;

import dev.caliber.result.MeasureSummary;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One recorded evaluation, without its per-query rows ({@link History#result(long)} has them).
 *
 * @param id the entry's ID, increasing in the order of recording
 * @param time when the evaluation was made
 * @param protocolSha256 the protocol fingerprint
 * @param querySetSource how the query set was fixed, e.g. {@code split test of queries.json}
 * @param split the split, or null
 * @param test whether it looked at a test split
 * @param runName the run's name
 * @param runSha256 SHA-256 of the run file's content
 * @param meta the run's metadata, sorted by key
 * @param caliberVersion the caliber that made it
 * @param repeatOf the earliest entry with the same fingerprint and run content, or 0
 * @param queries the number of queries in the query set
 * @param means every measure's mean, in the protocol's order
 * @param lockFile the lock file the protocol was taken from, or null
 * @param lockSha256 the SHA-256 of its content, or null
 */
public record Entry(long id, Instant time, String protocolSha256, String querySetSource, String split, boolean test,
    String runName, String runSha256, Map<String, String> meta, String caliberVersion, long repeatOf, int queries,
    List<MeasureSummary> means, String lockFile, String lockSha256) {

  /**
   * Copies the metadata and means.
   *
   * @param id the entry's ID
   * @param time when the evaluation was made
   * @param protocolSha256 the protocol fingerprint
   * @param querySetSource how the query set was fixed
   * @param split the split, or null
   * @param test whether it looked at a test split
   * @param runName the run's name
   * @param runSha256 SHA-256 of the run's content
   * @param meta the run's metadata
   * @param caliberVersion the caliber that made it
   * @param repeatOf the earliest entry with the same fingerprint and content, or 0
   * @param queries the number of queries in the query set
   * @param means every measure's mean
   * @param lockFile the lock file, or null
   * @param lockSha256 its SHA-256, or null
   */
  public Entry {
    meta = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(meta));
    means = List.copyOf(means);
  }
}
