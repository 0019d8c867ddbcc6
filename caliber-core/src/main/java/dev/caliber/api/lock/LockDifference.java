package dev.caliber.api.lock;

import dev.caliber.json.PyJson;

/**
 * One way a protocol, or a run, differs from a lock ({@link Lock#check}, {@link Lock#checkFingerprint},
 * {@link Lock#checkRun}).
 *
 * @param kind a setting given differently, or a file whose content changed, or the fingerprint
 * @param name the setting ({@code k}, {@code measures}, {@code judgments}) or the file (role and
 *     name, such as {@code qrels robust03_qrels.txt}), or {@code protocol_sha256}; for a run, as
 *     its {@link Kind} says
 * @param locked the lock's value (a file's or the protocol's SHA-256), {@code none} when absent
 * @param now the value given or found now, {@code none} when absent (a pinned key a run's sidecar
 *     lacks: null)
 */
public record LockDifference(Kind kind, String name, String locked, String now) {
  /** A value for a file that is not there. */
  static final String NONE = "none";

  /** What differs. */
  public enum Kind {
    /** A setting (a file's name, the split, k, a rule of the policy, the measures) is given otherwise. */
    SETTING,
    /** A file named alike has other bytes. */
    CONTENT,
    /** The protocol read has another fingerprint (another caliber that fingerprints otherwise). */
    FINGERPRINT,
    /**
     * A run's sidecar has another value for a key the lock pins, or lacks the key: {@code name} is
     * {@code run FILE: KEY}, {@code locked} the pinned value, {@code now} the run's, or null when its
     * sidecar lacks the key.
     */
    PIN,
    /**
     * A run has no sidecar, so nothing says what made it: {@code name} is {@code run FILE}, {@code
     * locked} the keys the lock pins ({@code engine, index, depth}), {@code now} the sidecar looked for.
     */
    NO_SIDECAR;

    /** Whether a difference of this kind is in the runs, not in the protocol. */
    boolean ofRuns() {
      return this == PIN || this == NO_SIDECAR;
    }
  }

  /**
   * The difference in words.
   *
   * @return {@code k: locked 10, given 20}, {@code qrels q.txt: content changed, locked sha256
   *     ab12..., now 9f3c...}, {@code protocol_sha256: locked ..., now ...}, {@code run b.txt:
   *     depth is "100" where the lock pins "1000"} or {@code run b.txt has no sidecar
   *     b.txt.meta.json; ...}
   */
  public String message() {
    return switch (kind) {
      case PIN -> now == null ? name + " is not in its sidecar, where the lock pins " + PyJson.canonical(locked)
          : name + " is " + PyJson.canonical(now) + " where the lock pins " + PyJson.canonical(locked);
      case NO_SIDECAR -> name + " has no sidecar " + now + "; the lock pins what made its runs (" + locked
          + "): expected a run written by caliber search";
      case SETTING -> name + ": locked " + locked + ", given " + now;
      case CONTENT -> NONE.equals(locked) ? name + ": not in the lock, now sha256 " + now
          : NONE.equals(now) ? name + ": locked sha256 " + locked + ", now absent"
          : name + ": content changed, locked sha256 " + locked + ", now " + now;
      case FINGERPRINT -> name + ": locked " + locked + ", now " + now;
    };
  }
}
