package dev.caliber.compare.report;

import dev.caliber.compare.agreement.Coefficient;
import dev.caliber.compare.agreement.LabelAgreement;
import dev.caliber.compare.agreement.QrelsAgreement;
import dev.caliber.compare.agreement.QueryAgreement;
import dev.caliber.compare.agreement.SystemOrderings;
import dev.caliber.json.PyJson;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Value;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A judgment agreement as JSON ({@code caliber_qrels_compare: 1}, docs/FORMATS.md): the judgment
 * sets, the threshold, what only one set judges, the overall agreement, one object per query, and
 * the systems' orderings when runs were given; for a set whose judgments name their sources, the
 * labels each source gave ({@code label_sources_a}, {@code label_sources_b}). Labels are exact
 * numbers ({@code 0.7}). Exact values print as fraction strings ({@code
 * "726/1055"}) with a {@code _decimal} twin; a coefficient is {@code {"value", "decimal",
 * "undefined"}}, the reason in {@code undefined} when it has no value. Keys in a fixed order.
 * Computes nothing.
 */
public final class AgreementJson {
  private AgreementJson() {}

  /**
   * The report as ordered JSON data.
   *
   * @param r the agreement, not null
   * @param a how judgment set A is named (its file), not null
   * @param b how judgment set B is named, not null
   * @return a new map in the report's fixed key order, for {@code ReportJson.render}
   */
  public static Map<String, Object> toData(QrelsAgreement r, String a, String b) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("caliber_qrels_compare", 1);
    Map<String, Object> sets = new LinkedHashMap<>();
    sets.put("a", a);
    sets.put("b", b);
    m.put("qrels", sets);
    if (!r.sourcesA().isEmpty()) { // judgments with sources only: other reports keep their bytes
      m.put("label_sources_a", r.sourcesA());
    }
    if (!r.sourcesB().isEmpty()) {
      m.put("label_sources_b", r.sourcesB());
    }
    m.put("relevance_threshold", r.threshold());
    Map<String, Object> coverage = new LinkedHashMap<>();
    coverage.put("queries_both", r.queries().size());
    coverage.put("queries_only_a", r.queriesOnlyA());
    coverage.put("queries_only_b", r.queriesOnlyB());
    coverage.put("pairs_both", r.overall().pairs());
    coverage.put("pairs_only_a", r.pairsOnlyA());
    coverage.put("pairs_only_b", r.pairsOnlyB());
    m.put("coverage", coverage);
    m.put("overall", agreement(new LinkedHashMap<>(), r.overall()));
    m.put("queries", PyJson.mapped(r.queries(), AgreementJson::query));
    m.put("orderings", r.orderings() == null ? null : orderings(r.orderings()));
    return m;
  }

  private static Map<String, Object> query(QueryAgreement q) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("query", q.query());
    m.put("pairs_only_a", q.pairsOnlyA());
    m.put("pairs_only_b", q.pairsOnlyB());
    return agreement(m, q.agreement());
  }

  private static Map<String, Object> agreement(Map<String, Object> m, LabelAgreement a) {
    m.put("pairs", a.pairs());
    m.put("labels", a.labels());
    m.put("confusion", a.confusion());
    exact(m, "agreement", a.agreement());
    exact(m, "binary_agreement", a.binaryAgreement());
    m.put("kappa", coefficient(a.kappa()));
    m.put("kappa_linear", coefficient(a.linearKappa()));
    m.put("kappa_quadratic", coefficient(a.quadraticKappa()));
    m.put("alpha_nominal", coefficient(a.alphaNominal()));
    m.put("alpha_ordinal", coefficient(a.alphaOrdinal()));
    m.put("alpha_interval", coefficient(a.alphaInterval()));
    return m;
  }

  private static Map<String, Object> orderings(SystemOrderings o) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("measure", o.measure().toString());
    m.put("queries", o.queries());
    m.put("alpha", o.alpha());
    m.put("comparisons", o.comparisons());
    m.put("systems", o.systems().stream().map(s -> {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("run", s.run());
      value(x, "mean_a", s.meanA());
      value(x, "mean_b", s.meanB());
      x.put("place_a", s.placeA());
      x.put("place_b", s.placeB());
      return x;
    }).toList());
    m.put("tau_b", coefficient(o.tauB()));
    m.put("tau_ap_a", coefficient(o.tauApA()));
    m.put("tau_ap_b", coefficient(o.tauApB()));
    m.put("swaps", o.swaps().stream().map(s -> {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("above_under_a", s.aboveUnderA());
      x.put("above_under_b", s.aboveUnderB());
      return x;
    }).toList());
    m.put("significance_differs", o.significance().stream().map(c -> {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("baseline", c.baseline());
      x.put("system", c.system());
      value(x, "delta_a", c.deltaA());
      x.put("holm_p_a", c.holmA());
      value(x, "delta_b", c.deltaB());
      x.put("holm_p_b", c.holmB());
      x.put("significant_under", c.significantUnderA() ? "a" : "b");
      return x;
    }).toList());
    return m;
  }

  private static Map<String, Object> coefficient(Coefficient c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("value", c.defined() && c.value().isExact() ? c.value().exact().toString() : null);
    m.put("decimal", c.defined() ? (Object) c.value().decimal() : null);
    m.put("undefined", c.undefined());
    return m;
  }

  /** {@code key}: the exact fraction string (null when not rational) and {@code key_decimal}. */
  private static void value(Map<String, Object> m, String key, Value v) {
    m.put(key, v == null || !v.isExact() ? null : v.exact().toString());
    m.put(key + "_decimal", v == null ? null : (Object) v.decimal());
  }

  private static void exact(Map<String, Object> m, String key, Fraction f) {
    value(m, key, f == null ? null : Value.of(f));
  }
}
