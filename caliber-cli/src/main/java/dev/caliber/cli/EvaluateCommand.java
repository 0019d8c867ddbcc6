package dev.caliber.cli;

import dev.caliber.eval.EvalProtocol;
import dev.caliber.eval.Evaluation;
import dev.caliber.eval.EvaluationReport;
import dev.caliber.eval.Evaluator;
import dev.caliber.eval.RunResult;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.io.ReportJson;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.report.QueryTable;
import dev.caliber.report.ResultJson;
import dev.caliber.report.TrecEvalText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code caliber evaluate}: score runs under a protocol and print the result. */
@Command(
    name = "evaluate",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    sortOptions = false,
    description = {
        "Score runs under a fixed protocol and print each query's row and the means.",
        "Without --measure: the seed's report (seed JSON inputs; Recall@k and RR@k, macro means over the",
        "split). With --measure or --compat: any measures, policies and formats, on TREC, BEIR or JSON",
        "inputs. Every input is validated before anything is scored; nothing is written otherwise."})
final class EvaluateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin ProtocolOptions protocolOptions;

  @Mixin RunOptions runOptions;

  @Mixin PolicyOptions policyOptions;

  /** Output formats. */
  enum Format { json, trec, tsv }

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "json",
      description = "json (default), trec (trec_eval's text format) or tsv (per-query values). The seed report is JSON only.")
  Format format;

  @Option(names = {"-q", "--per-query"}, description = "With --format trec: print each query's lines before 'all', as trec_eval -q.")
  boolean perQuery;

  @Option(names = "--quiet", description = "Show no progress on standard error (shown only on a terminal, for long runs).")
  boolean quiet;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    Inputs.requireAtMostOneStdin(cl, protocolOptions.inputs(), runOptions.files());
    if (policyOptions.seedMode()) {
      if (format != Format.json) {
        throw new CommandLine.ParameterException(cl, "--format " + format + " needs --measure; the seed report is JSON");
      }
      return seedReport(cl);
    }
    ProtocolOptions.General g = protocolOptions.readGeneral(cl);
    EvalProtocol protocol = new EvalProtocol(g.qrels(), g.querySet(), g.querySetSource(), g.corpus(),
        policyOptions.policy(cl), policyOptions.measures(cl));
    List<RunResult> results = new ArrayList<>();
    for (Object run : runOptions.read(cl, protocol, Progress.Factory.of(cl.getErr(), Caliber.errIsTerminal, quiet))) {
      results.add(run instanceof ScoredRun whole ? Evaluation.evaluate(protocol, whole) : ((StreamingEvaluation.Outcome) run).get());
    }
    String text = switch (format) {
      case json -> ReportJson.render(results.size() == 1 ? ResultJson.toData(results.get(0)) : ResultJson.toData(results));
      case trec -> {
        StringBuilder sb = new StringBuilder();
        for (RunResult r : results) {
          sb.append(TrecEvalText.render(r, perQuery));
        }
        yield sb.toString();
      }
      case tsv -> QueryTable.render(results);
    };
    output.write(cl.getOut(), text);
    return ExitCodes.OK;
  }

  private int seedReport(CommandLine cl) throws Exception {
    ProtocolOptions.Resolved p = protocolOptions.read(cl);
    Map<String, EvaluationReport> reports = new LinkedHashMap<>();
    for (Run run : runOptions.readSeedRuns(cl)) {
      reports.put(run.name(), Evaluator.evaluate(p.protocol(), run, p.split(), p.k()));
    }
    Object data;
    if (reports.size() == 1) {
      data = ReportJson.toData(reports.values().iterator().next());
    } else {
      Map<String, Object> results = new LinkedHashMap<>();
      reports.forEach((name, r) -> results.put(name, ReportJson.toData(r)));
      data = Map.of("results", results);
    }
    output.write(cl.getOut(), ReportJson.render(data));
    return ExitCodes.OK;
  }
}
