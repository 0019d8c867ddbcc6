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

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    output.requireSafeTarget(cl, protocolOptions.inputs());
    PolicyOptions.Choice choice = policyOptions.choose(cl, protocolOptions.source(), true);
    Lock lock;
    try {
      protocolOptions.requireSubtopicsFor(cl, choice.measures());
      lock = Lock.freeze(protocolOptions.source(), choice.policy(), choice.measures());
    } catch (ProtocolSourceException e) {
      throw OptionWords.of(cl, e);
    }
    output.write(cl.getOut(), lock.toJson());
    EvalInputs.note(cl, choice);
    return ExitCodes.OK;
  }
}
