package dev.caliber.treceval;

import dev.caliber.error.Location;
import dev.caliber.error.Violations;
import dev.caliber.json.PyJson;
import dev.caliber.measure.JudgedRanking;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.RankingOrder;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rankings trec_eval reads of a run (form_res_rels.c, trec_eval.c): what its measures see of
 * each query, and the labels its relstring shows.
 */
final class TrecEvalRankings {
  private TrecEvalRankings() {}

  /**
   * What trec_eval evaluates of a run (form_res_rels.c): each query of the set in ranking order,
   * cut to the first {@code depth} documents (all for 0), with ranks 1..n; the run's other queries
   * left out. A document twice among them stops it, as it stops trec_eval; a repetition past the
   * depth, or in a query outside the set, is never looked at, by either.
   */
  static ScoredRun evaluated(ScoredRun run, List<String> querySet, Ordering ordering, int depth) {
    Map<String, RankedList> lists = new LinkedHashMap<>();
    Map<String, int[]> orders = new HashMap<>();
    for (String q : querySet) {
      if (!run.has(q)) {
        continue;
      }
      RankedList list = run.list(q);
      int[] order = RankingOrder.order(list, ordering);
      int n = depth == 0 ? order.length : Math.min(depth, order.length);
      String[] docs = new String[n];
      double[] scores = new double[n];
      long[] ranks = new long[n];
      Map<String, Integer> seen = new HashMap<>(n * 2);
      for (int i = 0; i < n; i++) {
        docs[i] = list.doc(order[i]);
        scores[i] = list.score(order[i]);
        ranks[i] = i + 1;
        Integer before = seen.putIfAbsent(docs[i], order[i]);
        if (before != null) {
          throw duplicate(run.origin(), q, docs[i], Math.min(before, order[i]), Math.max(before, order[i]), depth);
        }
      }
      lists.put(q, RankedList.of(docs, scores, ranks));
      orders.put(q, Arrays.copyOf(order, n));
    }
    Origin origin = run.origin();
    // Entry i of a cut list is entry order[i] of the file's: errors still name the file's lines.
    return ScoredRun.of(run.name(), run.tag(), lists, path -> path.length == 2 && path[1] instanceof Integer i
        && orders.containsKey(path[0]) ? origin.locate(path[0], orders.get(path[0])[i]) : origin.locate(path));
  }

  private static TrecEval.Stopped duplicate(Origin origin, String query, String doc, int first, int second, int depth) {
    Location at = origin.locate(query, second);
    Location was = origin.locate(query, first);
    String where = at.line() > 0 && was.line() > 0 ? " on line " + at.line() + " repeats line " + was.line()
        : " at entry " + (second + 1) + " repeats entry " + (first + 1);
    return new TrecEval.Stopped(at, Violations.DUPLICATE_DOCUMENT, "query " + PyJson.canonical(query) + ": document "
        + PyJson.canonical(doc) + where + (depth == 0 ? "" : ", both among the first " + depth + " by score (-M " + depth + ")")
        + "; trec_eval 10.0 stops here with status 4");
  }

  /** The document trec_eval.c ranks alone for a judged query its results lack, under {@code -c}. */
  static final String PLACEHOLDER = "ceci_nest_pas_un_docno";

  /**
   * The labels of the first {@code length} documents of a query's ranking, for trec_eval's
   * relstring: ranked by the one ranking rule ({@link RankingOrder}) under the policy's ordering, each
   * labelled from the qrels ({@link JudgedRanking#UNJUDGED} where it has no judgment). A query the
   * run lacks (under {@code -c}, the only way it is shown) has trec_eval's one placeholder document
   * ({@link #PLACEHOLDER}), unjudged unless the qrels judge that name.
   */
  static int[] leadingLabels(Qrels qrels, ScoredRun run, Ordering ordering, String query, int length) {
    if (!run.has(query)) {
      Integer l = qrels.asMap().getOrDefault(query, Map.of()).get(PLACEHOLDER);
      return length < 1 ? new int[0] : new int[] {l == null ? JudgedRanking.UNJUDGED : l};
    }
    RankedList list = run.list(query);
    int[] order = RankingOrder.order(list, ordering);
    Map<String, Integer> labels = qrels.asMap().getOrDefault(query, Map.of());
    int[] out = new int[Math.min(length, order.length)];
    for (int i = 0; i < out.length; i++) {
      Integer l = labels.get(list.doc(order[i]));
      out[i] = l == null ? JudgedRanking.UNJUDGED : l;
    }
    return out;
  }
}
