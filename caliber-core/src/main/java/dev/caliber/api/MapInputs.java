package dev.caliber.api;

import dev.caliber.json.PyJson;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * In-memory inputs in the shapes Python tools take (pytrec_eval, ranx, ir_measures): checked, with
 * messages that name the query and document, and turned into caliber's types. A {@link Map} has
 * no order to keep, so queries are taken in code point order and score maps are ranked by score
 * ({@link dev.caliber.policy.RankingOrder}, through {@link RankedList#byScore}), whatever the map's implementation.
 */
final class MapInputs {
  private MapInputs() {}

  static Qrels qrels(Map<String, ? extends Map<String, Integer>> labels) {
    if (labels == null) {
      throw new IllegalArgumentException("illegal qrels: null, must be a map of query ID to (document ID to label)");
    }
    if (labels.isEmpty()) {
      throw new IllegalArgumentException("illegal qrels: no query, must judge at least one query");
    }
    Map<String, Map<String, Integer>> copy = new LinkedHashMap<>();
    for (String q : queryIds("qrels", labels)) {
      Map<String, Integer> row = labels.get(q);
      if (row == null) {
        throw new IllegalArgumentException("illegal qrels: query " + quote(q) + " has a null row, must be a map of document ID to label");
      }
      row.forEach((d, label) -> {
        if (d == null) {
          throw new IllegalArgumentException("illegal qrels: query " + quote(q) + " has a null document ID");
        }
        if (label == null) {
          throw new IllegalArgumentException("illegal qrels: query " + quote(q) + ", document " + quote(d)
              + " has a null label, must be an integer");
        }
      });
      copy.put(q, row);
    }
    return Qrels.of(copy);
  }

  static ScoredRun scores(String name, Map<String, ? extends Map<String, ? extends Number>> scores) {
    requireName(name);
    requireQueries("scores", scores, "(document ID to score)");
    Map<String, RankedList> lists = new LinkedHashMap<>();
    for (String q : queryIds("scores", scores)) {
      Map<String, ? extends Number> row = scores.get(q);
      if (row == null) {
        throw new IllegalArgumentException("illegal scores: query " + quote(q) + " has a null row, must be a map of document ID to score");
      }
      lists.put(q, byScore(q, row));
    }
    return ScoredRun.of(name, lists, Origin.NONE);
  }

  static ScoredRun rankings(String name, Map<String, ? extends List<String>> rankings) {
    requireName(name);
    requireQueries("rankings", rankings, "(document IDs, best first)");
    Map<String, RankedList> lists = new LinkedHashMap<>();
    for (String q : queryIds("rankings", rankings)) {
      List<String> docs = rankings.get(q);
      if (docs == null) {
        throw new IllegalArgumentException("illegal rankings: query " + quote(q) + " has a null list, must be a list of document IDs");
      }
      for (int i = 0; i < docs.size(); i++) {
        if (docs.get(i) == null) {
          throw new IllegalArgumentException("illegal rankings: query " + quote(q) + " has a null document ID at rank " + (i + 1));
        }
      }
      lists.put(q, RankedList.ofOrder(docs));
    }
    return ScoredRun.of(name, lists, Origin.NONE);
  }

  /** One query's scores as a ranking ({@link RankedList#byScore}: the one rule for score maps), after checking them. */
  private static RankedList byScore(String q, Map<String, ? extends Number> row) {
    int n = row.size();
    String[] docs = new String[n];
    double[] scores = new double[n];
    int i = 0;
    for (Map.Entry<String, ? extends Number> e : row.entrySet()) {
      String d = e.getKey();
      if (d == null) {
        throw new IllegalArgumentException("illegal scores: query " + quote(q) + " has a null document ID");
      }
      Number score = e.getValue();
      if (score == null || !Double.isFinite(score.doubleValue())) {
        throw new IllegalArgumentException("illegal scores: query " + quote(q) + ", document " + quote(d) + " has score "
            + score + ", must be a finite number");
      }
      docs[i] = d;
      scores[i] = score.doubleValue();
      i++;
    }
    return RankedList.byScore(docs, scores);
  }

  static void requireName(String name) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("illegal run name: " + (name == null ? "null" : "\"\"") + ", must be a non-empty string");
    }
  }

  private static void requireQueries(String what, Map<String, ?> map, String row) {
    if (map == null) {
      throw new IllegalArgumentException("illegal " + what + ": null, must be a map of query ID to " + row);
    }
    if (map.isEmpty()) {
      throw new IllegalArgumentException("illegal " + what + ": no query, must have at least one"
          + " (a query the system retrieved nothing for maps to an empty " + (row.startsWith("(document IDs") ? "list" : "map") + ")");
    }
  }

  /** The map's query IDs in code point order; a null ID is an error. */
  private static List<String> queryIds(String what, Map<String, ?> map) {
    List<String> ids = new ArrayList<>(map.size());
    for (String q : map.keySet()) {
      if (q == null) {
        throw new IllegalArgumentException("illegal " + what + ": a null query ID");
      }
      ids.add(q);
    }
    ids.sort(PyJson.CODE_POINT_ORDER);
    return ids;
  }

  static String quote(String id) {
    return PyJson.canonical(id);
  }
}
