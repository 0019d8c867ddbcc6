package dev.caliber.cli;

import dev.caliber.api.Lock;
import dev.caliber.api.ProtocolSourceException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine;

/**
 * {@code caliber protocol freeze}: the library's {@link Lock#freeze} of the protocol that {@code
 * evaluate} would use with the same options ({@link PolicyOptions#choose}), written as a lock file.
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
        "'caliber evaluate --lock FILE' and 'caliber compare --lock FILE' then replay these options and refuse any "
            + "difference. The protocol is read and validated as evaluate reads it; standard input cannot be locked."},
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

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    output.requireSafeTarget(cl, protocolOptions.filesRead());
    PolicyOptions.Choice choice = policyOptions.choose(cl, protocolOptions.source(), true);
    Lock lock;
    try {
      protocolOptions.requireSubtopicsFor(cl, choice.measures());
      lock = Lock.freeze(protocolOptions.source(), choice.policy(), choice.measures()).withTestSet(testSplit);
    } catch (ProtocolSourceException e) {
      throw OptionWords.of(cl, e);
    }
    requireNotAnotherLock(cl, lock);
    output.write(cl.getOut(), lock.toJson());
    EvalInputs.note(cl, choice);
    return ExitCodes.OK;
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
      locked = "protocol_sha256 " + old.protocolSha256().substring(0, 12) + (old.protocolSha256().equals(lock.protocolSha256())
          ? ", the same protocol with other settings or file contents" : ", now " + lock.protocolSha256().substring(0, 12));
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
