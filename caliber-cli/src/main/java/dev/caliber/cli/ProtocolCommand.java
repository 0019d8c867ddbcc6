package dev.caliber.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code caliber protocol}: keep the protocol fixed; its work is in its subcommands. */
@Command(
    name = "protocol",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    sortOptions = false,
    subcommands = {FreezeCommand.class, CheckCommand.class},
    description = {"Keep the protocol fixed: 'protocol freeze' writes a lock file that 'evaluate --lock' and "
        + "'compare --lock' hold every later evaluation to; 'protocol check' reports split hygiene (paraphrases or "
        + "one text across splits, queries without a relevant document, judgments outside the corpus)."})
final class ProtocolCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: freeze or check");
  }
}
