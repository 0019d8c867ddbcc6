package dev.caliber.compare.report;

import dev.caliber.json.PyJson;
import dev.caliber.pool.Hole;
import dev.caliber.pool.PoolCoverage;
import dev.caliber.pool.PoolResult;
import dev.caliber.pool.PoolSettings;
import dev.caliber.pool.Strategy;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A pool as JSON Lines ({@code caliber pool --format jsonl}): a first line holding the settings
 * and the coverage ({@code "caliber_pool": 1}), then one object per hole in priority order, each
 * with every field a judging prompt or an annotation tool needs. Each line is canonical JSON (keys
 * in code point order, no blanks). Computes nothing.
 */
public final class PoolJson {
  private PoolJson() {}

  /**
   * The header line's data: settings, runs, counts and coverage, overall and per query.
   *
   * @param r the pool, not null
   * @return JSON data
   */
  public static Map<String, Object> header(PoolResult r) {
    PoolSettings s = r.settings();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("caliber_pool", 1);
    m.put("strategy", s.strategy().label());
    m.put("depth", s.depth());
    m.put("persistence", s.strategy() == Strategy.RBP ? s.persistence() : null);
    m.put("ordering", s.ordering().name().toLowerCase(Locale.ROOT));
    m.put("limit", s.limit() == 0 ? null : s.limit());
    m.put("per_query", s.perQuery() == 0 ? null : s.perQuery());
    m.put("runs", r.runs());
    m.put("holes", r.holes().size());
    m.put("unlisted", r.unlisted());
    PoolCoverage c = r.coverage();
    Map<String, Object> coverage = new LinkedHashMap<>();
    coverage.put("pairs", c.pairs());
    coverage.put("judged", c.judged());
    coverage.put("judged_after", c.after());
    coverage.put("queries", PyJson.mapped(c.queries(), q -> {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("query", q.query());
      row.put("pairs", q.pairs());
      row.put("judged", q.judged());
      row.put("judged_after", q.after());
      return row;
    }));
    m.put("coverage", coverage);
    return m;
  }

  /**
   * A hole's data.
   *
   * @param h the hole
   * @param position its 1-based place in the list
   * @param r the pool it belongs to
   * @return JSON data: texts only when the pool has them
   */
  public static Map<String, Object> hole(Hole h, int position, PoolResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("position", position);
    m.put("query", h.query());
    m.put("doc", h.doc());
    m.put("priority", r.settings().strategy() == Strategy.DEPTH ? (Object) h.runs() : (Object) h.priority());
    if (r.settings().strategy() == Strategy.RBP) {
      m.put("priority_exact", h.exact().toString());
    }
    m.put("runs", h.runs());
    m.put("best_rank", h.bestRank());
    if (r.queryTexts()) {
      m.put("query_text", h.queryText());
    }
    if (r.docTexts()) {
      m.put("doc_title", h.docTitle());
      m.put("doc_text", h.docText());
    }
    return m;
  }

  /**
   * The JSON Lines text.
   *
   * @param r the pool, not null
   * @param out receives the text in pieces, in order
   */
  public static void jsonl(PoolResult r, Consumer<? super CharSequence> out) {
    PyJson.canonical(header(r), out);
    out.accept("\n");
    List<Hole> holes = r.holes();
    for (int i = 0; i < holes.size(); i++) {
      PyJson.canonical(hole(holes.get(i), i + 1, r), out);
      out.accept("\n");
    }
  }
}
