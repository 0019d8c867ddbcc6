package dev.caliber.report;

import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * caliber's JSON report for a {@link RunResult}: the protocol (fingerprint, query set, policy,
 * measures) first, then the means, then every query's row. Exact values print as fraction strings
 * ({@code "5/6"}), non-rational ones (nDCG) as JSON numbers, excluded ones as null. Computes
 * nothing.
 */
public final class ResultJson {
  private ResultJson() {}

  /**
   * The report as ordered JSON data; the rows' maps are made on each {@code get}, so that a writer
   * holds one row at a time.
   *
   * @param r the run's result, not null
   * @return a new map: run, tag (the TREC tag, or null), protocol_sha256, protocol, summary,
   *     missing, ignored and no-relevant queries, order_disagreement (the queries and lines whose
   *     given order disagrees with their scores or rank column, and the lines of each kind),
   *     coverage (per cutoff of the measures, the mean Judged@k and whether it is low), rows. A mean is null when no query
   *     counted toward it. A summary has bounds (its bounds under holes: low, low_decimal, high,
   *     high_decimal; null for a measure without them) only when the evaluation was asked for them
   */
  public static Map<String, Object> toData(RunResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("run", r.runName());
    m.put("tag", r.tag());
    m.put("protocol_sha256", r.protocolSha256());
    Map<String, Object> protocol = new LinkedHashMap<>();
    protocol.put("query_set", r.protocol().querySetSource());
    protocol.put("total_queries", r.protocol().querySet().size());
    protocol.put("policy", r.protocol().policy().toData());
    protocol.put("measures", r.measures().stream().map(Measure::name).toList());
    if (!r.protocol().labelSources().isEmpty()) { // judgments with sources only: other reports keep their bytes
      protocol.put("label_sources", r.protocol().labelSources());
    }
    m.put("protocol", protocol);
    Map<String, Object> summary = new LinkedHashMap<>();
    for (MeasureSummary s : r.summaries()) {
      summary.put(s.measure().name(), summary(s));
    }
    m.put("summary", summary);
    m.put("missing_queries", r.missingQueries());
    m.put("ignored_queries", r.ignoredQueries());
    m.put("no_relevant_queries", r.noRelevantQueries());
    Map<String, Object> order = new LinkedHashMap<>();
    order.put("queries", r.orderDisagreement().queries());
    order.put("lines", r.orderDisagreement().lines());
    order.put("score_lines", r.orderDisagreement().scoreLines());
    order.put("rank_lines", r.orderDisagreement().rankLines());
    m.put("order_disagreement", order);
    Map<String, Object> coverage = new LinkedHashMap<>();
    for (dev.caliber.result.Coverage.Cutoff c : r.coverage().cutoffs()) {
      Map<String, Object> at = new LinkedHashMap<>();
      at.put("judged", value(c.judged()));
      at.put("low", c.low());
      coverage.put("Judged@" + c.k(), at);
    }
    m.put("coverage", coverage);
    // Each row's data is made when the writer reaches it: a report of 100,000 rows as maps of maps
    // costs about 2.5 KB a row, and PyJson.pretty(value, out) needs one at a time.
    m.put("rows", PyJson.mapped(r.rows(), ResultJson::row));
    return m;
  }

  static Map<String, Object> summary(MeasureSummary s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("mean", s.count() == 0 ? null : s.mean() != null ? s.mean().toString() : (Object) s.decimalMean());
    m.put("decimal", s.count() == 0 ? null : (Object) (s.mean() != null ? s.mean().doubleValue() : s.decimalMean()));
    m.put("exact", s.measure().rational());
    m.put("queries", s.count());
    if (s.bounds() != null) {
      m.put("bounds", bounds(s.bounds()));
    }
    return m;
  }

  /**
   * A mean's bounds under holes, asked for: low and high as the mean prints (an exact fraction's
   * string, else a number), each with its decimal beside it; null for a measure without bounds.
   */
  private static Map<String, Object> bounds(MeasureSummary.Bounds b) {
    if (b.low() == null) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("low", value(b.low()));
    m.put("low_decimal", decimal(b.low()));
    m.put("high", value(b.high()));
    m.put("high_decimal", decimal(b.high()));
    return m;
  }

  /** A mean's decimal as the summary prints it: the exact fraction's nearest double where there is one. */
  private static double decimal(Value v) {
    return v.isExact() ? v.exact().doubleValue() : v.decimal();
  }

  private static Map<String, Object> row(QueryResult q) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("query", q.query());
    m.put("missing", q.missing());
    m.put("returned", q.returned());
    m.put("relevant", q.relevant());
    m.put("unjudged", q.unjudged());
    m.put("first_relevant_rank", q.firstRelevantRank());
    Map<String, Object> values = new LinkedHashMap<>();
    q.values().forEach((measure, v) -> values.put(measure.name(), value(v)));
    m.put("values", values);
    Map<String, Object> ties = new LinkedHashMap<>();
    q.tiesAtCutoff().forEach((k, n) -> ties.put(String.valueOf(k), n));
    m.put("ties_at_cutoff", ties);
    return m;
  }

  /** An exact value as its fraction string, a double as a number, null as null. */
  static Object value(Value v) {
    if (v == null) {
      return null;
    }
    return v.isExact() ? v.exact().toString() : (Object) v.decimal();
  }

  /**
   * Several runs: {"results": {name: report}}.
   *
   * @param results the runs, in the order to print; may be empty
   * @return an immutable map with the one key {@code results}, whose value maps each run's name to
   *     {@link #toData(RunResult)} in the given order; of two runs with the same name the later
   *     is kept
   */
  public static Map<String, Object> toData(List<RunResult> results) {
    Map<String, Object> byName = new LinkedHashMap<>();
    for (RunResult r : results) {
      byName.put(r.runName(), toData(r));
    }
    return Map.of("results", byName);
  }
}
