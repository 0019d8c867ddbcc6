package dev.caliber.cli;

import dev.caliber.api.lock.Lock;
import dev.caliber.api.source.ProtocolSourceException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine;

/**
 * {@code caliber protocol freeze}: the library's {@link Lock#freeze} of the protocol that {@code
 * evaluate} would use with the same options ({@link PolicyOptions#choose}), written as a lock file;
 * with {@code --pin-search}, also pinning what made the runs ({@link Lock#withSearch}): keys of a
 * {@code caliber search} run's sidecar, read as the history reads it ({@link HistoryOptions#readSidecar}).
 */
@Command(
    name = "freeze",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    sortOptions = false,
    description = {
        "Freeze a protocol before looking at results: write a lock file (docs/FORMATS.md, \"Lock files\") with the "
            + "protocol_sha256 that 'caliber evaluate' reports with the same options, every setting (files, split or query "
            + "set, k, policy, measures and their cutoffs), caliber's version and the SHA-256 of every input file.",
        "'caliber evaluate --lock FILE', 'caliber compare --lock FILE' and 'caliber gate --lock FILE' then replay these "
            + "options and refuse any difference. The protocol is read and validated as evaluate reads it; standard input "
            + "cannot be locked.",
        "With --pin-search the lock also pins what made the runs, from a run written by 'caliber search': every run "
            + "evaluated under the lock must have a sidecar RUN.meta.json with the same values for the pinned keys. The "
            + "pins are not part of the protocol: protocol_sha256 is the same."},
    footer = {"", HelpSections.SEED})
final class FreezeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin ProtocolOptions protocolOptions;

  @Mixin PolicyOptions policyOptions;

  @Mixin Output output;

  @CommandLine.Option(names = "--replace", description = "Replace a lock file at -o that fixes another protocol; without it "
      + "that is refused, since the looks counted under the old one would no longer hold it to anything.")
  boolean replace;

  @CommandLine.Option(names = "--test-split", description = "The lock guards a test set: every evaluation under it counts as a "
      + "look at the test split in its history, whatever the query set is called (a split named test counts without it).")
  boolean testSplit;

  @CommandLine.Option(names = "--pin-search", paramLabel = "FILE", description = "Pin what made the runs: every run "
      + "evaluated under the lock must have a sidecar RUN.meta.json with this one's value for each pinned key. FILE is a "
      + "run written by 'caliber search' (its sidecar FILE.meta.json beside it is read) or that sidecar. Pinned unless "
      + "--pin says otherwise: the keys that say what was searched, those of engine, index, index.id, index.uuid, "
      + "topics.sha256, topics.field and depth it has.")
  String pinSearch;

  @CommandLine.Option(names = "--pin", paramLabel = "KEY", split = ",", description = "With --pin-search: pin exactly these "
      + "keys of its sidecar instead, in this order, each of which it must have (--pin index.id,topics.sha256,depth,"
      + "config.sha256 pins the configuration too). Repeatable, or comma-separated.")
  List<String> pinKeys = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    List<String> read = new ArrayList<>(protocolOptions.filesRead());
    if (pinSearch != null) {
      read.add(pinSearch);
      read.add(pinSidecar().toString());
    }
    output.requireSafeTarget(cl, read);
    Map<String, String> pins = pins(cl);
    PolicyOptions.Choice choice = policyOptions.choose(cl, protocolOptions.source(), true);
    Lock lock;
    try {
      protocolOptions.requireSubtopicsFor(cl, choice.measures());
      lock = Lock.freeze(protocolOptions.source(), choice.policy(), choice.measures()).withTestSet(testSplit).withSearch(pins);
    } catch (ProtocolSourceException e) {
      throw OptionWords.of(cl, e);
    }
    requireNotAnotherLock(cl, lock);
    output.write(cl.getOut(), lock.toJson());
    RunScoring.note(cl, choice);
    return ExitCodes.OK;
  }

  /** The sidecar --pin-search names: the file itself when it is a RUN.meta.json, else the one beside the run. */
  private Path pinSidecar() {
    return pinsSidecarItself() ? Path.of(pinSearch) : HistoryOptions.sidecarOf(Path.of(pinSearch));
  }

  /** Whether --pin-search names a sidecar (NAME.meta.json) rather than its run. */
  private boolean pinsSidecarItself() {
    Path name = Path.of(pinSearch).getFileName();
    return name != null && name.toString().endsWith(".meta.json");
  }

  /**
   * What {@code --pin-search} and {@code --pin} pin: the sidecar's value for each key {@code --pin}
   * names, or for each of {@link Lock#SEARCH_PINS} it has; empty without {@code --pin-search}. A key
   * named that the sidecar lacks, and a sidecar with none of the default keys, are usage errors
   * naming the file and the keys it has.
   */
  private Map<String, String> pins(CommandLine cl) throws IOException {
    if (pinSearch == null) {
      if (!pinKeys.isEmpty()) {
        throw new CommandLine.ParameterException(cl, "--pin " + String.join(",", pinKeys) + " needs --pin-search FILE, a run "
            + "written by caliber search (or its sidecar RUN.meta.json) whose keys it pins");
      }
      return Map.of();
    }
    Path side = pinSidecar();
    if (!pinsSidecarItself() && !Files.isRegularFile(side)) {
      throw new CommandLine.ParameterException(cl, "--pin-search " + pinSearch + ": no sidecar " + side + " beside it; "
          + "expected a run written by caliber search, or its sidecar RUN.meta.json");
    }
    Map<String, String> sidecar = HistoryOptions.readSidecar(side);
    String has = sidecar.isEmpty() ? "it has no key" : "its keys are " + String.join(", ", sidecar.keySet());
    if (pinKeys.isEmpty()) {
      Map<String, String> pins = Lock.searchPins(sidecar);
      if (pins.isEmpty()) {
        throw new CommandLine.ParameterException(cl, "--pin-search " + pinSearch + ": the sidecar " + side + " has none of "
            + "the keys pinned by default (" + String.join(", ", Lock.SEARCH_PINS) + "); " + has + ": name them with --pin KEY");
      }
      return pins;
    }
    Map<String, String> pins = new LinkedHashMap<>();
    List<String> missing = new ArrayList<>();
    for (String key : pinKeys) {
      if (sidecar.containsKey(key)) {
        pins.put(key, sidecar.get(key));
      } else if (!missing.contains(key)) {
        missing.add(key);
      }
    }
    if (!missing.isEmpty()) {
      throw new CommandLine.ParameterException(cl, "--pin " + String.join(",", missing) + ": the sidecar " + side + " has no "
          + (missing.size() == 1 ? "such key" : "such keys") + "; " + has);
    }
    return pins;
  }

  /**
   * Refuses, unless {@code --replace}, to write over a lock file that holds another lock: the
   * protocol it fixed, and the looks counted under it, would silently give way to a new one. The
   * same lock frozen again (same protocol, settings and file contents) is written as before.
   */
  private void requireNotAnotherLock(CommandLine cl, Lock lock) {
    if (replace || output.file == null || "-".equals(output.file)) {
      return;
    }
    java.nio.file.Path target = java.nio.file.Path.of(output.file);
    if (!java.nio.file.Files.isRegularFile(target)) {
      return;
    }
    String locked;
    try {
      Lock old = Lock.read(target);
      if (old.toJson().equals(lock.toJson())) {
        return;
      }
      locked = "protocol_sha256 " + old.protocolSha256().substring(0, 12) + (!old.protocolSha256().equals(lock.protocolSha256())
          ? ", now " + lock.protocolSha256().substring(0, 12)
          : old.withSearch(lock.search()).toJson().equals(lock.toJson()) ? ", the same protocol pinning other runs"
          : ", the same protocol with other settings or file contents");
    } catch (java.io.IOException | RuntimeException notALock) {
      if (!mentionsLockFormat(target)) {
        return; // not a lock: an output file like any other
      }
      locked = "a lock this caliber cannot read";
    }
    throw new CommandLine.ParameterException(cl, "-o " + output.file + " is already a lock (" + locked + "); replacing it "
        + "would unfix the protocol the looks under it were counted for: give another path, or --replace");
  }

  /** Whether a file's first bytes name the lock format, even in a lock this caliber cannot read. */
  private static boolean mentionsLockFormat(java.nio.file.Path file) {
    try (java.io.InputStream in = java.nio.file.Files.newInputStream(file)) {
      return new String(in.readNBytes(4096), java.nio.charset.StandardCharsets.UTF_8).contains("\"caliber-lock ");
    } catch (java.io.IOException e) {
      return false;
    }
  }
}
