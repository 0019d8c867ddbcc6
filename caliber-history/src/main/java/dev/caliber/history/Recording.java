package dev.caliber.history;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a history records about an evaluation beyond its result: where the run came from and when.
 *
 * @param time when the evaluation was made
 * @param runSha256 SHA-256 (64 lower-case hex digits) of the run file's bytes as stored
 * @param split the split whose queries counted, or null when the query set is not a split
 * @param test whether the evaluation looked at a test split (a split named {@code test}, or one the
 *     caller declared as test)
 * @param meta the run's metadata (retriever, model and index versions, filters), key to value
 * @param caliberVersion the version of caliber that made the evaluation
 * @param lockFile the name of the lock file the protocol was taken from, or null when none was
 * @param lockSha256 the SHA-256 of that lock file's content, or null when none was
 */
public record Recording(Instant time, String runSha256, String split, boolean test, Map<String, String> meta,
    String caliberVersion, String lockFile, String lockSha256) {

  /**
   * Validates and copies the metadata (sorted by key).
   *
   * @param time when the evaluation was made, not null
   * @param runSha256 64 lower-case hex digits
   * @param split the split, or null
   * @param test whether a test split was looked at
   * @param meta key to value, not null, no null key or value
   * @param caliberVersion caliber's version, not null
   * @param lockFile the lock file's name, or null
   * @param lockSha256 the lock file's SHA-256, or null (both null or neither)
   * @throws NullPointerException if a required part is null
   * @throws IllegalArgumentException if {@code runSha256} is not 64 lower-case hex digits
   */
  public Recording {
    Objects.requireNonNull(time, "time");
    Objects.requireNonNull(caliberVersion, "caliberVersion");
    if (runSha256 == null || !runSha256.matches("[0-9a-f]{64}")) {
      throw new IllegalArgumentException("illegal run sha256: " + runSha256 + ", must be 64 lower-case hex digits");
    }
    meta = java.util.Collections.unmodifiableMap(new TreeMap<>(Map.copyOf(meta)));
    if ((lockFile == null) != (lockSha256 == null)) {
      throw new IllegalArgumentException("illegal lock: file " + lockFile + " and sha256 " + lockSha256 + ", give both or neither");
    }
  }

  /**
   * A recording without a lock file.
   *
   * @param time when the evaluation was made, not null
   * @param runSha256 64 lower-case hex digits
   * @param split the split, or null
   * @param test whether a test split was looked at
   * @param meta key to value, not null, no null key or value
   * @param caliberVersion caliber's version, not null
   * @throws NullPointerException if a required part is null
   * @throws IllegalArgumentException if {@code runSha256} is not 64 lower-case hex digits
   */
  public Recording(Instant time, String runSha256, String split, boolean test, Map<String, String> meta, String caliberVersion) {
    this(time, runSha256, split, test, meta, caliberVersion, null, null);
  }

  /**
   * This recording with the lock file the protocol was taken from.
   *
   * @param file the lock file's name, not null
   * @param sha256 the SHA-256 of its content, not null
   * @return a recording that names the lock
   */
  public Recording withLock(String file, String sha256) {
    java.util.Objects.requireNonNull(file, "file");
    java.util.Objects.requireNonNull(sha256, "sha256");
    return new Recording(time, runSha256, split, test, meta, caliberVersion, file, sha256);
  }

  /**
   * Whether a split is a test split by its name.
   *
   * @param split a split name, or null
   * @return true for {@code test}
   */
  public static boolean isTestSplit(String split) {
    return "test".equals(split);
  }
}
