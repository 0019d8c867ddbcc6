package dev.caliber.api.lock;

import dev.caliber.api.source.ProtocolSource;
import dev.caliber.api.source.ProtocolSourceException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.read.BeirReader;
import dev.caliber.io.read.InputFiles;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.policy.Policy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A protocol frozen before anyone looks at results: the protocol's fingerprint, every declared
 * setting (the files as named, split, k, query set, the policy and the measures), caliber's version
 * and the SHA-256 of each input file's bytes. {@link #freeze} makes one, {@link #toJson} writes it
 * in the format {@value #FORMAT} (docs/FORMATS.md, "Lock files"), {@link #read} reads it back, and
 * {@link #check} lists, as data, every way a later evaluation's protocol differs from it. A lock can
 * also pin what made the runs ({@link #withSearch}): {@link #checkRun} lists how a run's sidecar
 * differs from the pins.
 *
 * <p>A lock's settings are the options that made it, so they can be replayed: {@link #source()},
 * {@link #policy()} and {@link #measures()} are what {@link ProtocolSource#general} and {@link
 * dev.caliber.protocol.EvalProtocol} take. A null policy (and measures) is the seed's report, whose
 * fingerprint is the seed's ({@link dev.caliber.api.source.SeedProtocol#sha256()}).
 *
 * @param caliberVersion the version of caliber that froze it
 * @param protocolSha256 the protocol's fingerprint: evaluate's {@code protocol_sha256}
 * @param source the files, split, k and query set, as given (with the default input limits: limits
 *     change no number)
 * @param policy the policy, or null for the seed's report
 * @param measures the measures in report order, or null for the seed's report
 * @param inputs each input file with its SHA-256, in a fixed order (see {@link LockInputs#of})
 * @param testSet whether the lock guards a test set: every evaluation under it is a look at test
 *     data, whatever its query set is called (a split named {@code test} is one without saying)
 * @param search what made the runs, pinned: keys of a {@code caliber search} run's sidecar and their
 *     values, in the order pinned, which every run evaluated under the lock must have ({@link
 *     #checkRun}); empty when the lock pins nothing. Not part of the protocol: the fingerprint does
 *     not depend on it
 */
public record Lock(
    String caliberVersion, String protocolSha256, ProtocolSource source, Policy policy, List<Measure> measures,
    List<Input> inputs, boolean testSet, Map<String, String> search) {

  /** The format's name and version, the value of the lock file's {@code "format"} member. */
  public static final String FORMAT = "caliber-lock 1";

  /**
   * Validates and copies.
   *
   * @param caliberVersion the version of caliber that froze it, not null
   * @param protocolSha256 the protocol's fingerprint, not null
   * @param source the protocol's files and query choice, not null
   * @param policy the policy, or null for the seed's report
   * @param measures the measures, or null for the seed's report; null exactly when the policy is
   * @param inputs each input file with its SHA-256, not null
   * @param testSet whether the lock guards a test set
   * @param search the pinned keys of a run's sidecar and their values, in order; empty for none, not
   *     null
   * @throws NullPointerException if a required part is null, or a pinned key or value is
   * @throws IllegalArgumentException if exactly one of policy and measures is null
   */
  public Lock {
    Objects.requireNonNull(caliberVersion, "caliberVersion");
    Objects.requireNonNull(protocolSha256, "protocolSha256");
    source = Objects.requireNonNull(source, "source").withLimits(dev.caliber.io.InputLimits.DEFAULT);
    if ((policy == null) != (measures == null)) {
      throw new IllegalArgumentException("illegal lock: policy and measures must both be given, or both be null (the seed's report)");
    }
    measures = measures == null ? null : List.copyOf(measures);
    inputs = List.copyOf(inputs);
    Map<String, String> pins = new LinkedHashMap<>();
    Objects.requireNonNull(search, "search").forEach((k, v) -> pins.put(Objects.requireNonNull(k, "search key"),
        Objects.requireNonNull(v, "search value")));
    search = Collections.unmodifiableMap(pins);
  }

  /**
   * A lock that pins nothing of what made the runs.
   *
   * @param caliberVersion the version of caliber that froze it, not null
   * @param protocolSha256 the protocol's fingerprint, not null
   * @param source the protocol's files and query choice, not null
   * @param policy the policy, or null for the seed's report
   * @param measures the measures, or null for the seed's report; null exactly when the policy is
   * @param inputs each input file with its SHA-256, not null
   * @param testSet whether the lock guards a test set
   */
  public Lock(String caliberVersion, String protocolSha256, ProtocolSource source, Policy policy, List<Measure> measures,
      List<Input> inputs, boolean testSet) {
    this(caliberVersion, protocolSha256, source, policy, measures, inputs, testSet, Map.of());
  }

  /**
   * A lock that does not say it guards a test set (a split named {@code test} still does).
   *
   * @param caliberVersion the version of caliber that froze it, not null
   * @param protocolSha256 the protocol's fingerprint, not null
   * @param source the protocol's files and query choice, not null
   * @param policy the policy, or null for the seed's report
   * @param measures the measures, or null for the seed's report; null exactly when the policy is
   * @param inputs each input file with its SHA-256, not null
   */
  public Lock(String caliberVersion, String protocolSha256, ProtocolSource source, Policy policy, List<Measure> measures,
      List<Input> inputs) {
    this(caliberVersion, protocolSha256, source, policy, measures, inputs, false, Map.of());
  }

  /**
   * This lock, saying whether it guards a test set ({@code caliber protocol freeze --test-split}).
   *
   * @param guards true when every evaluation under the lock is a look at test data
   * @return the lock with {@link #testSet()} {@code guards}
   */
  public Lock withTestSet(boolean guards) {
    return new Lock(caliberVersion, protocolSha256, source, policy, measures, inputs, guards, search);
  }

  /**
   * The keys of a {@code caliber search} run's sidecar that a lock pins unless told which: those
   * that say what was searched, not with which system. The engine's name, the index (its name,
   * caliber's index identity {@code index.id}, a remote engine's index UUID {@code index.uuid}),
   * the topics' fingerprint and field, and the depth. Not the engine's version, the configuration
   * or the retriever, which are what a comparison under one lock varies.
   */
  public static final List<String> SEARCH_PINS = List.of("engine", "index", "index.id", "index.uuid", "topics.sha256",
      "topics.field", "depth");

  /**
   * The pins a sidecar gives by default: each of {@link #SEARCH_PINS} it has, in that order, with
   * its value.
   *
   * @param sidecar a run's metadata, as {@code caliber search} writes it beside the run
   * @return the keys of {@link #SEARCH_PINS} present and their values; empty when none is
   */
  public static Map<String, String> searchPins(Map<String, String> sidecar) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String k : SEARCH_PINS) {
      if (sidecar.containsKey(k)) {
        out.put(k, sidecar.get(k));
      }
    }
    return out;
  }

  /**
   * This lock, pinning what made the runs ({@code caliber protocol freeze --pin-search}): every run
   * evaluated under it must have a sidecar with these values ({@link #checkRun}). The fingerprint
   * does not change.
   *
   * @param pins keys of a run's sidecar and their values, in order; empty to pin nothing
   * @return the lock with {@link #search()} {@code pins}
   */
  public Lock withSearch(Map<String, String> pins) {
    return new Lock(caliberVersion, protocolSha256, source, policy, measures, inputs, testSet, pins);
  }

  /**
   * One input file of a protocol and the SHA-256 of its bytes as stored (before decompression).
   *
   * @param role what the file is: {@code protocol}, {@code corpus}, {@code queries}, {@code qrels}
   *     or {@code query_set}
   * @param name the path as given
   * @param sha256 64 lower-case hex digits
   */
  public record Input(String role, String name, String sha256) {}

  /**
   * Freezes a protocol: reads it as an evaluation with these settings would (so that a protocol
   * that cannot be evaluated cannot be locked), fingerprints it and hashes its files.
   *
   * @param source the files and query choice, none of them standard input
   * @param policy the policy, or null for the seed's report
   * @param measures the measures in force, as the evaluation will report them, or null for the
   *     seed's report
   * @return the lock, with this caliber's version
   * @throws ProtocolSourceException as {@link ProtocolSource#general} or {@link ProtocolSource#seed}
   *     do, or ({@link ProtocolSourceException.Problem#STDIN_NOT_LOCKABLE}) when a file is {@code -},
   *     ({@link ProtocolSourceException.Problem#SUBTOPICS_NOT_LOCKABLE}) for subtopic qrels
   * @throws dev.caliber.error.CaliberInputException if a file is malformed or the protocol broken
   * @throws IOException if a file cannot be read
   */
  public static Lock freeze(ProtocolSource source, Policy policy, List<Measure> measures) throws IOException {
    if (source.files().contains(InputFiles.STDIN)) {
      throw new ProtocolSourceException(ProtocolSourceException.Problem.STDIN_NOT_LOCKABLE);
    }
    if (source.subtopicQrels()) {
      throw new ProtocolSourceException(ProtocolSourceException.Problem.SUBTOPICS_NOT_LOCKABLE);
    }
    String sha = policy == null
        ? source.seed(InputStream.nullInputStream()).sha256()
        : source.general(InputStream.nullInputStream()).protocol(policy, measures).sha256();
    return new Lock(version(), sha, withSplitUsed(source), policy, measures, LockInputs.of(source));
  }

  /**
   * A BEIR folder's source with the split it is evaluated on: the one given, or the folder's only
   * split when none is given (recorded, so that a split added to the folder later, which would
   * leave the choice to the user, does not change what the lock means, and a split given later is
   * checked against it).
   */
  private static ProtocolSource withSplitUsed(ProtocolSource source) throws IOException {
    if (source.beir() == null || source.split() != null) {
      return source;
    }
    java.util.Set<String> splits = BeirReader.splits(Path.of(source.beir()));
    return splits.size() == 1 ? source.withSplit(splits.iterator().next()) : source;
  }

  /**
   * Every way the settings given differ from this lock's, and then every input file named alike
   * whose bytes changed; reads the files, nothing else. Settings are compared in a fixed order:
   * the files as named, split, k, query set, the report, each rule of the policy, the measures.
   *
   * @param given the files and query choice given
   * @param givenPolicy the policy given, or null for the seed's report
   * @param givenMeasures the measures in force, or null for the seed's report
   * @return the differences, empty when the protocol is the lock's
   * @throws IOException if a file cannot be read
   */
  public List<LockDifference> check(ProtocolSource given, Policy givenPolicy, List<Measure> givenMeasures) throws IOException {
    return LockCheck.check(this, given, givenPolicy, givenMeasures);
  }


  /**
   * Whether a protocol read under this lock has the lock's fingerprint.
   *
   * @param sha256 the fingerprint of the protocol read now
   * @return the difference, or null when they agree
   */
  public LockDifference checkFingerprint(String sha256) {
    return protocolSha256.equals(sha256) ? null : new LockDifference(LockDifference.Kind.FINGERPRINT, "protocol_sha256", protocolSha256, sha256);
  }

  /**
   * Every way a run differs from what this lock pins ({@link #search()}): nothing when it pins
   * nothing; when the run has no sidecar, that; else each pinned key, in the lock's order, whose
   * value in the sidecar is another or absent. Values are compared as exact strings.
   *
   * @param run the run file as given, for the message
   * @param sidecar the sidecar file looked for beside it, for the message
   * @param metadata the sidecar's keys and values, or null when the run has none
   * @return the differences, empty when the run is what the lock pins
   */
  public List<LockDifference> checkRun(String run, String sidecar, Map<String, String> metadata) {
    return LockCheck.checkRun(search, run, sidecar, metadata);
  }


  /**
   * Refuses differences: every one in one message, in the order given.
   *
   * @param lockFile the lock file's name, for the message's location
   * @param differences from {@link #check}, {@link #checkFingerprint} and {@link #checkRun}; nulls
   *     are skipped
   * @throws ProtocolViolationException naming the lock file and listing every difference, unless
   *     there is none: {@code the protocol differs from the lock (...)}, {@code the runs differ from
   *     what the lock pins (...)} or, both, {@code the protocol and the runs differ from the lock (...)}
   */
  public static void require(String lockFile, List<LockDifference> differences) {
    LockCheck.require(lockFile, differences);
  }


  /**
   * This lock as a lock file: indent-2 JSON with a final newline (docs/FORMATS.md, "Lock files").
   *
   * @return the file's text
   */
  public String toJson() {
    return PyJson.pretty(LockJson.toData(this)) + "\n";
  }

  /**
   * Reads a lock file strictly: every member present, no other, each of its type.
   *
   * @param file the lock file
   * @return the lock it holds
   * @throws dev.caliber.error.InputSyntaxException if it is not a lock file of format {@value
   *     #FORMAT}, at the JSON path of the first bad member
   * @throws IOException if it cannot be read
   */
  public static Lock read(Path file) throws IOException {
    return read(file, dev.caliber.io.InputLimits.DEFAULT);
  }

  /**
   * {@link #read(Path)} within {@code limits} (the command line's {@code --max-input-bytes} and
   * {@code --max-query-bytes}, which bounds its whitespace in a row) instead of the defaults.
   *
   * @param file the lock file
   * @param limits what reading it may cost, not null
   * @return the lock it holds
   * @throws dev.caliber.error.InputSyntaxException if it is not a lock file of format {@value
   *     #FORMAT}, at the JSON path of the first bad member, or breaks a limit
   * @throws IOException if it cannot be read
   */
  public static Lock read(Path file, dev.caliber.io.InputLimits limits) throws IOException {
    return LockJson.read(file, limits);
  }

  /**
   * The measures' cutoffs, as the lock file lists them.
   *
   * @return each distinct positive cutoff of {@link #measures()} in order of first appearance; empty for the
   *     seed's report
   */
  public List<Integer> cutoffs() {
    List<Integer> out = new ArrayList<>();
    if (measures != null) {
      for (int k : Measures.coverageCutoffs(measures)) {
        out.add(k);
      }
    }
    return out;
  }

  /**
   * caliber's version, as the build wrote it.
   *
   * @return the version, such as {@code 0.1.0-SNAPSHOT}, or {@code (development build)}
   */
  public static String version() {
    try (InputStream in = Lock.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        java.util.Properties p = new java.util.Properties();
        p.load(in);
        String v = p.getProperty("version");
        if (v != null && !v.startsWith("${")) {
          return v;
        }
      }
    } catch (IOException e) {
      // no version is no reason to fail
    }
    return "(development build)";
  }
}
