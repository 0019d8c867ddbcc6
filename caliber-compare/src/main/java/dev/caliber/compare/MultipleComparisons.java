package dev.caliber.compare;

import dev.caliber.compare.stats.Anova;
import dev.caliber.compare.stats.AnovaResult;
import dev.caliber.compare.stats.Generators;
import dev.caliber.compare.stats.TukeyHsd;
import dev.caliber.compare.stats.TukeyHsdResult;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every run at once: per compared measure, the two-way ANOVA ({@link Anova}) and the randomised
 * Tukey HSD test ({@link TukeyHsd}) over the per-query values the comparison already paired.
 *
 * <ul>
 *   <li>Queries: those where every run has a value, the pairwise rule of {@link Comparisons}
 *       taken over all runs (under one protocol a value is defined for every run or for none).
 *   <li>Means: {@link Comparisons#mean} over those queries, exact when rational.
 *   <li>Tukey HSD: the comparison's permutation budget and seed; each measure's test starts its own
 *       generator from the seed ({@link Generators}), as each pair's randomization test does. With
 *       query groups ({@link CompareSettings#groups()}) it permutes each group's sums, so that a
 *       group's queries move together; the ANOVA stays per query.
 *   <li>Significance: {@code p < alpha}, {@link CompareSettings#alpha()}.
 * </ul>
 */
public final class MultipleComparisons {
  private MultipleComparisons() {}

  /**
   * Tests every compared measure of a comparison.
   *
   * @param c the comparison, not null; its runs' per-query values, seed, permutations and alpha
   * @return one per compared measure, in the comparison's measure order
   */
  public static List<MultipleComparison> of(Comparison c) {
    return c.measures().parallelStream().map(m -> of(c, m)).toList();
  }

  /**
   * Tests one measure.
   *
   * @param c the comparison, not null
   * @param m one of its compared measures
   * @return the ANOVA and every pair's Tukey HSD result
   * @throws IllegalArgumentException if {@code m} is not a compared measure of {@code c}
   */
  public static MultipleComparison of(Comparison c, Measure m) {
    if (!c.measures().contains(m)) {
      throw new IllegalArgumentException("illegal measure " + m.name() + ": not compared; the compared measures are "
          + c.measures().stream().map(Measure::name).toList());
    }
    List<String> runs = c.runNames();
    List<Map<String, Value>> byRun = new ArrayList<>();
    for (String r : runs) {
      byRun.add(new LinkedHashMap<>());
    }
    // Every run's values from the pairs the comparison made: each pair holds both runs' values of
    // its paired queries, and together the pairs touch every run.
    for (PairedComparison p : c.comparisons(m)) {
      Map<String, Value> a = byRun.get(runs.indexOf(p.baseline()));
      Map<String, Value> b = byRun.get(runs.indexOf(p.system()));
      for (QueryDelta d : p.deltas()) {
        a.putIfAbsent(d.query(), d.baseline());
        b.putIfAbsent(d.query(), d.system());
      }
    }
    Set<String> common = new LinkedHashSet<>();
    for (String q : c.protocol().querySet()) {
      if (byRun.stream().allMatch(v -> v.containsKey(q))) {
        common.add(q);
      }
    }
    List<String> queries = List.copyOf(common);
    double alpha = c.settings().alpha();
    if (queries.isEmpty()) {
      return new MultipleComparison(m, runs, queries, List.of(), null, 0, false, alpha, List.of());
    }
    List<List<Value>> values = new ArrayList<>();
    double[][] x = new double[runs.size()][queries.size()];
    for (int i = 0; i < runs.size(); i++) {
      List<Value> row = new ArrayList<>(queries.size());
      for (int j = 0; j < queries.size(); j++) {
        Value v = byRun.get(i).get(queries.get(j));
        row.add(v);
        x[i][j] = v.decimal();
      }
      values.add(row);
    }
    List<Value> means = values.stream().map(Comparisons::mean).toList();
    AnovaResult anova = queries.size() >= 2 ? Anova.of(x) : null;
    // with query groups, the permutations move a group's queries together: the test permutes its sums
    Units units = Units.of(queries, c.settings().groups());
    TukeyHsdResult hsd = TukeyHsd.test(values.stream().map(units::sums).toList(), c.settings().permutations(),
        Generators.create(c.settings().seed()));
    Double sdError = anova == null || !(anova.msError() > 0) ? null : Math.sqrt(anova.msError());
    List<MultipleComparison.Pair> pairs = new ArrayList<>();
    for (TukeyHsdResult.Pair p : hsd.pairs()) {
      Value difference = QueryDelta.difference(means.get(p.a()), means.get(p.b()));
      pairs.add(new MultipleComparison.Pair(runs.get(p.a()), runs.get(p.b()), means.get(p.a()), means.get(p.b()), difference,
          p.p(), p.p() < alpha, sdError == null ? null : difference.decimal() / sdError));
    }
    return new MultipleComparison(m, runs, queries, means, anova, hsd.permutations(), hsd.exact(), alpha, pairs);
  }
}
