package dev.caliber.cli;

import dev.caliber.eval.FacetMeans;
import dev.caliber.eval.Shard;
import dev.caliber.eval.Shards;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code caliber merge}: a run's shards merged into what {@code caliber evaluate} prints for the run. */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    sortOptions = false,
    description = {
        "Merge the shards of one run (caliber evaluate --shard) into its evaluation: the same output, byte for byte, as "
            + "caliber evaluate prints for the run under the same protocol options, in every format.",
        "Refused, with nothing written: a shard scored under another protocol or of another run, a query in two shards, "
            + "a query of the set in none (docs/FORMATS.md, 'Shards')."},
    footer = {"", HelpSections.SEED})
final class MergeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Mixin ProtocolOptions protocolOptions;

  @Mixin PolicyOptions policyOptions;

  @Mixin LockOptions lockOptions;

  @Mixin ReportOptions report;

  @Mixin Output output;

  @Parameters(arity = "1..*", paramLabel = "SHARD", description = "The run's shards, in any order (gzip is read as is).")
  List<String> shards = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    lockOptions.load(protocolOptions);
    output.requireSafeTarget(cl, Inputs.all(Inputs.all(LockOptions.with(protocolOptions.filesRead(), lockOptions), shards),
        report.filesRead()));
    report.check(cl, 1);
    Inputs.requireAtMostOneStdin(cl, protocolOptions.inputs(), Inputs.all(shards, report.filesRead()));
    PolicyOptions.Choice choice = lockOptions.choose(cl, protocolOptions, policyOptions, true, List.of());
    if (choice.seedReport()) {
      throw new CommandLine.ParameterException(cl, "merge needs --measure or --preset: the seed's report has no shards");
    }
    EvalProtocol protocol = RunScoring.protocol(cl, root, protocolOptions, choice);
    lockOptions.requireFingerprint(protocol.sha256());
    List<Shard> read = new ArrayList<>();
    for (String s : shards) {
      read.add(Shards.read(s, root.stdin(), protocolOptions.limits()));
    }
    List<RunResult> results = List.of(Shards.merge(protocol, read));
    List<FacetMeans> byFacet = report.prepare(cl, root, protocolOptions, results);
    output.write(cl.getOut(), report.render(lockOptions, results, byFacet, null, null));
    RunScoring.warn(cl, choice, results, List.of(read.get(0).source()));
    report.note(cl, results);
    return ExitCodes.OK;
  }
}
