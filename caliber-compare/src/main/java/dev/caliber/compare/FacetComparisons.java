package dev.caliber.compare;

import dev.caliber.compare.stats.Interval;
import dev.caliber.eval.FacetMeans;
import dev.caliber.protocol.Facets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Every comparison again per facet value (docs/COMPARE.md, "Per facet value"): for each facet of
 * a facet file, each of its values, each compared measure and each pair, the comparison of the
 * pair over the queries with that value.
 *
 * <ul>
 *   <li>Queries: the facet rule of {@link FacetMeans#split}: every query of the query set has one
 *       value of every facet; a value that no query of the query set has is left out.
 *   <li>Deltas: the comparison's own, of those queries; statistics as {@link Comparisons} makes
 *       them, from the same settings: each comparison's bootstrap and randomization test start
 *       their own generators from the seed, so a value that every query has gives the overall
 *       numbers exactly.
 *   <li>Holm: over this family alone, every measure x pair x facet value with a paired query, so
 *       that the overall comparison's adjusted p-values stay as they are without facets.
 * </ul>
 */
public final class FacetComparisons {
  private FacetComparisons() {}

  /**
   * Compares every pair per facet value.
   *
   * @param c the comparison, not null
   * @param f the facets, as read; not null
   * @return each facet's values with their comparisons
   * @throws dev.caliber.error.ProtocolViolationException if a query of the query set has no value of a facet
   */
  public static FacetComparison of(Comparison c, Facets f) {
    List<String> querySet = c.protocol().querySet();
    Map<String, Map<String, List<String>>> split = FacetMeans.split(f, querySet);
    // one job per facet value, measure and pair, in that order
    List<PairedComparison> overall = c.comparisons();
    List<List<String>> groups = new ArrayList<>();
    split.values().forEach(byValue -> groups.addAll(byValue.values()));
    int count = groups.size() * overall.size();
    List<Set<String>> members = groups.stream().<Set<String>>map(HashSet::new).toList(); // once per value, not per comparison
    List<PairedComparison> done = IntStream.range(0, count).parallel().mapToObj(i -> {
      PairedComparison p = overall.get(i % overall.size());
      Set<String> in = members.get(i / overall.size());
      List<QueryDelta> deltas = p.deltas().stream().filter(d -> in.contains(d.query())).toList();
      return Comparisons.compare(p.measure(), c.run(p.baseline()), c.run(p.system()), deltas, c.settings());
    }).toList();
    List<PairedComparison> withIntervals = intervals(done, c.settings());
    List<PairedComparison> adjusted = Comparisons.holm(withIntervals);
    List<FacetComparison.Facet> facets = new ArrayList<>();
    int at = 0;
    for (Map.Entry<String, Map<String, List<String>>> facet : split.entrySet()) {
      List<FacetComparison.FacetValue> values = new ArrayList<>();
      for (Map.Entry<String, List<String>> value : facet.getValue().entrySet()) {
        values.add(new FacetComparison.FacetValue(value.getKey(), value.getValue(), adjusted.subList(at, at + overall.size())));
        at += overall.size();
      }
      facets.add(new FacetComparison.Facet(facet.getKey(), values));
    }
    int family = (int) adjusted.stream().filter(p -> p.randomization() != null).count();
    return new FacetComparison(c.settings(), facets, family, FacetMeans.outside(f, querySet));
  }

  /**
   * Each comparison with its bootstrap interval, by the one rule of every comparison's interval
   * ({@link Intervals}: with query groups, whole groups drawn).
   */
  private static List<PairedComparison> intervals(List<PairedComparison> done, CompareSettings s) {
    Interval[] cis = Intervals.of(done.stream().map(PairedComparison::deltas).toList(), s);
    List<PairedComparison> out = new ArrayList<>(done.size());
    for (int i = 0; i < done.size(); i++) {
      out.add(cis[i] == null ? done.get(i) : done.get(i).withInterval(cis[i]));
    }
    return out;
  }
}
