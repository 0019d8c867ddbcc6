package dev.caliber.compare.report;

import dev.caliber.compare.diff.DiffMean;
import dev.caliber.compare.diff.DiffSettings;
import dev.caliber.compare.diff.DocumentRanks;
import dev.caliber.compare.diff.QueryDiff;
import dev.caliber.compare.diff.Rbo;
import dev.caliber.compare.diff.RunDiff;
import dev.caliber.compare.diff.TopK;
import dev.caliber.json.PyJson;
import dev.caliber.math.Fraction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A diff as JSON ({@code caliber_diff: 1}): the runs, the settings, the query set (with the queries
 * each run lacks, scored as empty rankings there, and those ignored), the means, then one object
 * per query with its top-k lists' documents. Keys in a fixed order: the same diff always gives the
 * same bytes. Rational values (overlap, Jaccard, recall and their means) print as exact fraction
 * strings ({@code "37/50"}) with a {@code _decimal} twin; RBO's values are doubles. Computes
 * nothing.
 */
public final class DiffJson {
  private DiffJson() {}

  /**
   * The report as ordered JSON data; each query's data is made when it is read.
   *
   * @param d the diff, not null
   * @return a new map in the report's fixed key order, for {@code ReportJson.render}
   */
  public static Map<String, Object> toData(RunDiff d) {
    DiffSettings s = d.settings();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("caliber_diff", 1);
    Map<String, Object> runs = new LinkedHashMap<>();
    runs.put("a", d.runA());
    runs.put("b", d.runB());
    m.put("runs", runs);
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("rbo_p", s.p());
    settings.put("cutoffs", s.cutoffs());
    settings.put("depth", s.depth() == 0 ? null : s.depth());
    settings.put("ordering", s.ordering().name().toLowerCase(java.util.Locale.ROOT));
    settings.put("ann", s.ann());
    settings.put("judgments", d.judged());
    m.put("settings", settings);
    m.put("declared", declared(s));
    Map<String, Object> set = new LinkedHashMap<>();
    set.put("source", d.querySetSource());
    set.put("queries", d.queries().size());
    set.put("missing_from_a", d.missingFromA());
    set.put("missing_from_b", d.missingFromB());
    set.put("ignored", d.ignored());
    m.put("query_set", set);
    m.put("mean", mean(d.mean()));
    m.put("queries", PyJson.mapped(d.queries(), q -> query(q, s)));
    return m;
  }

  private static Map<String, Object> declared(DiffSettings s) {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("ranking", "each run's entries for a query in the ordering's order, the first depth of them (null: all)");
    d.put("missing_queries", "a query of the set that a run lacks is an empty ranking in that run");
    d.put("rbo", "rank-biased overlap with persistence rbo_p (Webber, Moffat and Zobel 2010, ACM TOIS 28(4)): min is RBO_min"
        + " (eq. 11), res is RBO_max - RBO_min, ext is RBO_ext (eq. 32, rankings of different lengths); two empty rankings"
        + " have ext 1, one empty ranking ext 0");
    d.put("top_k", "top-k(X) is the first min(k, |X|) documents of X's ranking; overlap = |top-k(A) ∩ top-k(B)|,"
        + " overlap_fraction = overlap / k, jaccard = overlap / |top-k(A) ∪ top-k(B)| (1 when both are empty)");
    d.put("documents", "common: in both top-k lists, in A's order; new: in B's top k only, in B's order; dropped: in A's top"
        + " k only, in A's order; ranks are 1-based within the depth, null where the run does not rank the document");
    d.put("judged", "for a new document when judgments are given: whether they name it for the query, whatever the label");
    if (s.ann()) {
      d.put("recall", "|top-k(B) ∩ top-k(A)| / min(k, |A|), run A taken as the exact nearest neighbours, compared by document"
          + " ID; null when A ranks nothing; its mean is over the queries with a recall (recall_queries)");
    }
    d.put("mean", "over every query of the set; RBO's in doubles, the rest exact");
    return d;
  }

  private static Map<String, Object> mean(DiffMean mean) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("queries", mean.queries());
    m.put("rbo", rbo(mean.rbo()));
    m.put("cutoffs", mean.cutoffs().stream().map(c -> {
      Map<String, Object> k = new LinkedHashMap<>();
      k.put("k", c.k());
      exact(k, "overlap", c.overlap());
      exact(k, "overlap_fraction", c.overlapFraction());
      exact(k, "jaccard", c.jaccard());
      if (c.recallQueries() > 0 || c.recall() != null) {
        exact(k, "recall", c.recall());
        k.put("recall_queries", c.recallQueries());
      }
      return k;
    }).toList());
    return m;
  }

  private static Map<String, Object> query(QueryDiff q, DiffSettings s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("query", q.query());
    m.put("in_a", q.inA());
    m.put("in_b", q.inB());
    m.put("ranked_a", q.rankedA());
    m.put("ranked_b", q.rankedB());
    m.put("rbo", rbo(q.rbo()));
    m.put("cutoffs", q.cutoffs().stream().map(t -> topK(t, s)).toList());
    return m;
  }

  private static Map<String, Object> topK(TopK t, DiffSettings s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("k", t.k());
    m.put("overlap", t.overlap());
    exact(m, "overlap_fraction", t.overlapFraction());
    exact(m, "jaccard", t.jaccard());
    if (s.ann()) {
      exact(m, "recall", t.recall());
    }
    m.put("moved", t.moved());
    m.put("common", documents(t.common(), false));
    m.put("new", documents(t.added(), true));
    m.put("dropped", documents(t.dropped(), false));
    return m;
  }

  private static List<Map<String, Object>> documents(List<DocumentRanks> docs, boolean judged) {
    return docs.stream().map(d -> {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("doc", d.doc());
      m.put("rank_a", d.rankA());
      m.put("rank_b", d.rankB());
      if (judged && d.judged() != null) {
        m.put("judged", d.judged());
      }
      return m;
    }).toList();
  }

  private static Map<String, Object> rbo(Rbo r) {
    if (r == null) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("min", r.min());
    m.put("res", r.res());
    m.put("ext", r.ext());
    return m;
  }

  /** {@code key: "n/d"} and {@code key_decimal}, or both null. */
  private static void exact(Map<String, Object> m, String key, Fraction f) {
    m.put(key, f == null ? null : f.toString());
    m.put(key + "_decimal", f == null ? null : (Object) f.doubleValue());
  }
}
