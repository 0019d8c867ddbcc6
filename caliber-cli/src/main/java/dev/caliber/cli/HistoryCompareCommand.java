package dev.caliber.cli;

import dev.caliber.history.History;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code caliber history compare ID ID...}: recorded entries compared per query, as {@code caliber
 * compare} compares fresh runs (the same statistics, checks and formats: {@link ComparisonOptions}).
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = Caliber.Version.class,
    description = "Compare recorded entries per query with the statistics and formats of caliber compare; each run is "
        + "named #ID NAME. Entries recorded under different protocols are refused.")
final class HistoryCompareCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin HistoryCommand.File file;

  @Parameters(index = "0..*", arity = "2..*", paramLabel = "ID", description = "The entries, the baseline first (unless --baseline).")
  List<Long> ids = new ArrayList<>();

  @CommandLine.ParentCommand HistoryCommand parent;

  @Mixin ComparisonOptions comparisonOptions;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    List<String> read = new ArrayList<>(List.of(file.history.toString()));
    read.addAll(comparisonOptions.filesRead());
    output.requireSafeTarget(cl, read);
    Inputs.requireAtMostOneStdin(cl, comparisonOptions.filesRead(), List.of());
    dev.caliber.compare.CompareSettings settings = comparisonOptions.settings(cl);
    settings = comparisonOptions.withGroups(settings, parent.root.stdin(), dev.caliber.io.InputLimits.DEFAULT);
    List<RunResult> results = new ArrayList<>();
    try (History h = file.open()) {
      for (long id : ids) {
        if (ids.indexOf(id) != results.size()) {
          throw new CommandLine.ParameterException(cl, "entry " + id + " is given twice");
        }
        results.add(named(HistoryCommand.File.result(cl, h, id), "#" + id + " "));
      }
    }
    output.write(cl.getOut(), comparisonOptions.compare(cl, results, settings, parent.root.stdin(),
        dev.caliber.io.InputLimits.DEFAULT));
    return ExitCodes.OK;
  }

  /** The result under a name that tells entries of one run apart. */
  private static RunResult named(RunResult r, String prefix) {
    return new RunResult(prefix + r.runName(), r.protocol(), r.protocolSha256(), r.rows(), r.summaries(), r.missingQueries(),
        r.ignoredQueries(), r.noRelevantQueries(), r.tag(), r.orderDisagreement(), r.coverage());
  }
}
