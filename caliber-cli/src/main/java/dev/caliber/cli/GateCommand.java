package dev.caliber.cli;

import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparison;
import dev.caliber.compare.Comparisons;
import dev.caliber.compare.gate.BaselineFile;
import dev.caliber.compare.gate.Gate;
import dev.caliber.compare.gate.GateRules;
import dev.caliber.compare.gate.Verdict;
import dev.caliber.compare.report.GateReport;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.result.RunResult;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code caliber gate}: fail a build when a candidate run breaks a declared rule against a baseline. */
@Command(
    name = "gate",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    versionProvider = Caliber.Version.class,
    description = {
        "Check candidate runs against a baseline run under one protocol with declared rules, for a CI build: no significant "
            + "loss (paired randomization test, Holm over the named measures and candidates), a tolerance on each mean, a "
            + "bound on the worst per-query loss, a least judged share of the top k. Prints one line per check; writes JUnit "
            + "XML, a Markdown summary and JSON on request. Exit 0 when every rule holds, 5 when one fails (docs/GATE.md)."},
    footer = {"", HelpSections.SEED})
final class GateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Mixin ProtocolOptions protocolOptions;

  @Mixin RunOptions runOptions;

  @Mixin PolicyOptions policyOptions;

  @Mixin LockOptions lockOptions;

  @Mixin HistoryOptions historyOptions;

  @Option(names = "--baseline", paramLabel = "NAME", description = "The run the candidates are held against (default: the first --run).")
  String baseline;

  @Option(names = "--baseline-entry", paramLabel = "ID",
      description = "Hold every --run against entry ID of the --history file instead (an evaluation recorded under the same "
          + "protocol, as 'caliber history list' shows it).")
  Long baselineEntry;

  @Option(names = "--baseline-file", paramLabel = "FILE",
      description = "Hold every --run against the per-query values of a baseline file (as caliber-assertj's Baseline writes"
          + " them, docs/GATE.md), recorded under the same protocol.")
  String baselineFile;

  @Option(names = "--no-significant-loss", paramLabel = "MEASURE",
      description = "No candidate significantly worse on MEASURE: a loss in the mean whose paired randomization test, "
          + "Holm-adjusted over every such measure and candidate, has p below --alpha. Repeatable.")
  List<String> noSignificantLoss = new ArrayList<>();

  @Option(names = "--alpha", paramLabel = "A", defaultValue = "0.05", description = "The level of --no-significant-loss (default: ${DEFAULT-VALUE}).")
  double alpha;

  @Option(names = "--tolerance", paramLabel = "MEASURE=AMOUNT",
      description = "A candidate's mean on MEASURE may fall at most AMOUNT below the baseline's (0.01), or AMOUNT%% of it (2%%). Repeatable.")
  List<String> tolerance = new ArrayList<>();

  @Option(names = "--max-query-loss", paramLabel = "MEASURE=AMOUNT",
      description = "No query of a candidate may lose more than AMOUNT on MEASURE. Repeatable.")
  List<String> maxQueryLoss = new ArrayList<>();

  @Option(names = "--min-judged", paramLabel = "K=SHARE",
      description = "Each candidate's judged share of its top K (Judged@K's mean) is at least SHARE (0.9); K must be a cutoff "
          + "of an evaluated measure. Repeatable.")
  List<String> minJudged = new ArrayList<>();

  @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Seed of the randomization test (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--permutations", paramLabel = "N", defaultValue = "10000",
      description = "Random sign flips of the randomization test; all 2^n are enumerated when that is fewer (default: ${DEFAULT-VALUE}).")
  @WholeNumbers.Range(from = 1)
  int permutations;

  @Option(names = "--junit", paramLabel = "FILE", description = "Write JUnit XML (one test case per rule, candidate and measure) to FILE.")
  String junit;

  @Option(names = "--markdown", paramLabel = "FILE", description = "Write a Markdown summary for a pull-request comment to FILE.")
  String markdown;

  @Option(names = "--json", paramLabel = "FILE", description = "Write the verdict as JSON to FILE.")
  String json;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    GateRules rules = rules(cl);
    List<String> sources = new ArrayList<>();
    for (String option : new String[] {"--baseline", "--baseline-entry", "--baseline-file"}) {
      if (cl.getParseResult().hasMatchedOption(option)) {
        sources.add(option);
      }
    }
    if (sources.size() > 1) {
      throw new CommandLine.ParameterException(cl, String.join(" and ", sources) + " exclude each other: the baseline is a --run,"
          + " a history entry or a baseline file");
    }
    boolean kept = baselineEntry != null || baselineFile != null;
    if (runOptions.runs.size() < (kept ? 1 : 2)) {
      throw new CommandLine.ParameterException(cl, "gate needs a baseline and at least one candidate: two or more --run options, got "
          + runOptions.runs.size() + " (or --baseline-entry ID with --history FILE, or --baseline-file FILE, and one or more)");
    }
    if (policyOptions.measures.isEmpty() && lockOptions.file() == null) {
      rules.measures().forEach(m -> policyOptions.measures.add(m.toString())); // the rules' measures are the ones to evaluate
    }
    lockOptions.load(protocolOptions);
    historyOptions.choose(cl, lockOptions);
    List<Report> reports = reports();
    RunScoring.requireSafeOutputs(cl, reports.stream().map(Report::target).toList(), protocolOptions, lockOptions, runOptions, historyOptions,
        baselineFile == null ? List.of() : List.of(baselineFile));
    try (dev.caliber.history.History history = historyOptions.open(cl, runOptions.files())) {
      RunResult entry = recordedBaseline(cl, history);
      BaselineFile file = baselineFile == null ? null : BaselineFile.read(baselineFile); // refused before any run is read
      CompareSettings settings = settings(cl, entry != null ? entry.runName() : file != null ? file.run() : baseline);
      PolicyOptions.Choice choice = lockOptions.choose(cl, protocolOptions, policyOptions, false, runOptions.files());
      requireMeasured(cl, rules, choice.measures());
      List<RunResult> results = RunScoring.score(cl, root, protocolOptions, runOptions, choice, lockOptions);
      if (baseline != null && results.stream().noneMatch(r -> r.runName().equals(baseline))) {
        throw new CommandLine.ParameterException(cl, "--baseline " + baseline + ": no run has that name; the runs are "
            + String.join(", ", results.stream().map(RunResult::runName).toList()));
      }
      if (file != null) {
        entry = file.against(results.get(0), baselineFile);
      }
      Comparison comparison = comparison(cl, entry == null ? null : sources.get(0), entry, results, settings);
      Verdict verdict = Gate.check(comparison, rules);
      List<dev.caliber.history.Recorded> recorded = history == null ? null
          : historyOptions.record(cl, history, protocolOptions, lockOptions, results, runOptions.files(),
              Map.of("gate.rules", PyJson.canonical(rules.toData()), "gate.passed", String.valueOf(verdict.passed())));
      List<Path> targets = new ArrayList<>();
      List<AtomicFile.Text> texts = new ArrayList<>();
      for (Report r : reports) {
        targets.add(Path.of(r.target().file));
        texts.add(r.text().apply(verdict));
      }
      AtomicFile.writeAll(targets, texts, HistoryOptions.committing(history));
      cl.getOut().print(GateReport.text(verdict));
      cl.getOut().flush();
      RunScoring.warn(cl, choice, results, runOptions.files());
      historyOptions.noteCommitted(cl, history, recorded, false);
      return verdict.passed() ? ExitCodes.OK : ExitCodes.GATE_FAILED;
    }
  }

  /** The declared rules; a bad one, or none, is a usage error in one line. */
  private GateRules rules(CommandLine cl) {
    if (noSignificantLoss.isEmpty() && cl.getParseResult().hasMatchedOption("--alpha")) {
      throw new CommandLine.ParameterException(cl, "--alpha is the level of --no-significant-loss, which is not given");
    }
    try {
      GateRules r = new GateRules(
          noSignificantLoss.isEmpty() ? null : new GateRules.Significance(noSignificantLoss.stream().map(Measures::parse).toList(), alpha),
          tolerance.stream().map(GateRules.Tolerance::parse).toList(),
          maxQueryLoss.stream().map(GateRules.QueryLoss::parse).toList(),
          minJudged.stream().map(GateRules.Judged::parse).toList());
      if (r.isEmpty()) {
        throw new CommandLine.ParameterException(cl, "gate needs at least one rule: --no-significant-loss MEASURE, --tolerance "
            + "MEASURE=AMOUNT, --max-query-loss MEASURE=AMOUNT or --min-judged K=SHARE");
      }
      return r;
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
  }

  /** Every measure a rule names is evaluated, and every cutoff a coverage rule names is counted: checked before any run is read. */
  private static void requireMeasured(CommandLine cl, GateRules rules, List<Measure> measures) {
    for (Measure m : rules.measures()) {
      if (!measures.contains(m)) {
        throw new CommandLine.ParameterException(cl, "a gate rule names " + m + ", which is not evaluated; the measures are "
            + String.join(", ", measures.stream().map(Measure::toString).toList()) + " (add -m " + m + ")");
      }
    }
    List<Integer> cutoffs = new ArrayList<>();
    for (int k : Measures.coverageCutoffs(measures)) {
      cutoffs.add(k);
    }
    for (GateRules.Judged j : rules.judged()) {
      if (!cutoffs.contains(j.k())) {
        throw new CommandLine.ParameterException(cl, "--min-judged " + j.k() + "=" + j.least().toPlainString() + ": no evaluated "
            + "measure has cutoff " + j.k() + ", so its judged share is not counted; the cutoffs are " + cutoffs
            + " (add -m Judged@" + j.k() + ")");
      }
    }
  }

  /** The history entry named by --baseline-entry, or null; a usage error when there is no such entry or no history. */
  private RunResult recordedBaseline(CommandLine cl, dev.caliber.history.History history) {
    if (baselineEntry == null) {
      return null;
    }
    if (history == null) {
      throw new CommandLine.ParameterException(cl, "--baseline-entry " + baselineEntry + " needs --history FILE, the history"
          + " that holds the entry");
    }
    return HistoryCommand.File.result(cl, history, baselineEntry);
  }

  /**
   * The candidates against the baseline: a recorded one (given by {@code option}) must share their
   * protocol and not a name with one of them.
   */
  private static Comparison comparison(CommandLine cl, String option, RunResult recorded, List<RunResult> results,
      CompareSettings settings) {
    if (recorded == null) {
      return Comparisons.compare(results, settings);
    }
    if (results.stream().anyMatch(r -> r.runName().equals(recorded.runName()))) {
      throw new CommandLine.ParameterException(cl, option + ": the baseline's run is named " + PyJson.canonical(
          recorded.runName()) + ", as a --run is; name the candidate otherwise (--run NAME=FILE)");
    }
    if (!recorded.protocolSha256().equals(results.get(0).protocolSha256())) {
      throw new CommandLine.ParameterException(cl, option + ": the baseline was recorded under protocol "
          + recorded.protocolSha256().substring(0, 12) + ", the candidates are evaluated under "
          + results.get(0).protocolSha256().substring(0, 12) + " (other judgments, queries, policy or measures); a gate holds"
          + " runs under one protocol");
    }
    List<RunResult> all = new ArrayList<>();
    all.add(recorded);
    all.addAll(results);
    return Comparisons.compare(all, settings);
  }

  private CompareSettings settings(CommandLine cl, String baselineName) {
    try {
      return new CompareSettings(seed, CompareSettings.DEFAULT_RESAMPLES, permutations, CompareSettings.DEFAULT_CONFIDENCE,
          CompareSettings.Mode.BASELINE, baselineName);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
  }

/** A report asked for: where it goes (checked as -o is) and how the verdict is written into it. */
  private record Report(Output target, java.util.function.Function<Verdict, AtomicFile.Text> text) {}

  /** The reports asked for, each once: the one place that knows --junit, --markdown and --json. */
  private List<Report> reports() {
    List<Report> out = new ArrayList<>();
    if (junit != null) {
      out.add(new Report(Output.named("--junit", junit), v -> AtomicFile.Text.of(GateReport.junitXml(v, Instant.now(), host()))));
    }
    if (markdown != null) {
      out.add(new Report(Output.named("--markdown", markdown), v -> AtomicFile.Text.of(GateReport.markdown(v))));
    }
    if (json != null) {
      out.add(new Report(Output.named("--json", json),
          v -> pieces -> dev.caliber.report.ReportJson.render(GateReport.toData(v), pieces)));
    }
    return out;
  }

  /** The host name a JUnit suite names: the machine's, or {@code localhost} when it cannot be told. */
  private static String host() {
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      return "localhost";
    }
  }
}
