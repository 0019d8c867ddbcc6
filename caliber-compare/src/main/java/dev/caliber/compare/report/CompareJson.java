package dev.caliber.compare.report;

import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparison;
import dev.caliber.compare.Distribution;
import dev.caliber.compare.PairedComparison;
import dev.caliber.compare.QueryDelta;
import dev.caliber.compare.RecallCurve;
import dev.caliber.compare.stats.SignFlip;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.result.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The comparison as JSON: the protocol, every declared setting and method, each run's summary,
 * then one object per measure and pair with every query's paired values. Keys in a fixed order,
 * written by {@link PyJson#pretty(Object)}: the same comparison always gives the same bytes. Exact
 * values print as fraction strings ({@code "5/6"}) with a {@code _decimal} twin; undefined
 * statistics print null with the reason. Computes nothing.
 */
public final class CompareJson {
  private CompareJson() {}

  /**
   * The JSON text, with a final newline.
   *
   * @param c the comparison, not null
   * @return {@link #toData(Comparison)} as pretty JSON, indent 2, non-ASCII as is
   */
  public static String render(Comparison c) {
    return PyJson.pretty(toData(c)) + "\n";
  }

  /**
   * The same text handed to {@code pieces} a few kilobytes at a time (each piece valid only during
   * its call), so that a comparison of many queries is never one string.
   *
   * @param c the comparison, not null
   * @param pieces receives the text in order, the final newline last; must copy or write each
   *     piece before returning
   */
  public static void render(Comparison c, Consumer<? super CharSequence> pieces) {
    PyJson.pretty(toData(c), pieces);
    pieces.accept("\n");
  }

  /**
   * The report as ordered JSON data; each query's data is made when it is read.
   *
   * @param c the comparison, not null
   * @return a new map in the report's fixed key order, for {@link PyJson#pretty(Object)} or a
   *     caller's own JSON writer
   */
  public static Map<String, Object> toData(Comparison c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("caliber_compare", 1);
    m.put("protocol_sha256", c.protocolSha256());
    Map<String, Object> protocol = new LinkedHashMap<>();
    protocol.put("query_set", c.protocol().querySetSource());
    protocol.put("total_queries", c.protocol().querySet().size());
    protocol.put("policy", c.protocol().policy().toData());
    protocol.put("measures", c.protocol().measures().stream().map(Measure::name).toList());
    if (!c.protocol().labelSources().isEmpty()) { // judgments with sources only: other reports keep their bytes
      protocol.put("label_sources", c.protocol().labelSources());
    }
    m.put("protocol", protocol);
    m.put("runs", c.runNames());
    m.put("mode", c.settings().mode() == CompareSettings.Mode.BASELINE ? "baseline" : "all_pairs");
    m.put("baseline", c.baseline());
    m.put("declared", declared(c));
    m.put("summary", summary(c));
    m.put("comparisons", c.comparisons().stream().map(CompareJson::comparison).toList());
    m.put("recall_precision_curves", c.curves().stream().map(curve -> curve(c, curve)).toList());
    return m;
  }

  /** Everything that affects a number, in words and values. */
  static Map<String, Object> declared(Comparison c) {
    CompareSettings s = c.settings();
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("pairs", s.mode() == CompareSettings.Mode.BASELINE
        ? "every other run against the baseline"
        : "every pair of runs; the run given first is the pair's baseline");
    d.put("delta", "system - baseline, per query, over the queries of the query set where both values are defined;"
        + " exact fractions where the measure is rational");
    Map<String, Object> rng = new LinkedHashMap<>();
    rng.put("algorithm", c.rng());
    rng.put("seed", s.seed());
    rng.put("streams", "each comparison's bootstrap and randomization test start their own generator from the seed");
    d.put("rng", rng);
    Map<String, Object> ci = new LinkedHashMap<>();
    ci.put("method", s.groups() == null ? "percentile bootstrap of the mean delta"
        : "cluster percentile bootstrap of the mean delta: each resample draws query groups with replacement, its mean is the"
            + " drawn groups' sum of deltas over their number of queries");
    ci.put("resamples", s.resamples());
    ci.put("confidence", s.confidence());
    ci.put("quantiles", "linear interpolation between order statistics (Hyndman-Fan type 7)");
    d.put("confidence_interval", ci);
    Map<String, Object> rand = new LinkedHashMap<>();
    rand.put("method", s.groups() == null ? "paired randomization test (sign flips of per-query deltas)"
        : "paired randomization test (sign flips of each query group's sum of deltas; non_zero_deltas counts the groups)");
    rand.put("alternative", "two-sided");
    rand.put("statistic", "|sum of deltas|; an assignment at least as large counts as a hit");
    rand.put("permutations", s.permutations());
    rand.put("p", "(hits + 1) / (permutations + 1) over random sign assignments; when 2^n <= permutations"
        + " (n = non-zero deltas) all 2^n assignments are enumerated and p = hits / 2^n (\"exact\": true)");
    rand.put("arithmetic", "exact integers when every delta is a fraction; else doubles, ties within "
        + PyJson.repr(SignFlip.TOLERANCE) + " x sum |delta|");
    d.put("randomization_test", rand);
    Map<String, Object> t = new LinkedHashMap<>();
    t.put("method", "paired Student t-test (Apache Commons Statistics 1.2)");
    t.put("alternative", "two-sided");
    t.put("undefined_when", "fewer than 2 paired queries, or every delta equal (standard deviation 0)");
    d.put("t_test", t);
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("method", "Cohen's d_z");
    e.put("definition", "mean delta / sample standard deviation of the deltas (denominator n - 1)");
    d.put("effect_size", e);
    Map<String, Object> h = new LinkedHashMap<>();
    h.put("method", "Holm-Bonferroni");
    h.put("applies_to", "randomization_test p");
    h.put("family", "every comparison in this report (measure x pair) with at least one paired query; the points of a"
        + " precision-recall curve are a view, not compared");
    h.put("m", c.holmFamilySize());
    d.put("correction", h);
    if (s.groups() != null) {
      Map<String, Object> g = new LinkedHashMap<>();
      g.put("file", s.groups().source());
      g.put("sha256", s.groups().sha256());
      g.put("groups", s.groups().units(c.protocol().querySet()));
      g.put("queries", c.protocol().querySet().size());
      g.put("applies_to", "the confidence interval, the randomization test and the Tukey HSD test resample whole groups (a query"
          + " the file does not list is a group of its own); the t-test, d_z and the ANOVA stay per query");
      d.put("query_groups", g);
    }
    d.put("distribution_quantiles", "linear interpolation between order statistics (Hyndman-Fan type 7)");
    return d;
  }

  private static Map<String, Object> summary(Comparison c) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (RunResult r : c.runs()) {
      Map<String, Object> byMeasure = new LinkedHashMap<>();
      for (Measure m : c.measures()) {
        Distribution d = c.distribution(r.runName(), m);
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("mean", d == null ? null : value(d.mean()));
        s.put("decimal", d == null ? null : (Object) d.mean().decimal());
        s.put("exact", m.rational());
        s.put("queries", d == null ? 0 : d.count());
        s.put("min", d == null ? null : (Object) d.min());
        s.put("q1", d == null ? null : (Object) d.q1());
        s.put("median", d == null ? null : (Object) d.median());
        s.put("q3", d == null ? null : (Object) d.q3());
        s.put("max", d == null ? null : (Object) d.max());
        byMeasure.put(m.name(), s);
      }
      out.put(r.runName(), byMeasure);
    }
    return out;
  }

  /** A curve: its levels, and each run's mean at each level (null where a run has no value). */
  private static Map<String, Object> curve(Comparison c, RecallCurve curve) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("family", curve.family());
    out.put("measures", curve.levels().stream().map(Measure::name).toList());
    out.put("recall", curve.levels().stream().map(l -> (Object) l.level().doubleValue()).toList());
    Map<String, Object> means = new LinkedHashMap<>();
    Map<String, Object> decimals = new LinkedHashMap<>();
    for (RunResult r : c.runs()) {
      List<Distribution> ds = curve.levels().stream().map(l -> c.distribution(r.runName(), l)).toList();
      means.put(r.runName(), ds.stream().map(d -> d == null ? null : value(d.mean())).toList());
      decimals.put(r.runName(), ds.stream().map(d -> d == null ? null : (Object) d.mean().decimal()).toList());
    }
    out.put("means", means);
    out.put("decimals", decimals);
    return out;
  }

  static Map<String, Object> comparison(PairedComparison p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("measure", p.measure().name());
    m.put("baseline", p.baseline());
    m.put("system", p.system());
    m.put("queries", p.deltas().size());
    m.put("exact", p.measure().rational());
    m.put("baseline_mean", value(p.baselineMean()));
    m.put("system_mean", value(p.systemMean()));
    m.put("mean_delta", value(p.meanDelta()));
    m.put("mean_delta_decimal", p.meanDelta() == null ? null : (Object) p.meanDelta().decimal());
    Map<String, Object> ci = null;
    if (p.interval() != null) {
      ci = new LinkedHashMap<>();
      ci.put("lower", p.interval().lower());
      ci.put("upper", p.interval().upper());
    }
    m.put("confidence_interval", ci);
    m.put("wins", p.wins());
    m.put("ties", p.ties());
    m.put("losses", p.losses());
    Map<String, Object> rand = null;
    if (p.randomization() != null) {
      rand = new LinkedHashMap<>();
      rand.put("p", p.randomization().p());
      rand.put("exact", p.randomization().exact());
      rand.put("hits", p.randomization().hits());
      rand.put("permutations", p.randomization().permutations());
      rand.put("non_zero_deltas", p.randomization().nonZero());
    }
    m.put("randomization_test", rand);
    m.put("p_holm", p.holmP());
    Map<String, Object> t = new LinkedHashMap<>();
    t.put("t", p.tTest().t());
    t.put("df", p.tTest().df() == null ? null : (Object) Math.round(p.tTest().df()));
    t.put("p", p.tTest().p());
    t.put("undefined", p.tTest().undefinedReason());
    m.put("t_test", t);
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("d_z", p.effectSize().dz());
    e.put("undefined", p.effectSize().undefinedReason());
    m.put("effect_size", e);
    m.put("worse_queries", PyJson.mapped(p.worse(), CompareJson::query));
    m.put("per_query", PyJson.mapped(p.deltas(), CompareJson::query)); // 100,000 queries: never all as maps
    return m;
  }

  private static Map<String, Object> query(QueryDelta d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("query", d.query());
    m.put("baseline", value(d.baseline()));
    m.put("system", value(d.system()));
    m.put("delta", value(d.delta()));
    m.put("baseline_first_relevant_rank", d.baselineRank());
    m.put("system_first_relevant_rank", d.systemRank());
    return m;
  }

  /** An exact value as its fraction string, a double as a number, none as null. */
  static Object value(Value v) {
    if (v == null) {
      return null;
    }
    return v.isExact() ? v.exact().toString() : (Object) v.decimal();
  }
}
