package dev.caliber.eval;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.protocol.Facets;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A run's means per facet value (docs/MEASURES.md, "Facets"): for each facet of a facet file and
 * each of its values, the queries of the query set with that value and each measure's mean over
 * them, averaged as the run's own means are ({@link Evaluation#summarize(Measure, List)}: over the
 * queries with a value, exact where the measure is rational). Every query of the query set must
 * have one value of every facet, so that each facet splits the query set: the means of a facet's
 * values, weighted by their counts, give the run's mean. A query of the file outside the query set
 * is not scored; their number is reported.
 *
 * @param run the run's name
 * @param facets each facet, in file order
 * @param outside how many queries the file gives a value that are not in the query set
 */
public record FacetMeans(String run, List<Facet> facets, int outside) {
  /**
   * Copies.
   *
   * @param run the run's name
   * @param facets the facets
   * @param outside queries of the file outside the query set
   */
  public FacetMeans {
    facets = List.copyOf(facets);
  }

  /**
   * One facet.
   *
   * @param name the facet's name
   * @param values each value, in the order the file first gives it
   */
  public record Facet(String name, List<FacetValue> values) {
    /**
     * Copies.
     *
     * @param name the facet's name
     * @param values its values
     */
    public Facet {
      values = List.copyOf(values);
    }
  }

  /**
   * One value of a facet.
   *
   * @param value the value
   * @param queries the queries of the query set with it, in the query set's order
   * @param summaries each measure's mean over them, in the run's measure order
   */
  public record FacetValue(String value, List<String> queries, List<MeasureSummary> summaries) {
    /**
     * Copies.
     *
     * @param value the value
     * @param queries its queries
     * @param summaries the means
     */
    public FacetValue {
      queries = List.copyOf(queries);
      summaries = List.copyOf(summaries);
    }
  }

  /**
   * A run's means per facet value.
   *
   * @param r the run's result
   * @param f the facets, as read
   * @return the means
   * @throws ProtocolViolationException if a query of the query set has no value of a facet, as
   *     {@link #split} says
   */
  public static FacetMeans of(RunResult r, Facets f) {
    Map<String, QueryResult> rowOf = new HashMap<>();
    r.rows().forEach(row -> rowOf.put(row.query(), row));
    List<String> querySet = r.rows().stream().map(QueryResult::query).toList();
    List<Facet> out = new ArrayList<>();
    split(f, querySet).forEach((facet, byValue) -> {
      List<FacetValue> values = new ArrayList<>();
      byValue.forEach((value, queries) -> {
        List<QueryResult> rows = queries.stream().map(rowOf::get).toList();
        List<MeasureSummary> summaries = new ArrayList<>();
        for (Measure m : r.measures()) {
          summaries.add(Evaluation.summarize(m, rows));
        }
        values.add(new FacetValue(value, queries, summaries));
      });
      out.add(new Facet(facet, values));
    });
    return new FacetMeans(r.runName(), out, outside(f, querySet));
  }

  /**
   * The one rule of facets, for the means here and for the comparisons per facet value ({@code
   * dev.caliber.compare.FacetComparisons}): every query of the query set has one value of every
   * facet, so that each facet splits the query set; a value that only queries outside the query
   * set have is left out (nothing to average).
   *
   * @param f the facets, as read
   * @param querySet the query set, in its order
   * @return facet name to (value to its queries of the query set, in the query set's order),
   *     facets in file order, values in the order the file first gives them
   * @throws ProtocolViolationException if a query of the query set has no value of a facet, naming
   *     the first such query (in the query set's order), the facet and how many lack one
   */
  public static Map<String, Map<String, List<String>>> split(Facets f, List<String> querySet) {
    Map<String, Map<String, List<String>>> out = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, String>> facet : f.values().entrySet()) {
      Map<String, List<String>> byValue = new LinkedHashMap<>();
      for (String value : facet.getValue().values()) {
        byValue.putIfAbsent(value, new ArrayList<>());
      }
      String firstLacking = null;
      int lacking = 0;
      for (String q : querySet) {
        String value = facet.getValue().get(q);
        if (value == null) {
          lacking++;
          firstLacking = firstLacking == null ? q : firstLacking;
        } else {
          byValue.get(value).add(q);
        }
      }
      if (lacking > 0) {
        throw new ProtocolViolationException(f.locate(facet.getKey(), firstLacking), "query without a facet value",
            "query " + PyJson.canonical(firstLacking) + " of the query set has no value of facet "
                + PyJson.canonical(facet.getKey()) + (lacking > 1 ? " (nor have " + (lacking - 1) + " more)" : "")
                + "; expected one value of every facet for every query of the query set");
      }
      byValue.values().removeIf(List::isEmpty);
      out.put(facet.getKey(), byValue);
    }
    return out;
  }

  /**
   * How many queries the facet file gives a value that are not in the query set (not scored).
   *
   * @param f the facets, as read
   * @param querySet the query set
   * @return the number of the file's queries outside it
   */
  public static int outside(Facets f, java.util.Collection<String> querySet) {
    Set<String> listed = new HashSet<>();
    f.values().values().forEach(byQuery -> listed.addAll(byQuery.keySet()));
    listed.removeAll(new HashSet<>(querySet));
    return listed.size();
  }
}
