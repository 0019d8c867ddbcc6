package dev.caliber.cli;

import dev.caliber.api.lock.Lock;
import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparison;
import dev.caliber.compare.Comparisons;
import dev.caliber.eval.Evaluation;
import dev.caliber.eval.EvaluationWorkers;
import dev.caliber.fusion.FusionParams;
import dev.caliber.fusion.Grid;
import dev.caliber.fusion.Methods;
import dev.caliber.fusion.Tuning;
import dev.caliber.history.Recording;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.report.Numbers;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;

/**
 * {@code caliber fuse --tune}: the grid searched on dev queries ({@link Tuning}), the grid with each
 * point's value, the chosen point, and compare's paired comparison of the chosen fusion with each
 * input on the same queries ({@link Comparisons}, rendered by {@code TuningMarkdown}). Test queries
 * are refused before any run is read: a split named test ({@link Recording#isTestSplit}), and every
 * query of the lock given with {@code --lock}.
 */
final class FuseTuning {
  private final FuseCommand c;

  FuseTuning(FuseCommand command) {
    this.c = command;
  }

  int run(CommandLine cl) throws IOException {
    if (c.params != null) {
      throw new CommandLine.ParameterException(cl, "--params applies a tuning; --tune makes one: give one of them");
    }
    if (c.method == null || !(c.method.equalsIgnoreCase("rrf") || c.method.equalsIgnoreCase("wsum"))) {
      throw new CommandLine.ParameterException(cl, "--tune searches rrf's k or wsum's weights: give --method rrf or --method wsum");
    }
    if (c.grid == null) {
      throw new CommandLine.ParameterException(cl, "--tune needs --grid, e.g. --grid k=10..100:10 (rrf) or --grid weights=simplex:0.1 (wsum)");
    }
    if (c.rrfK != null || c.weights != null) {
      throw new CommandLine.ParameterException(cl, "--tune chooses " + (c.rrfK != null ? "--rrf-k" : "--weights")
          + " from --grid; give the values in the grid");
    }
    if (c.policyOptions.measures.size() != 1) {
      throw new CommandLine.ParameterException(cl, "--tune optimises one measure: give exactly one -m, got "
          + c.policyOptions.measures.size());
    }
    if (c.format != FuseCommand.Format.trec) {
      throw new CommandLine.ParameterException(cl, "--format applies to the fused run; --tune prints a Markdown report");
    }
    String split = c.protocolOptions.split;
    if (split != null && Recording.isTestSplit(split)) {
      throw new CommandLine.ParameterException(cl, "--tune refuses --split " + split + ": tune on a dev split, evaluate the test split once, with the parameters saved");
    }
    c.requireFiles(cl, "--tune records each run's SHA-256");
    List<String> inputs = new ArrayList<>(c.protocolOptions.filesRead());
    inputs.addAll(c.runOptions.files());
    if (c.testLock != null) {
      inputs.add(c.testLock);
    }
    c.output.requireSafeTarget(cl, inputs);
    if (c.saveParams != null) {
      Output o = new Output();
      o.file = c.saveParams;
      o.requireSafeTarget(cl, inputs);
      c.output.requireOtherThan(cl, "--save-params", c.saveParams);
    }
    Grid grid;
    try {
      grid = Grid.parse(c.grid, c.method.toLowerCase(java.util.Locale.ROOT), c.runOptions.runs.size(),
          c.normalization(cl, Methods.of(c.method, null, c.method.equalsIgnoreCase("wsum") ? even(c.runOptions.runs.size()) : null)));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--grid " + e.getMessage().replaceFirst("^grid ", ""));
    }
    PolicyOptions.Choice choice = c.policyOptions.choose(cl, c.protocolOptions.source(), true);
    if (choice.seedReport()) {
      throw new CommandLine.ParameterException(cl, "--tune needs a measure under a policy: give --preset (e.g. --preset trec_eval)");
    }
    EvalProtocol devSet = RunScoring.protocol(cl, c.root, c.protocolOptions, choice);
    // the split may be no option's: a BEIR folder's only split, a protocol file's own
    String resolved = HistoryOptions.split(c.protocolOptions, devSet);
    if (resolved != null && Recording.isTestSplit(resolved)) {
      throw new CommandLine.ParameterException(cl, "--tune refuses the " + devSet.querySetSource() + ", a test split: tune on a"
          + " dev split, evaluate the test split once, with the parameters saved");
    }
    requireNoTestQueries(cl, devSet);
    Measure measure = choice.measures().get(0);
    List<ScoredRun> runs = new ArrayList<>();
    for (ScoredRun r : c.readWhole()) {
      runs.add(restrict(r, devSet.querySet()));
    }
    Tuning t = Tuning.search(runs, grid, devSet, measure, c.name);
    List<RunResult> results = new ArrayList<>();
    try (EvaluationWorkers shared = new EvaluationWorkers(1)) { // the inputs share judged tables
      for (ScoredRun r : runs) {
        results.add(Evaluation.evaluate(devSet, r, shared, false));
      }
    }
    results.add(t.result());
    Comparison comparison = Comparisons.compare(results, CompareSettings.defaults().allPairs());
    List<String> sha = FuseCommand.sha256s(c.runOptions.files());
    String text = dev.caliber.compare.report.TuningMarkdown.render(t, c.grid, comparison, Numbers.DECIMAL);
    if (c.saveParams != null) {
      List<FusionParams.Run> rs = new ArrayList<>();
      for (int i = 0; i < runs.size(); i++) {
        rs.add(new FusionParams.Run(runs.get(i).name(), sha.get(i)));
      }
      FusionParams p = new FusionParams(t.fusion(), measure.toString(), Numbers.DECIMAL.value(measure, t.value()),
          t.value().exact() != null ? t.value().exact().toString() : PyJson.repr(t.value().decimal()), devSet.querySetSource(), devSet.sha256(), c.grid, rs);
      AtomicFile.write(Path.of(c.saveParams), p.toJson());
    }
    c.output.write(cl.getOut(), text);
    return ExitCodes.OK;
  }

  /** Valid weights (all on the first run), so that the method, and so its default normalisation, can be had before the grid gives its points. */
  private static List<Double> even(int n) {
    List<Double> w = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      w.add(i == 0 ? 1.0 : 0.0);
    }
    return w;
  }

  /** Refuses a dev query set that shares a query with the test lock's. */
  private void requireNoTestQueries(CommandLine cl, EvalProtocol devSet) throws IOException {
    if (c.testLock == null) {
      return;
    }
    Lock lock = Lock.read(Path.of(c.testLock));
    List<String> test;
    try {
      test = lock.source().general(c.root.stdin()).querySet();
    } catch (dev.caliber.api.source.ProtocolSourceException e) {
      throw OptionWords.of(cl, e);
    }
    Set<String> testSet = new HashSet<>(test);
    List<String> shared = devSet.querySet().stream().filter(testSet::contains).toList();
    if (!shared.isEmpty()) {
      throw new CommandLine.ParameterException(cl, "--tune refuses the test queries of " + c.testLock + ": " + shared.size()
          + " of the " + devSet.querySet().size() + " queries to tune on are in its query set, first " + PyJson.canonical(shared.get(0)) + "; tune on queries the lock does not hold");
    }
  }

  /** The run's queries of the dev set only: the others are neither fused nor scored while tuning. */
  private static ScoredRun restrict(ScoredRun r, List<String> querySet) {
    Map<String, RankedList> m = new LinkedHashMap<>();
    Set<String> keep = new HashSet<>(querySet);
    r.asMap().forEach((q, l) -> {
      if (keep.contains(q)) {
        m.put(q, l);
      }
    });
    return ScoredRun.of(r.name(), r.tag(), m, r.origin());
  }
}
