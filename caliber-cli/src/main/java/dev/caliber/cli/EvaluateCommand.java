package dev.caliber.cli;

import dev.caliber.api.source.SeedProtocol;
import dev.caliber.eval.FacetMeans;
import dev.caliber.eval.seed.EvaluationReport;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.protocol.Run;
import dev.caliber.report.ReportJson;
import dev.caliber.result.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code caliber evaluate}: score runs under a protocol and print the result. */
@Command(
    name = "evaluate",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    sortOptions = false,
    description = {
        "Score runs under a fixed protocol and print each query's row and the means.",
        "Without --measure: the seed's JSON inputs with no policy option get the seed's report (Recall@k and RR@k, exact "
            + "macro means over the split); bare TREC qrels without --preset are evaluated as trec_eval -c evaluates them "
            + "(trec_eval's default measures under --preset trec_eval, said in a note on standard error); other inputs get "
            + "trec_eval's default measures under the strict preset. With --measure, a preset or a policy: any measures, "
            + "policies and formats, on TREC, BEIR or JSON inputs.",
        "Every input is validated before anything is scored; nothing is written otherwise."},
    footer = {"", HelpSections.SEED})
final class EvaluateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Mixin ProtocolOptions protocolOptions;

  @Mixin RunOptions runOptions;

  @Mixin PolicyOptions policyOptions;

  @Mixin LockOptions lockOptions;

  @Mixin HistoryOptions historyOptions;

  @Mixin ReportOptions report;

  @Option(names = "--bounds", description = "With pooled judgments: beside each mean, its lowest and highest value if every "
      + "unjudged document within the evaluated depth were judged non-relevant, or relevant (as the most relevant judged "
      + "document), so that the holes' reach shows beside the coverage (docs/MEASURES.md, 'Bounds under holes'). None for "
      + "measures of the judging itself (Judged@k, Unjudged@k, RBPResid). Shown in json (a bounds member per summary), md "
      + "and html (a bounds column); the values and means are the same either way.")
  boolean bounds;

  @Mixin ShardOptions shard;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    lockOptions.load(protocolOptions);
    historyOptions.choose(cl, lockOptions);
    RunScoring.requireSafeOutputs(cl, shard.with(output), protocolOptions, lockOptions, runOptions, historyOptions,
        Inputs.all(report.filesRead(), shard.filesRead()));
    report.check(cl, runOptions.runs.size());
    shard.check(cl, runOptions, output);
    if (bounds && (report.format == ReportOptions.Format.trec || report.format == ReportOptions.Format.tsv)) {
      throw new CommandLine.ParameterException(cl, "--bounds applies to --format json, md or html, not --format " + report.format
          + (report.format == ReportOptions.Format.trec ? " (trec_eval's text has no place for them)"
              : " (its lines are per query; the bounds are the means')"));
    }
    if (shard.file != null && !historyOptions.files().isEmpty()) {
      throw new CommandLine.ParameterException(cl, "--shard records no look in a history, and a history is in force ("
          + (lockOptions.file() != null ? "the --lock's" : "--history") + "): evaluate the whole run where the history is"
          + " kept, or say --no-history to make shards without recording a look");
    }
    if (bounds && shard.file != null) {
      throw new CommandLine.ParameterException(cl, "--bounds applies to a report, not to --shard: a shard holds each query's"
          + " values, and caliber merge prints the report");
    }
    PolicyOptions.Choice choice = lockOptions.choose(cl, protocolOptions, policyOptions, true, runOptions.files());
    if (shard.file != null) {
      return shard.write(cl, root, protocolOptions, runOptions, choice, lockOptions);
    }
    try (dev.caliber.history.History history = historyOptions.open(cl, runOptions.files())) {
      return evaluate(cl, choice, history);
    }
  }

  private int evaluate(CommandLine cl, PolicyOptions.Choice choice, dev.caliber.history.History history) throws Exception {
    if (choice.seedReport() && bounds) {
      throw new CommandLine.ParameterException(cl, "--bounds needs --measure or --preset: the seed's report has no place for them");
    }
    if (choice.seedReport() && report.format == ReportOptions.Format.json) {
      Inputs.requireAtMostOneStdin(cl, protocolOptions.inputs(), runOptions.files());
      return seedReport(cl, history);
    }
    if (choice.seedReport() && (report.format == ReportOptions.Format.trec || report.format == ReportOptions.Format.tsv)) {
      throw new CommandLine.ParameterException(cl, "--format " + report.format + " needs --measure or --preset: the seed's report is JSON only");
    }
    List<RunResult> results = RunScoring.score(cl, root, protocolOptions, runOptions, choice, lockOptions, bounds);
    List<FacetMeans> byFacet = report.prepare(cl, root, protocolOptions, results);
    List<dev.caliber.history.Recorded> recorded = history == null ? null
        : historyOptions.record(cl, history, protocolOptions, lockOptions, results, runOptions.files());
    AtomicFile.Text text = report.render(lockOptions, results, byFacet, historyOptions.looks(recorded),
        recorded == null ? null : historyOptions.data(results, recorded));
    output.write(cl.getOut(), text, HistoryOptions.committing(history));
    RunScoring.warn(cl, choice, results, runOptions.files());
    report.note(cl, results);
    historyOptions.noteCommitted(cl, history, recorded, report.format == ReportOptions.Format.trec
        || report.format == ReportOptions.Format.tsv);
    return ExitCodes.OK;
  }

  /**
   * The seed's report, byte for byte the seed's. With a history (a seed lock's own, or one given),
   * the same runs are also scored as caliber's results and recorded, so that every look under the
   * lock is counted; the report cannot carry the count, which goes to standard error.
   */
  private int seedReport(CommandLine cl, dev.caliber.history.History history) throws Exception {
    SeedProtocol p = protocolOptions.seed(cl, root.stdin());
    lockOptions.requireFingerprint(p.sha256());
    Map<String, EvaluationReport> reports = new LinkedHashMap<>();
    List<Run> runs = runOptions.readSeedRuns(cl, root.stdin(), protocolOptions.limits());
    for (Run run : runs) {
      reports.put(run.name(), p.report(run));
    }
    List<dev.caliber.history.Recorded> recorded = history == null ? null
        : historyOptions.record(cl, history, protocolOptions, lockOptions, p.evaluate(runs), runOptions.files());
    Map<String, Object> data;
    if (reports.size() == 1) {
      data = ReportJson.toData(reports.values().iterator().next());
    } else {
      Map<String, Object> results = new LinkedHashMap<>();
      reports.forEach((name, r) -> results.put(name, ReportJson.toData(r)));
      data = Map.of("results", results);
    }
    data = lockOptions.named(data);
    output.write(cl.getOut(), AtomicFile.Text.of(ReportJson.render(data)), HistoryOptions.committing(history));
    historyOptions.noteCommitted(cl, history, recorded, true);
    return ExitCodes.OK;
  }
}
