package dev.caliber.cli;

import dev.caliber.io.write.AtomicFile;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine;

/** {@code caliber compare}: is run B better than run A, per query, with declared statistics. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    versionProvider = Caliber.Version.class,
    description = {
        "Compare two or more runs under one protocol, per query, with declared statistics.",
        "Per measure and pair: per-query deltas, wins/ties/losses, the queries that got worse, the mean delta with a seeded "
            + "bootstrap interval, a paired randomization test (Holm-corrected over every comparison), a paired t-test and "
            + "Cohen's d_z. Every setting that affects a number is printed with the result (docs/COMPARE.md)."},
    footer = {"", HelpSections.SEED})
final class CompareCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Mixin ProtocolOptions protocolOptions;

  @Mixin RunOptions runOptions;

  @Mixin PolicyOptions policyOptions;

  @Mixin LockOptions lockOptions;

  @Mixin HistoryOptions historyOptions;

  @Mixin ComparisonOptions comparisonOptions;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    lockOptions.load(protocolOptions);
    historyOptions.choose(cl, lockOptions);
    RunScoring.requireSafeOutputs(cl, List.of(output), protocolOptions, lockOptions, runOptions, historyOptions,
        comparisonOptions.filesRead());
    Inputs.requireAtMostOneStdin(cl, Inputs.all(protocolOptions.inputs(), runOptions.files()), comparisonOptions.filesRead());
    dev.caliber.compare.CompareSettings settings = comparisonOptions.settings(cl);
    if (runOptions.runs.size() < 2) {
      throw new CommandLine.ParameterException(cl, "compare needs at least two --run options, got " + runOptions.runs.size());
    }
    try (dev.caliber.history.History history = historyOptions.open(cl, runOptions.files())) {
      PolicyOptions.Choice choice = lockOptions.choose(cl, protocolOptions, policyOptions, false, runOptions.files());
      List<RunResult> results = RunScoring.score(cl, root, protocolOptions, runOptions, choice, lockOptions);
      settings = comparisonOptions.withGroups(settings, root.stdin(), protocolOptions.limits());
      dev.caliber.compare.Comparison comparison = comparisonOptions.comparison(cl, results, settings);
      dev.caliber.compare.FacetComparison byFacet = comparisonOptions.facetComparison(comparison, root.stdin(), protocolOptions.limits());
      List<dev.caliber.history.Recorded> recorded = history == null ? null
          : historyOptions.record(cl, history, protocolOptions, lockOptions, results, runOptions.files());
      AtomicFile.Text text = comparisonOptions.render(comparison, byFacet, data -> {
        Map<String, Object> out = lockOptions.named(data);
        if (recorded != null) {
          out = new java.util.LinkedHashMap<>(out);
          out.put("history", historyOptions.data(results, recorded));
        }
        return out;
      }, historyOptions.looks(recorded));
      output.write(cl.getOut(), text, HistoryOptions.committing(history));
      RunScoring.warn(cl, choice, results, runOptions.files());
      historyOptions.noteCommitted(cl, history, recorded, comparisonOptions.isTable());
    }
    return ExitCodes.OK;
  }
}
