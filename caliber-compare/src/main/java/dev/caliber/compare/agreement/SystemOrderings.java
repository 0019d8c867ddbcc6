package dev.caliber.compare.agreement;

import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparisons;
import dev.caliber.compare.PairedComparison;
import dev.caliber.eval.Evaluation;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;

/**
 * Would the conclusion change with the other judgments? The same runs scored with one measure
 * under judgment set A and under B, over the queries both judge; the systems ordered by their mean
 * under each; Kendall's tau-b and tau_AP of the two orderings; the pairs that swap; and the pairs
 * whose significance differs, each set's significance from {@link Comparisons} over every pair (the
 * paired randomization test, Holm-corrected over all pairs under that set).
 *
 * @param measure the measure
 * @param queries the number of queries scored: those both sets judge
 * @param alpha the significance level (1 - the settings' confidence)
 * @param systems each run's means, in the order the runs were given
 * @param tauB Kendall's tau-b of the orderings (symmetric)
 * @param tauApA tau_AP of B's ordering against A's (A the reference)
 * @param tauApB tau_AP of A's ordering against B's (B the reference)
 * @param swaps the pairs A and B order oppositely, in the order the runs were given
 * @param significance the pairs significant under one set only, in the order the runs were given
 * @param comparisons the pairs compared (n(n - 1) / 2 for n runs)
 */
public record SystemOrderings(
    Measure measure,
    int queries,
    double alpha,
    List<SystemMean> systems,
    Coefficient tauB,
    Coefficient tauApA,
    Coefficient tauApB,
    List<Swap> swaps,
    List<SignificanceChange> significance,
    int comparisons) {

  /**
   * Copies the lists.
   *
   * @param measure the measure, not null
   * @param queries the number of queries scored
   * @param alpha the significance level
   * @param systems each run's means, not null
   * @param tauB tau-b, not null
   * @param tauApA tau_AP against A, not null
   * @param tauApB tau_AP against B, not null
   * @param swaps the swapped pairs, not null
   * @param significance the pairs whose significance differs, not null
   * @param comparisons the number of pairs compared
   * @throws NullPointerException if a part is null
   */
  public SystemOrderings {
    Objects.requireNonNull(measure, "measure");
    systems = List.copyOf(systems);
    Objects.requireNonNull(tauB, "tauB");
    Objects.requireNonNull(tauApA, "tauApA");
    Objects.requireNonNull(tauApB, "tauApB");
    swaps = List.copyOf(swaps);
    significance = List.copyOf(significance);
  }

  /**
   * A run's mean under each set and its place in each ordering (1 + the systems with a higher
   * mean, so tied systems share a place).
   *
   * @param run the run's name
   * @param meanA its mean under A
   * @param meanB its mean under B
   * @param placeA its place under A
   * @param placeB its place under B
   */
  public record SystemMean(String run, Value meanA, Value meanB, int placeA, int placeB) {}

  /**
   * A pair of systems the two sets order oppositely (a tie under either set is no swap).
   *
   * @param aboveUnderA the system A puts above
   * @param aboveUnderB the system B puts above
   */
  public record Swap(String aboveUnderA, String aboveUnderB) {}

  /**
   * A pair of systems significantly different under one set and not under the other.
   *
   * @param baseline the pair's first run (in the order given)
   * @param system its second run
   * @param deltaA the mean delta (system - baseline) under A
   * @param holmA the Holm-adjusted randomization p-value under A
   * @param deltaB the mean delta under B
   * @param holmB the Holm-adjusted p-value under B
   * @param significantUnderA whether the pair is significant under A (then not under B)
   */
  public record SignificanceChange(String baseline, String system, Value deltaA, Double holmA, Value deltaB, Double holmB,
      boolean significantUnderA) {}

  /**
   * Scores the runs under both judgment sets and compares the orderings.
   *
   * @param a judgment set A, not null
   * @param b judgment set B, not null
   * @param runs the runs, at least two, uniquely named
   * @param policy the policy both sets are scored under (pooled judgments, as two judges' pools
   *     differ), not null
   * @param measure the one measure, not null
   * @param settings the statistics' settings; every pair is compared whatever its mode
   * @return the orderings
   * @throws IllegalArgumentException if fewer than two runs are given or two share a name
   * @throws dev.caliber.error.ProtocolViolationException if no query is judged in both sets, or a
   *     run has no mean under a set (the inputs cannot answer the question: invalid input)
   * @throws NullPointerException if an argument is null
   */
  public static SystemOrderings of(Qrels a, Qrels b, List<ScoredRun> runs, Policy policy, Measure measure,
      CompareSettings settings) {
    Objects.requireNonNull(measure, "measure");
    List<String> queries = Agreement.commonQueries(a, b);
    if (queries.isEmpty()) {
      throw new dev.caliber.error.ProtocolViolationException(dev.caliber.error.Location.NONE, "no query judged in both sets",
          "no run can be scored under both; expected judgment sets with queries in common");
    }
    String source = "the " + queries.size() + " queries both judgment sets judge";
    EvalProtocol pa = new EvalProtocol(a, queries, source, null, policy, List.of(measure));
    EvalProtocol pb = new EvalProtocol(b, queries, source, null, policy, List.of(measure));
    List<RunResult> underA = runs.stream().map(r -> Evaluation.evaluate(pa, r)).toList();
    List<RunResult> underB = runs.stream().map(r -> Evaluation.evaluate(pb, r)).toList();
    CompareSettings all = settings.allPairs();
    List<PairedComparison> ca = Comparisons.compare(underA, all).comparisons(measure);
    List<PairedComparison> cb = Comparisons.compare(underB, all).comparisons(measure);
    List<Value> meansA = means(underA, measure, "A");
    List<Value> meansB = means(underB, measure, "B");
    int n = runs.size();
    int[][] sa = signs(meansA);
    int[][] sb = signs(meansB);
    List<SystemMean> systems = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      systems.add(new SystemMean(runs.get(i).name(), meansA.get(i), meansB.get(i), place(sa, i), place(sb, i)));
    }
    List<Swap> swaps = new ArrayList<>();
    List<SignificanceChange> changes = new ArrayList<>();
    double alpha = all.alpha();
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        if (sa[i][j] * sb[i][j] < 0) {
          String x = runs.get(i).name();
          String y = runs.get(j).name();
          swaps.add(sa[i][j] > 0 ? new Swap(x, y) : new Swap(y, x));
        }
        PairedComparison pA = pair(ca, runs.get(i).name(), runs.get(j).name());
        PairedComparison pB = pair(cb, runs.get(i).name(), runs.get(j).name());
        boolean sigA = significant(pA, alpha);
        if (sigA != significant(pB, alpha)) {
          changes.add(new SignificanceChange(pA.baseline(), pA.system(), pA.meanDelta(), pA.holmP(), pB.meanDelta(), pB.holmP(),
              sigA));
        }
      }
    }
    return new SystemOrderings(measure, queries.size(), alpha, systems, RankCorrelation.tauB(sa, sb),
        RankCorrelation.tauAp(sa, sb, order(sb), "A", "B"), RankCorrelation.tauAp(sb, sa, order(sa), "B", "A"), swaps,
        changes, n * (n - 1) / 2);
  }

  private static List<Value> means(List<RunResult> results, Measure m, String set) {
    List<Value> means = new ArrayList<>();
    for (RunResult r : results) {
      MeasureSummary s = r.summary(m);
      if (s == null || s.value() == null) {
        throw new dev.caliber.error.ProtocolViolationException(dev.caliber.error.Location.NONE, "run without a mean",
            "run " + PyJson.canonical(r.runName()) + " has no mean of " + m + " under " + set
                + ": no query has a value; expected a value for at least one query both sets judge");
      }
      means.add(s.value());
    }
    return means;
  }

  /** {@code s[i][j]}: the sign of mean i - mean j, exactly when both are exact. */
  private static int[][] signs(List<Value> means) {
    int n = means.size();
    int[][] s = new int[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        Value x = means.get(i);
        Value y = means.get(j);
        s[i][j] = Integer.signum(x.isExact() && y.isExact() ? x.exact().compareTo(y.exact())
            : Double.compare(x.decimal(), y.decimal()));
      }
    }
    return s;
  }

  private static int place(int[][] s, int i) {
    return 1 + (int) IntStream.range(0, s.length).filter(j -> s[j][i] > 0).count();
  }

  /** The systems best first; ties (for which tau_AP is undefined anyway) in the order given. */
  private static int[] order(int[][] s) {
    return IntStream.range(0, s.length).boxed().sorted(Comparator.comparingInt(i -> place(s, i))).mapToInt(i -> i).toArray();
  }

  private static PairedComparison pair(List<PairedComparison> cs, String x, String y) {
    return cs.stream().filter(c -> c.baseline().equals(x) && c.system().equals(y)).findFirst().orElseThrow();
  }

  private static boolean significant(PairedComparison p, double alpha) {
    return p.holmP() != null && p.holmP() < alpha;
  }
}
