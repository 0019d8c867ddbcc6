package dev.caliber.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code caliber qrels}: work on judgment sets themselves (compare). */
@Command(
    name = "qrels",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    versionProvider = Caliber.Version.class,
    description = {"Work on judgment sets themselves: compare two sets for the same topics (docs/AGREEMENT.md)."},
    subcommands = {QrelsCompareCommand.class})
final class QrelsCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Override
  public Integer call() {
    throw new CommandLine.ParameterException(spec.commandLine(), "qrels needs a command: compare");
  }
}
