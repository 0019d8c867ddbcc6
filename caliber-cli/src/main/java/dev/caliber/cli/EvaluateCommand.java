package dev.caliber.cli;

import dev.caliber.eval.FacetMeans;
import dev.caliber.protocol.Facets;
import dev.caliber.report.FacetTable;
import dev.caliber.compare.report.FacetMarkdown;
import dev.caliber.api.Eval;
import java.util.ArrayList;
import dev.caliber.api.SeedProtocol;
import dev.caliber.compare.RunReport;
import dev.caliber.compare.report.RunReportHtml;
import dev.caliber.compare.report.RunReportMarkdown;
import dev.caliber.eval.EvaluationReport;
import dev.caliber.eval.RunResult;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.protocol.Run;
import dev.caliber.report.Numbers;
import dev.caliber.report.QueryTable;
import dev.caliber.report.ReportJson;
import dev.caliber.report.ResultJson;
import dev.caliber.treceval.TrecEvalText;
import dev.caliber.treceval.TrecEvalView;
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

  /** Output formats. */
  enum Format { json, trec, tsv, md, html }

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "json",
      description = "json (default: caliber's report, or the seed's report for the seed's inputs), trec (trec_eval's text format; with several runs "
          + "each run's runid line is its name, not its TREC tag), tsv (per-query values), "
          + "md or html (one run's readable report: summary, per-query table, score distribution).")
  Format format;

  @Option(names = "--exact", description = "With --format tsv, md or html: print exact values as fractions (5/6) instead of "
      + "decimals (0.8333). JSON always holds the fractions.")
  boolean exact;

  @Option(names = {"-q", "--per-query"}, description = "With --format trec: print each query's lines before 'all', as trec_eval -q.")
  boolean perQuery;

  @Option(names = "--facets", paramLabel = "FILE",
      description = "Means per facet value: a file of query-id<TAB>facet<TAB>value lines (docs/FORMATS.md, 'Facets'), every "
          + "query of the query set with one value of each facet. Shown in json (a facets member), md and html (a table per "
          + "facet; html also a bar chart per measure) and tsv (then one line per run, facet and value instead of per query).")
  String facets;

  @Option(names = "--bounds", description = "With pooled judgments: beside each mean, its lowest and highest value if every "
      + "unjudged document within the evaluated depth were judged non-relevant, or relevant (as the most relevant judged "
      + "document), so that the holes' reach shows beside the coverage (docs/MEASURES.md, 'Bounds under holes'). None for "
      + "measures of the judging itself (Judged@k, Unjudged@k, RBPResid). Shown in json (a bounds member per summary), md "
      + "and html (a bounds column); the values and means are the same either way.")
  boolean bounds;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    lockOptions.load(protocolOptions);
    historyOptions.choose(cl, lockOptions);
    EvalInputs.requireSafeOutputs(cl, List.of(output), protocolOptions, lockOptions, runOptions, historyOptions,
        facets == null ? List.of() : List.of(facets));
    if (facets != null && format == Format.trec) {
      throw new CommandLine.ParameterException(cl, "--facets applies to --format json, tsv, md or html, not --format trec"
          + " (trec_eval's text has no place for them)");
    }
    if (perQuery && format != Format.trec) {
      throw new CommandLine.ParameterException(cl, "-q (--per-query) applies to --format trec only, not --format " + format
          + "; the other formats always show every query");
    }
    if (exact && format != Format.tsv && format != Format.md && format != Format.html) {
      throw new CommandLine.ParameterException(cl, "--exact applies to --format tsv, md or html, not --format " + format
          + (format == Format.json ? "; JSON always holds exact fractions" : "; trec_eval's format prints its own decimals"));
    }
    if (bounds && (format == Format.trec || format == Format.tsv)) {
      throw new CommandLine.ParameterException(cl, "--bounds applies to --format json, md or html, not --format " + format
          + (format == Format.trec ? " (trec_eval's text has no place for them)" : " (its lines are per query; the bounds are the means')"));
    }
    if ((format == Format.md || format == Format.html) && runOptions.runs.size() != 1) {
      throw new CommandLine.ParameterException(cl, "--format " + format
          + " reports one run; to put several side by side use caliber compare");
    }
    PolicyOptions.Choice choice = lockOptions.choose(cl, protocolOptions, policyOptions, true, runOptions.files());
    try (dev.caliber.history.History history = historyOptions.open(cl, runOptions.files())) {
      return evaluate(cl, choice, history);
    }
  }

  private int evaluate(CommandLine cl, PolicyOptions.Choice choice, dev.caliber.history.History history) throws Exception {
    if (choice.seedReport() && bounds) {
      throw new CommandLine.ParameterException(cl, "--bounds needs --measure or --preset: the seed's report has no place for them");
    }
    if (choice.seedReport() && format == Format.json) {
      Inputs.requireAtMostOneStdin(cl, protocolOptions.inputs(), runOptions.files());
      return seedReport(cl, history);
    }
    if (choice.seedReport() && (format == Format.trec || format == Format.tsv)) {
      throw new CommandLine.ParameterException(cl, "--format " + format + " needs --measure or --preset: the seed's report is JSON only");
    }
    List<RunResult> results = EvalInputs.score(cl, root, protocolOptions, runOptions, choice, lockOptions, bounds);
    if (format == Format.trec) {
      try {
        TrecEvalText.requireWritable(results);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cl, "--format trec: " + e.getMessage());
      }
    }
    List<FacetMeans> byFacet = new ArrayList<>();
    if (facets != null) {
      Facets f = Eval.readFacets(facets, root.stdin(), protocolOptions.limits());
      for (RunResult r : results) {
        byFacet.add(FacetMeans.of(r, f));
      }
    }
    List<dev.caliber.history.Recorded> recorded = history == null ? null
        : historyOptions.record(cl, history, protocolOptions, lockOptions, results, runOptions.files());
    AtomicFile.Text text = switch (format) {
      case md -> AtomicFile.Text.of(RunReportMarkdown.render(RunReport.of(results.get(0)), Numbers.exact(exact),
          historyOptions.looks(recorded)) + (facets == null ? "" : FacetMarkdown.render(byFacet.get(0), Numbers.exact(exact))));
      case html -> AtomicFile.Text.of(RunReportHtml.render(RunReport.of(results.get(0)), Numbers.exact(exact),
          historyOptions.looks(recorded), facets == null ? null : byFacet.get(0)));
      case json -> {
        // In pieces, one row's data at a time: never the whole report as maps or as a string.
        Map<String, Object> data = lockOptions.named(new LinkedHashMap<>(
            results.size() == 1 ? ResultJson.toData(results.get(0)) : ResultJson.toData(results)));
        if (facets != null) {
          if (results.size() == 1) {
            data.putAll(FacetTable.toData(byFacet.get(0)));
          } else {
            Map<String, Object> perRun = new LinkedHashMap<>();
            byFacet.forEach(m -> perRun.put(m.run(), FacetTable.toData(m)));
            data.put("facets", perRun);
          }
        }
        if (recorded != null) {
          data.put("history", historyOptions.data(results, recorded));
        }
        yield pieces -> ReportJson.render(data, pieces);
      }
      case trec -> pieces -> TrecEvalText.render(results, perQuery, pieces);
      case tsv -> facets != null ? AtomicFile.Text.of(FacetTable.render(byFacet, Numbers.exact(exact)))
          : pieces -> QueryTable.render(results, Numbers.exact(exact), pieces);
    };
    output.write(cl.getOut(), text, HistoryOptions.committing(history));
    EvalInputs.warn(cl, choice, results, runOptions.files());
    if (format == Format.trec) {
      results.stream().map(TrecEvalView::numRelNote).filter(java.util.Objects::nonNull).findFirst()
          .ifPresent(note -> cl.getErr().print("caliber: note: " + note + "\n"));
    }
    historyOptions.noteCommitted(cl, history, recorded, format == Format.trec || format == Format.tsv);
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
