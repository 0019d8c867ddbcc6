package dev.caliber.cli;

import dev.caliber.api.lock.Lock;
import dev.caliber.api.lock.LockDifference;
import dev.caliber.api.lock.LockInputs;
import dev.caliber.api.source.ProtocolSourceException;
import dev.caliber.io.read.InputFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code --lock FILE} for evaluate, compare and gate: the protocol frozen by {@code caliber protocol
 * freeze} ({@link Lock}). The lock's options are replayed and the options given override them
 * ({@link ProtocolOptions#replay}, {@link PolicyOptions#over}); the result must equal the lock. When
 * the lock pins what made the runs ({@link Lock#search()}), every run's sidecar must have the pinned
 * values ({@link Lock#checkRun}). Every difference, every input file whose bytes changed and every
 * run that is not what the lock pins, is refused in one message before any run is read ({@link
 * Lock#require}, exit 3). The library decides; this class only reads the option and the sidecars,
 * and words it.
 */
final class LockOptions {
  @Option(names = "--lock", paramLabel = "FILE",
      description = "A lock file from 'caliber protocol freeze'. Protocol, policy and measure options not given are taken "
          + "from it; those given must agree with it, and so must every input file's content. When it pins what made the "
          + "runs (freeze --pin-search), every --run must have a sidecar RUN.meta.json with the pinned values. Any "
          + "difference is refused before a run is read, all of them in one message (exit 3).")
  String lock;

  /** The lock read by {@link #load}, or null. */
  private Lock read;

  /** The lock file's own SHA-256, once read. */
  private String fileSha256;

  /** Reads the lock, if one is given, and replays its source under the options given. */
  void load(ProtocolOptions protocol) throws IOException {
    if (lock == null) {
      return;
    }
    read = Lock.read(Path.of(lock), protocol.limits());
    fileSha256 = LockInputs.sha256(Path.of(lock));
    protocol.replay(read.source());
  }

  /** Whether the lock says it guards a test set ({@code protocol freeze --test-split}); false without a lock. */
  boolean guardsTestSet() {
    return read != null && read.testSet();
  }

  /** The lock file, as an input that {@code -o} must not replace; empty without a lock. */
  List<String> files() {
    return lock == null ? List.of() : List.of(lock);
  }

  /**
   * What the options ask for ({@link PolicyOptions#choose}), or the lock's policy and measures
   * when none is given; under a lock the choice is refused unless it is the lock's, and the runs
   * unless they are what it pins ({@link #checkRuns}), all in one message. Under a lock
   * pooled judgments always add their Judged@k (evaluate's rule), so that compare's protocol is
   * the lock's, fingerprint included.
   */
  PolicyOptions.Choice choose(CommandLine cl, ProtocolOptions protocol, PolicyOptions policy, boolean judgedCoverage,
      List<String> runFiles) throws IOException {
    if (read == null) {
      return policy.choose(cl, protocol.source(), judgedCoverage);
    }
    requirePinnable(cl, runFiles);
    PolicyOptions.Choice c = read.policy() == null
        ? policy.choose(cl, protocol.source(), true)
        : policy.over(cl, new PolicyOptions.Choice(read.policy(), read.measures(), List.of()));
    List<LockDifference> differences;
    try {
      differences = new ArrayList<>(read.check(protocol.source(), c.policy(), c.measures()));
    } catch (ProtocolSourceException e) {
      throw OptionWords.of(cl, e);
    } catch (java.nio.file.NoSuchFileException e) {
      // the lock's paths are as typed when it was frozen: relative ones are read from the working directory
      throw new java.nio.file.NoSuchFileException(e.getFile(), null, "a path the lock " + lock + " recorded as typed when it was"
          + " frozen; a relative one is read from the working directory, so run the locked command where it was frozen");
    }
    differences.addAll(checkRuns(runFiles));
    Lock.require(lock, differences);
    return c;
  }

  /** A run on standard input has no sidecar: under a lock that pins what made the runs, a usage error. */
  private void requirePinnable(CommandLine cl, List<String> runFiles) {
    if (!read.search().isEmpty() && runFiles.contains(InputFiles.STDIN)) {
      throw new CommandLine.ParameterException(cl, "--run -: the lock " + lock + " pins what made its runs (" + pinned()
          + "), which a run's sidecar RUN.meta.json says; a run on standard input has none: give the run file");
    }
  }

  /** The keys the lock pins, in words. */
  private String pinned() {
    return String.join(", ", read.search().keySet());
  }

  /**
   * Every way the runs differ from what the lock pins ({@link Lock#checkRun}), in run order: each
   * run's sidecar is read here ({@link HistoryOptions#readSidecar}, the history's rule). A run file
   * that is not there is left to the reading of runs, which says so.
   */
  private List<LockDifference> checkRuns(List<String> runFiles) throws IOException {
    List<LockDifference> out = new ArrayList<>();
    if (read.search().isEmpty()) {
      return out;
    }
    for (String f : runFiles) {
      Path run = Path.of(f);
      if (!Files.exists(run)) {
        continue;
      }
      Path side = HistoryOptions.sidecarOf(run);
      out.addAll(read.checkRun(f, side.toString(), Files.isRegularFile(side) ? HistoryOptions.readSidecar(side) : null));
    }
    return out;
  }

  /**
   * The runs' sidecars, which the lock's pins make inputs that {@code -o} must not replace; none
   * when the lock pins nothing (or there is no lock).
   */
  List<String> sidecars(List<String> runFiles) {
    if (read == null || read.search().isEmpty()) {
      return List.of();
    }
    return runFiles.stream().filter(f -> !InputFiles.STDIN.equals(f)).map(f -> HistoryOptions.sidecarOf(Path.of(f)).toString())
        .toList();
  }

  /** Refuses a protocol read under the lock whose fingerprint is not the lock's. */
  void requireFingerprint(String sha256) {
    if (read != null) {
      Lock.require(lock, Collections.singletonList(read.checkFingerprint(sha256)));
    }
  }

  /** The lock file as given, or null without --lock. */
  String file() {
    return lock;
  }

  /** The SHA-256 of the lock file's content, or null without --lock (or before it is loaded). */
  String fileSha256() {
    return fileSha256;
  }

  /**
   * The result's JSON data with the lock named ({@code "lock": {file, sha256, protocol_sha256}}),
   * or the data itself without a lock.
   */
  Map<String, Object> named(Map<String, Object> data) {
    if (read == null) {
      return data;
    }
    Map<String, Object> out = new LinkedHashMap<>(data);
    Map<String, Object> l = new LinkedHashMap<>();
    l.put("file", lock);
    l.put("sha256", fileSha256);
    l.put("protocol_sha256", read.protocolSha256());
    out.put("lock", l);
    return out;
  }

  /** Every input named plus the lock file. */
  static List<String> with(List<String> inputs, LockOptions l) {
    List<String> all = new ArrayList<>(inputs);
    all.addAll(l.files());
    return all;
  }
}
