package dev.caliber.compare;

import dev.caliber.compare.stats.Bootstrap;
import dev.caliber.compare.stats.CohenDz;
import dev.caliber.compare.stats.Generators;
import dev.caliber.compare.stats.Holm;
import dev.caliber.compare.stats.Interval;
import dev.caliber.compare.stats.PairedT;
import dev.caliber.compare.stats.SignFlip;
import dev.caliber.compare.stats.SignFlipResult;
import dev.caliber.compare.stats.Spread;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Compares runs scored under one protocol: for every measure and pair (baseline, system), the
 * paired per-query deltas and their statistics.
 *
 * <ul>
 *   <li>Pairs: in {@link CompareSettings.Mode#BASELINE} mode, (baseline, r) for every other run r
 *       in the order given; with all pairs, (r_i, r_j) for i &lt; j.
 *   <li>Deltas: system - baseline, over the queries of the query set where both values are
 *       defined (both runs share the protocol, so both are defined or neither), exact when the
 *       measure is rational.
 *   <li>Statistics: {@link Bootstrap} interval, {@link SignFlip} test, {@link PairedT} t-test,
 *       {@link CohenDz}, and {@link Holm} over the randomization p-values of every comparison in
 *       the result.
 *   <li>Measures: the protocol's, but for the points of a precision-recall curve ({@link
 *       RecallCurve}), which is a view of each run: not compared, not in Holm's family.
 *   <li>First relevant ranks are shown for measures that look at relevance at the protocol's
 *       threshold (not for counts or for a measure with its own rel level), where they explain
 *       the change.
 * </ul>
 *
 * Deterministic: the same runs and settings give the same result, on any JVM and with any number
 * of cores (the comparisons run in parallel, each from its own generators).
 */
public final class Comparisons {
  private Comparisons() {}

  /**
   * Compares the runs.
   *
   * @param runs the runs, at least two, uniquely named, all scored under one protocol; copied
   * @param settings the statistics' settings and which pairs to compare; not null
   * @return every compared measure's comparison of every pair, measures in protocol order, then
   *     pairs; the precision-recall curves as views
   * @throws NullPointerException if {@code runs}, a run or {@code settings} is null
   * @throws IllegalArgumentException if fewer than two runs are given, two share a name, the
   *     baseline is not one of them
   * @throws ProtocolMismatchException if the runs were scored under different protocols
   */
  public static Comparison compare(List<RunResult> runs, CompareSettings settings) {
    Objects.requireNonNull(settings, "settings");
    runs = List.copyOf(runs);
    if (runs.size() < 2) {
      throw new IllegalArgumentException("illegal runs: " + runs.size() + " given, a comparison needs at least 2");
    }
    Set<String> names = new HashSet<>();
    for (RunResult r : runs) {
      if (!names.add(r.runName())) {
        throw new IllegalArgumentException("illegal runs: two are named " + PyJson.canonical(r.runName()) + ", names must be unique");
      }
    }
    requireOneProtocol(runs);
    String baseline = null;
    List<RunResult[]> pairs = new ArrayList<>();
    if (settings.mode() == CompareSettings.Mode.BASELINE) {
      baseline = settings.baseline() != null ? settings.baseline() : runs.get(0).runName();
      RunResult base = find(runs, baseline);
      for (RunResult r : runs) {
        if (r != base) {
          pairs.add(new RunResult[] {base, r});
        }
      }
    } else {
      for (int i = 0; i < runs.size(); i++) {
        for (int j = i + 1; j < runs.size(); j++) {
          pairs.add(new RunResult[] {runs.get(i), runs.get(j)});
        }
      }
    }
    EvalProtocol protocol = runs.get(0).protocol();
    List<Measure> measures = RecallCurve.outside(protocol.measures());
    int count = measures.size() * pairs.size();
    // Every comparison's statistics start their own generators from the seed, so they can run on
    // every core and still give the same numbers; results go to their comparison's place, in
    // measure, then pair order. First the deltas; then, in parallel, the bootstraps (those of one
    // number of deltas together: they draw the same indexes) and each comparison's other statistics.
    List<List<QueryDelta>> deltas = IntStream.range(0, count).parallel()
        .mapToObj(i -> deltas(measures.get(i / pairs.size()), pairs.get(i % pairs.size())[0], pairs.get(i % pairs.size())[1]))
        .toList();
    Intervals bootstraps = new Intervals(deltas, settings);
    // One task per comparison's other statistics, then one per lane of each bootstrap, in one
    // parallel loop: a thread done with its comparisons joins a bootstrap still drawing, whose
    // resamples any number of threads share, so the threads finish together.
    PairedComparison[] done = new PairedComparison[count];
    IntStream.range(0, count + bootstraps.lanes()).parallel().forEach(t -> {
      if (t < count) {
        RunResult[] pair = pairs.get(t % pairs.size());
        done[t] = compare(measures.get(t / pairs.size()), pair[0], pair[1], deltas.get(t), settings);
      } else {
        bootstraps.work(t - count);
      }
    });
    Interval[] intervals = bootstraps.intervals();
    List<PairedComparison> comparisons = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      comparisons.add(done[i].withInterval(intervals[i]));
    }
    comparisons = holm(comparisons);
    int family = (int) comparisons.stream().filter(c -> c.randomization() != null).count();
    List<Distribution> distributions = new ArrayList<>();
    for (RunResult r : runs) {
      for (Measure m : protocol.measures()) {
        Distribution d = Distributions.of(r, m);
        if (d != null) {
          distributions.add(d);
        }
      }
    }
    return new Comparison(settings, Generators.DESCRIPTION, runs.get(0).protocolSha256(), protocol, runs, baseline,
        comparisons, family, distributions, cutoffSeries(protocol.measures()), RecallCurve.of(protocol.measures()));
  }

  private static RunResult find(List<RunResult> runs, String name) {
    for (RunResult r : runs) {
      if (r.runName().equals(name)) {
        return r;
      }
    }
    throw new IllegalArgumentException("illegal baseline " + PyJson.canonical(name) + ": no run has that name; the runs are "
        + String.join(", ", runs.stream().map(r -> PyJson.canonical(r.runName())).toList()));
  }

  /** One measure's deltas of a pair: system - baseline, in query-set order, where both are defined. */
  static List<QueryDelta> deltas(Measure m, RunResult base, RunResult sys) {
    int threshold = base.protocol().policy().relevanceThreshold();
    boolean ranks = m.needsRelevant() && m.relevanceLevel(threshold) == threshold;
    List<QueryDelta> deltas = new ArrayList<>();
    List<String> querySet = base.protocol().querySet();
    for (int i = 0; i < querySet.size(); i++) {
      String q = querySet.get(i);
      QueryResult b = row(base, i, q);
      QueryResult s = row(sys, i, q);
      Value bv = b.value(m);
      Value sv = s.value(m);
      if (bv == null || sv == null) {
        continue;
      }
      deltas.add(QueryDelta.of(q, bv, sv, ranks ? b.firstRelevantRank() : null, ranks ? s.firstRelevantRank() : null));
    }
    return deltas;
  }

  /**
   * The comparison of one measure and pair from its deltas, without its bootstrap interval (filled
   * in with the other bootstraps of its number of deltas) and Holm's p (filled in afterwards).
   */
  static PairedComparison compare(Measure m, RunResult base, RunResult sys, List<QueryDelta> deltas, CompareSettings settings) {
    int wins = 0;
    int ties = 0;
    int losses = 0;
    for (QueryDelta d : deltas) {
      switch (d.sign()) {
        case 1 -> wins++;
        case -1 -> losses++;
        default -> ties++;
      }
    }
    List<QueryDelta> worse = deltas.stream().filter(d -> d.sign() < 0).sorted(QueryDelta.LARGEST_LOSS_FIRST).toList();
    List<Value> deltaValues = deltas.stream().map(QueryDelta::delta).toList();
    double[] bs = deltas.stream().mapToDouble(d -> d.baseline().decimal()).toArray();
    double[] ss = deltas.stream().mapToDouble(d -> d.system().decimal()).toArray();
    var tTest = PairedT.test(ss, bs, Spread.degenerate(ss, bs, deltaValues));
    var effect = CohenDz.of(deltaValues, tTest.undefinedReason());
    if (deltas.isEmpty()) {
      return new PairedComparison(m, base.runName(), sys.runName(), deltas, null, null, null, 0, 0, 0, null, null, null,
          tTest, effect, worse);
    }
    Value baseMean = mean(deltas.stream().map(QueryDelta::baseline).toList());
    Value sysMean = mean(deltas.stream().map(QueryDelta::system).toList());
    Value meanDelta = mean(deltaValues);
    // with query groups, a group's queries keep one sign: the test flips each group's sum of deltas
    List<Value> flipped = Units.of(deltas.stream().map(QueryDelta::query).toList(), settings.groups()).sums(deltaValues);
    SignFlipResult rand = SignFlip.test(flipped, settings.permutations(), Generators.create(settings.seed()));
    return new PairedComparison(m, base.runName(), sys.runName(), deltas, baseMean, sysMean, meanDelta, wins, ties, losses,
        null, rand, null, tTest, effect, worse);
  }

  /** The run's row of the i-th query: rows follow the query set (Evaluation's order), checked. */
  private static QueryResult row(RunResult r, int i, String q) {
    QueryResult row = i < r.rows().size() ? r.rows().get(i) : null;
    if (row == null || !row.query().equals(q)) {
      row = r.row(q);
    }
    if (row == null) {
      throw new IllegalArgumentException("illegal run " + PyJson.canonical(r.runName()) + ": no row for query " + PyJson.canonical(q)
          + " of its own query set");
    }
    return row;
  }

  /** The exact mean when every value is exact, else the double mean (sum in order / n). */
  static Value mean(List<Value> values) {
    Value sum = Units.sum(values);
    return sum.isExact() ? Value.of(sum.exact().dividedBy(values.size())) : Value.ofDouble(sum.decimal() / values.size());
  }

  static List<PairedComparison> holm(List<PairedComparison> comparisons) {
    List<Integer> tested = new ArrayList<>();
    for (int i = 0; i < comparisons.size(); i++) {
      if (comparisons.get(i).randomization() != null) {
        tested.add(i);
      }
    }
    double[] p = tested.stream().mapToDouble(i -> comparisons.get(i).randomization().p()).toArray();
    double[] adjusted = Holm.adjust(p);
    List<PairedComparison> out = new ArrayList<>(comparisons);
    for (int j = 0; j < tested.size(); j++) {
      out.set(tested.get(j), comparisons.get(tested.get(j)).withHolmP(adjusted[j]));
    }
    return out;
  }

  /** Families (name without the cutoff) present at two or more cutoffs, in first-appearance order. */
  static List<CutoffSeries> cutoffSeries(List<Measure> measures) {
    Map<String, List<Measure>> byFamily = new LinkedHashMap<>();
    for (Measure m : measures) {
      if (m.cutoff() > 0) {
        String family = m.name().substring(0, m.name().lastIndexOf('@'));
        byFamily.computeIfAbsent(family, f -> new ArrayList<>()).add(m);
      }
    }
    List<CutoffSeries> out = new ArrayList<>();
    byFamily.forEach((family, ms) -> {
      if (ms.size() >= 2) {
        out.add(new CutoffSeries(family, ms.stream().sorted(Comparator.comparingInt(Measure::cutoff)).toList()));
      }
    });
    return out;
  }

  /** Refuses runs whose protocols differ, naming the parts that do. */
  static void requireOneProtocol(List<RunResult> runs) {
    RunResult first = runs.get(0);
    for (RunResult r : runs.subList(1, runs.size())) {
      if (r.protocolSha256().equals(first.protocolSha256())) {
        continue;
      }
      List<String> parts = differingParts(first.protocol(), r.protocol());
      throw new ProtocolMismatchException("runs " + PyJson.canonical(first.runName()) + " and " + PyJson.canonical(r.runName())
          + " were scored under different protocols (protocol_sha256 " + first.protocolSha256() + " and " + r.protocolSha256()
          + "): " + (parts.isEmpty() ? "their fingerprints differ" : "they differ in " + String.join(", ", parts))
          + "; score every run of a comparison under one protocol", parts);
    }
  }

  static List<String> differingParts(EvalProtocol a, EvalProtocol b) {
    List<String> parts = new ArrayList<>();
    if (!a.qrels().asMap().equals(b.qrels().asMap())) {
      parts.add("qrels");
    }
    if (!a.querySet().equals(b.querySet())) {
      parts.add("query set");
    }
    if ((a.corpus() == null) != (b.corpus() == null) || (a.corpus() != null && !a.corpus().ids().equals(b.corpus().ids()))) {
      parts.add("corpus");
    }
    if (!a.policy().equals(b.policy())) {
      parts.add("policy");
    }
    if (!a.measures().equals(b.measures())) {
      parts.add("measures");
    }
    return parts;
  }
}
