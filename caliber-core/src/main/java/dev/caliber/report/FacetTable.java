package dev.caliber.report;

import dev.caliber.eval.FacetMeans;
import dev.caliber.result.MeasureSummary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Means per facet value as data and as a tab-separated table ({@code caliber evaluate --facets}):
 * one line per (run, facet, value), {@code run, facet, value, queries}, then one column per
 * measure, in the one number format of the readable outputs ({@link Numbers}) and the one TSV
 * escaping ({@link QueryTable#escape}). Computes nothing.
 */
public final class FacetTable {
  private FacetTable() {}

  /**
   * The table.
   *
   * @param means each run's facet means, at least one, all with the first one's measures
   * @param numbers decimals, or exact fractions where a mean is exact
   * @return the header line and one line per (run, facet, value), each ending with {@code \n}
   */
  public static String render(List<FacetMeans> means, Numbers numbers) {
    StringBuilder out = new StringBuilder("run\tfacet\tvalue\tqueries");
    List<MeasureSummary> first = means.get(0).facets().get(0).values().get(0).summaries();
    for (MeasureSummary s : first) {
      out.append('\t').append(s.measure().name());
    }
    out.append('\n');
    for (FacetMeans m : means) {
      for (FacetMeans.Facet f : m.facets()) {
        for (FacetMeans.FacetValue v : f.values()) {
          out.append(QueryTable.escape(m.run())).append('\t').append(QueryTable.escape(f.name())).append('\t')
              .append(QueryTable.escape(v.value())).append('\t').append(v.queries().size());
          for (MeasureSummary s : v.summaries()) {
            out.append('\t').append(s.value() == null ? "" : numbers.value(s.measure(), s.value()));
          }
          out.append('\n');
        }
      }
    }
    return out.toString();
  }

  /**
   * One run's facet means as JSON data: {@code facets}, each facet's name to a list of its values,
   * each with {@code value}, {@code queries} (how many) and {@code summary} (each measure's mean,
   * written as the run's own summary is: mean, decimal, exact, queries); and {@code
   * outside_query_set}, the number of the file's queries not in the query set.
   *
   * @param m the run's facet means
   * @return a new map
   */
  public static Map<String, Object> toData(FacetMeans m) {
    Map<String, Object> facets = new LinkedHashMap<>();
    for (FacetMeans.Facet f : m.facets()) {
      List<Object> values = new java.util.ArrayList<>();
      for (FacetMeans.FacetValue v : f.values()) {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("value", v.value());
        one.put("queries", v.queries().size());
        Map<String, Object> summary = new LinkedHashMap<>();
        for (MeasureSummary s : v.summaries()) {
          summary.put(s.measure().name(), ResultJson.summary(s));
        }
        one.put("summary", summary);
        values.add(one);
      }
      facets.put(f.name(), values);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("facets", facets);
    out.put("outside_query_set", m.outside());
    return out;
  }
}
