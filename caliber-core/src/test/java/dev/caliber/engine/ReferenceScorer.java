package dev.caliber.engine;

import dev.caliber.measure.JudgedRanking;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.RankingOrder;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.RankedList;
import dev.caliber.result.QueryResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A plain model of one query's row, the way a reader of the protocol would compute it: sort every
 * entry by {@link RankingOrder}, cut at the depth, look each document's label up in the judgments'
 * map, and scan for ties at each cutoff. No bytes, no hash tables, no ranks of judged entries
 * only: the engine's scorer must agree with it on every input.
 */
final class ReferenceScorer {
  private ReferenceScorer() {}

  /** The row of query {@code q}; {@code list} null means the run has no entry for it. */
  static QueryResult score(EvalProtocol protocol, RankedList list, String q) {
    boolean missing = list == null;
    if (missing) {
      list = RankedList.ofOrder(List.of());
    }
    int[] order = RankingOrder.order(list, protocol.policy().ordering());
    int depth = protocol.policy().depth() == 0 ? order.length : Math.min(protocol.policy().depth(), order.length);
    Map<String, Integer> row = protocol.qrels().row(q);
    if (row == null) {
      row = Map.of();
    }
    int[] labels = new int[depth];
    int unjudged = 0;
    for (int i = 0; i < depth; i++) {
      Integer label = row.get(list.doc(order[i]));
      labels[i] = label == null ? JudgedRanking.UNJUDGED : label;
      if (label == null) {
        unjudged++;
      }
    }
    int[] judged = row.values().stream().mapToInt(Integer::intValue).toArray();
    int threshold = protocol.policy().relevanceThreshold();
    JudgedRanking ranking = new JudgedRanking(labels, judged, threshold, protocol.policy().gain());
    Map<Measure, Value> values = new LinkedHashMap<>();
    for (Measure m : protocol.measures()) {
      boolean excluded = m.needsRelevant()
          && protocol.policy().noRelevant() == NoRelevant.EXCLUDE
          && ranking.numRelevant(m.relevanceLevel(threshold)) == 0;
      values.put(m, excluded ? null : m.compute(ranking));
    }
    Integer first = null;
    for (int i = 0; i < ranking.size() && first == null; i++) {
      if (ranking.relevant(i, threshold)) {
        first = i + 1;
      }
    }
    return new QueryResult(q, missing, list.size(), ranking.numRelevant(threshold), unjudged, values,
        tiesAtCutoffs(protocol, list, order), first);
  }

  private static Map<Integer, Integer> tiesAtCutoffs(EvalProtocol protocol, RankedList list, int[] order) {
    Set<Integer> cutoffs = new TreeSet<>();
    for (Measure m : protocol.measures()) {
      if (m.cutoff() > 0) {
        cutoffs.add(m.cutoff());
      }
    }
    int depth = protocol.policy().depth();
    if (depth > 0) {
      cutoffs.add(depth);
    }
    Map<Integer, Integer> ties = new LinkedHashMap<>();
    for (int c : cutoffs) {
      if (c >= order.length || (depth > 0 && c > depth)) {
        continue;
      }
      double s = list.score(order[c - 1]);
      if (list.score(order[c]) != s) {
        continue;
      }
      int group = 0;
      for (int i = 0; i < list.size(); i++) {
        if (list.score(i) == s) {
          group++;
        }
      }
      ties.put(c, group);
    }
    return ties;
  }
}
