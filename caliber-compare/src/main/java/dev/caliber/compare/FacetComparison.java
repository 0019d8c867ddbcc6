package dev.caliber.compare;

import dev.caliber.measure.Measure;
import java.util.List;
import java.util.Objects;

/**
 * A comparison per facet value ({@code caliber compare --facets}): every measure and pair of a
 * {@link Comparison} again, restricted to the queries of each value of each facet. Built by {@link
 * FacetComparisons}; pure data for the writers.
 *
 * <p>Each value's {@link PairedComparison}s are those {@link Comparisons} makes, from the same
 * settings, over that value's queries alone; only their {@link PairedComparison#holmP()} differs in
 * kind: adjusted over this family (every measure x pair x facet value with a paired query), not over
 * the overall comparison's.
 *
 * @param settings the comparison's settings: seed, resamples, permutations, confidence
 * @param facets each facet, in the order of the facet file
 * @param family the size of Holm's family: the comparisons here with a randomization test
 * @param outside how many queries the facet file gives a value that are not in the query set
 */
public record FacetComparison(CompareSettings settings, List<Facet> facets, int family, int outside) {
  /**
   * Copies.
   *
   * @param settings the comparison's settings, not null
   * @param facets the facets; not null
   * @param family the size of Holm's family, at least 0
   * @param outside the file's queries outside the query set, at least 0
   * @throws NullPointerException if the settings, the list or an element is null
   */
  public FacetComparison {
    Objects.requireNonNull(settings, "settings");
    facets = List.copyOf(facets);
  }

  /**
   * One facet.
   *
   * @param name the facet's name
   * @param values each value with a query in the query set, in the order the file first gives it
   */
  public record Facet(String name, List<FacetValue> values) {
    /**
     * Copies.
     *
     * @param name the facet's name, not null
     * @param values its values; not null
     * @throws NullPointerException if the name, the list or an element is null
     */
    public Facet {
      Objects.requireNonNull(name, "name");
      values = List.copyOf(values);
    }
  }

  /**
   * One value of a facet: the comparison restricted to its queries.
   *
   * @param value the value
   * @param queries its queries of the query set, in the query set's order
   * @param comparisons every measure's comparison of every pair over those queries, in the
   *     comparison's order: measures, then pairs
   */
  public record FacetValue(String value, List<String> queries, List<PairedComparison> comparisons) {
    /**
     * Copies.
     *
     * @param value the value, not null
     * @param queries its queries; not null
     * @param comparisons its comparisons; not null
     * @throws NullPointerException if the value, a list or an element is null
     */
    public FacetValue {
      Objects.requireNonNull(value, "value");
      queries = List.copyOf(queries);
      comparisons = List.copyOf(comparisons);
    }

    /**
     * One measure's comparisons.
     *
     * @param m a measure
     * @return its comparison of every pair, in pair order; empty when it is not compared
     */
    public List<PairedComparison> comparisons(Measure m) {
      return comparisons.stream().filter(p -> p.measure().equals(m)).toList();
    }
  }
}
