package dev.caliber.api.lock;

import dev.caliber.api.source.ProtocolSource;
import dev.caliber.api.source.ProtocolSourceException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.read.InputFiles;
import dev.caliber.measure.Measure;
import dev.caliber.policy.Policy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A lock's verification: how a protocol given later, and the runs evaluated under the lock, differ
 * from what it recorded, and the refusal that lists them. {@link Lock#check}, {@link Lock#checkRun}
 * and {@link Lock#require} are its doors.
 */
final class LockCheck {
  private LockCheck() {}

  /** See {@link Lock#check}. */
  static List<LockDifference> check(Lock lock, ProtocolSource given, Policy givenPolicy, List<Measure> givenMeasures) throws IOException {
    List<LockDifference> out = new ArrayList<>();
    Map<String, String> locked = LockJson.settings(lock.source(), lock.policy(), lock.measures());
    Map<String, String> now = LockJson.settings(given, givenPolicy, givenMeasures);
    for (Map.Entry<String, String> e : locked.entrySet()) {
      String n = now.get(e.getKey());
      if (n != null && !n.equals(e.getValue())) {
        out.add(new LockDifference(LockDifference.Kind.SETTING, e.getKey(), e.getValue(), n));
      }
    }
    if (given.files().contains(InputFiles.STDIN)) {
      throw new ProtocolSourceException(ProtocolSourceException.Problem.STDIN_NOT_LOCKABLE);
    }
    if (given.subtopicQrels()) {
      throw new ProtocolSourceException(ProtocolSourceException.Problem.SUBTOPICS_NOT_LOCKABLE);
    }
    // Each file by role and name ("qrels q.txt"), its hash; in the lock's order and the folder's.
    Map<String, String> lockedFiles = new LinkedHashMap<>();
    lock.inputs().forEach(f -> lockedFiles.put(f.role() + " " + f.name(), f.sha256()));
    Map<String, String> currentFiles = new LinkedHashMap<>();
    LockInputs.of(given).forEach(f -> currentFiles.put(f.role() + " " + f.name(), f.sha256()));
    lockedFiles.forEach((file, was) -> {
      String is = currentFiles.get(file);
      if (is != null && !is.equals(was)) {
        out.add(new LockDifference(LockDifference.Kind.CONTENT, file, was, is));
      }
    });
    // The same files named, but a BEIR folder's qrels/*.tsv added or removed since: each split's
    // qrels decide the queries' splits, so the set of files is part of what was locked. When a
    // setting names other files, that setting is the difference, not each of its files.
    if (out.stream().noneMatch(d -> d.kind() == LockDifference.Kind.SETTING && LockJson.FILE_KEYS.contains(d.name()))) {
      currentFiles.forEach((file, is) -> {
        if (!lockedFiles.containsKey(file)) {
          out.add(new LockDifference(LockDifference.Kind.CONTENT, file, LockDifference.NONE, is));
        }
      });
      lockedFiles.forEach((file, was) -> {
        if (!currentFiles.containsKey(file)) {
          out.add(new LockDifference(LockDifference.Kind.CONTENT, file, was, LockDifference.NONE));
        }
      });
    }
    return out;
  }

  /** See {@link Lock#checkRun}; {@code search} is the lock's pins. */
  static List<LockDifference> checkRun(Map<String, String> search, String run, String sidecar, Map<String, String> metadata) {
    if (search.isEmpty()) {
      return List.of();
    }
    if (metadata == null) {
      return List.of(new LockDifference(LockDifference.Kind.NO_SIDECAR, "run " + run, String.join(", ", search.keySet()), sidecar));
    }
    List<LockDifference> out = new ArrayList<>();
    search.forEach((key, pinned) -> {
      String value = metadata.get(key);
      if (!pinned.equals(value)) {
        out.add(new LockDifference(LockDifference.Kind.PIN, "run " + run + ": " + key, pinned, value));
      }
    });
    return out;
  }

  /** See {@link Lock#require}. */
  static void require(String lockFile, List<LockDifference> differences) {
    List<String> words = new ArrayList<>();
    boolean protocol = false;
    boolean runs = false;
    for (LockDifference d : differences) {
      if (d != null) {
        words.add(d.message());
        runs |= d.kind().ofRuns();
        protocol |= !d.kind().ofRuns();
      }
    }
    if (!words.isEmpty()) {
      String reason = !runs ? "the protocol differs from the lock"
          : !protocol ? "the runs differ from what the lock pins" : "the protocol and the runs differ from the lock";
      throw new ProtocolViolationException(Location.ofFile(lockFile), reason, String.join("; ", words));
    }
  }
}
