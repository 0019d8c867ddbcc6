package dev.caliber.eval;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.measure.Measure;
import dev.caliber.protocol.Facets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
   * @throws ProtocolViolationException if a query of the query set has no value of a facet, naming
   *     the first such query (in the query set's order), the facet and how many lack one
   */
  public static FacetMeans of(RunResult r, Facets f) {
    List<Facet> out = new ArrayList<>();
    java.util.Set<String> listed = new java.util.HashSet<>();
    for (Map.Entry<String, Map<String, String>> facet : f.values().entrySet()) {
      Map<String, List<QueryResult>> byValue = new LinkedHashMap<>();
      for (String value : facet.getValue().values()) {
        byValue.putIfAbsent(value, new ArrayList<>());
      }
      String firstLacking = null;
      int lacking = 0;
      for (QueryResult row : r.rows()) {
        String value = facet.getValue().get(row.query());
        if (value == null) {
          lacking++;
          firstLacking = firstLacking == null ? row.query() : firstLacking;
        } else {
          byValue.get(value).add(row);
        }
      }
      if (lacking > 0) {
        throw new ProtocolViolationException(f.locate(facet.getKey(), firstLacking), "query without a facet value",
            "query " + dev.caliber.json.PyJson.canonical(firstLacking) + " of the query set has no value of facet "
                + dev.caliber.json.PyJson.canonical(facet.getKey()) + (lacking > 1 ? " (nor have " + (lacking - 1) + " more)" : "")
                + "; expected one value of every facet for every query of the query set");
      }
      List<FacetValue> values = new ArrayList<>();
      byValue.forEach((value, rows) -> {
        if (rows.isEmpty()) {
          return; // a value only queries outside the query set have: nothing to average
        }
        List<MeasureSummary> summaries = new ArrayList<>();
        for (Measure m : r.measures()) {
          summaries.add(Evaluation.summarize(m, rows));
        }
        values.add(new FacetValue(value, rows.stream().map(QueryResult::query).toList(), summaries));
      });
      out.add(new Facet(facet.getKey(), values));
      listed.addAll(facet.getValue().keySet());
    }
    java.util.Set<String> inSet = new java.util.HashSet<>();
    r.rows().forEach(q -> inSet.add(q.query()));
    listed.removeAll(inSet);
    return new FacetMeans(r.runName(), out, listed.size());
  }
}
