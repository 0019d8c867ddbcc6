package dev.caliber.cli;

import dev.caliber.compare.RunReport;
import dev.caliber.compare.report.RunReportHtml;
import dev.caliber.compare.report.RunReportMarkdown;
import dev.caliber.eval.EvalProtocol;
import dev.caliber.eval.EvaluationReport;
import dev.caliber.eval.Evaluator;
import dev.caliber.io.ProtocolFiles;
import dev.caliber.io.ReportJson;
import dev.caliber.protocol.Run;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code caliber evaluate}: score runs under a protocol and print the report. */
@Command(
    name = "evaluate",
    mixinStandardHelpOptions = true,
    description = {
        "Validate the protocol and every run, then score each query of the split: Recall@k and RR@k,",
        "with macro means over the queries the split fixes. One run prints its report; several runs",
        "print {\"results\": {name: report}}. Nothing is written unless every input is valid."})
final class EvaluateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin ProtocolOptions protocolOptions;

  @Option(names = "--run", required = true, paramLabel = "[NAME=]FILE",
      description = "A run file {query ID: [doc ID, ...]}; repeat for several runs. NAME defaults to the file name.")
  List<String> runs = new ArrayList<>();

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "json",
      description = "json (the seed's report), or md / html: a single run's report with per-query table and score distribution (default: ${DEFAULT-VALUE}).")
  String format;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    if (!List.of("json", "md", "html").contains(format)) {
      throw new CommandLine.ParameterException(cl, "--format: expected json, md or html, got " + format);
    }
    if (!format.equals("json") && runs.size() != 1) {
      throw new CommandLine.ParameterException(cl, "--format " + format + " reports one run; to put several side by side use caliber compare");
    }
    ProtocolOptions.Resolved p = protocolOptions.read(cl);
    if (!format.equals("json")) {
      EvalProtocol protocol = EvalInputs.seedProtocol(protocolOptions, p, EvalInputs.measures(cl, List.of(), p.k()));
      RunReport report = RunReport.of(EvalInputs.evaluateSeedRuns(cl, p, protocol, runs).get(0));
      output.write(cl.getOut(), format.equals("md") ? RunReportMarkdown.render(report) : RunReportHtml.render(report));
      return ExitCodes.OK;
    }
    Map<String, EvaluationReport> reports = new LinkedHashMap<>();
    for (String spec : runs) {
      String name = Inputs.runName(spec);
      if (reports.containsKey(name)) {
        throw new CommandLine.ParameterException(cl, "two runs are named " + name + "; name them with NAME=FILE");
      }
      Run run = ProtocolFiles.run(name, Inputs.json(Inputs.runFile(spec)));
      reports.put(name, Evaluator.evaluate(p.protocol(), run, p.split(), p.k()));
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
