package dev.caliber.eval;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.json.PyJson;
import dev.caliber.math.Fraction;
import dev.caliber.math.FractionSum;
import dev.caliber.measure.JudgedRanking;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.RankingOrder;
import dev.caliber.policy.UnknownQueries;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The general evaluator: any measures from the registry, graded judgments, and the policies of an
 * {@link EvalProtocol}. Validates the whole run first; scores only when everything is valid.
 *
 * <p>Under {@link dev.caliber.policy.Policy#strict()} with R@k and RR@k it gives the seed
 * evaluator's numbers ({@link Evaluator}); under {@link dev.caliber.policy.Policy#trecEval()} it
 * reproduces {@code trec_eval -c}.
 */
public final class Evaluation {
  private Evaluation() {}

  /**
   * Validates, then scores every query of the protocol's query set.
   *
   * @throws ProtocolViolationException at the first violation; nothing is scored then
   */
  public static RunResult evaluate(EvalProtocol protocol, ScoredRun run) {
    List<String> ignored = validate(protocol, run);
    List<String> set = protocol.querySet();
    RowTable.Builder rows = new RowTable.Builder(set.size(), protocol.measures());
    List<String> missing = new ArrayList<>();
    List<String> noRelevant = new ArrayList<>();
    for (int i = 0; i < set.size(); i++) {
      String q = set.get(i);
      QueryResult row = score(protocol, run, q);
      rows.set(i, row);
      if (row.missing()) {
        missing.add(q);
      }
      if (row.relevant() == 0) {
        noRelevant.add(q);
      }
    }
    return result(run.name(), protocol, rows.build(), missing, ignored, noRelevant);
  }

  /** The result of scored rows: one summary per measure, in the protocol's order. */
  static RunResult result(String name, EvalProtocol protocol, RowTable rows, List<String> missing, List<String> ignored,
      List<String> noRelevant) {
    List<MeasureSummary> summaries = new ArrayList<>();
    for (Measure m : protocol.measures()) {
      summaries.add(summarize(m, rows));
    }
    return new RunResult(name, protocol, protocol.sha256(), rows, summaries, missing, ignored, noRelevant);
  }

  /**
   * The mean of a measure over rows, in their order (so that the double sum is trec_eval's); a
   * {@link RowTable} is read by column, without making its rows.
   */
  static MeasureSummary summarize(Measure m, List<QueryResult> rows) {
    int j = rows instanceof RowTable t ? t.measures().indexOf(m) : -1;
    if (j >= 0) {
      return summarize(m, (RowTable) rows, j);
    }
    int count = 0;
    FractionSum exact = m.rational() ? new FractionSum() : null;
    double sum = 0.0;
    for (QueryResult row : rows) {
      Value v = row.value(m);
      if (v == null) {
        continue;
      }
      count++;
      sum += v.decimal();
      if (exact != null) {
        exact.add(v.exact());
      }
    }
    return summary(m, count, exact, sum);
  }

  private static MeasureSummary summarize(Measure m, RowTable rows, int j) {
    int count = 0;
    FractionSum exact = m.rational() ? new FractionSum() : null;
    double sum = 0.0;
    for (int i = 0; i < rows.size(); i++) {
      double d = rows.decimal(i, j);
      if (Double.isNaN(d)) {
        continue; // no value: the query is excluded
      }
      count++;
      sum += d;
      if (exact != null) {
        exact.add(rows.exact(i, j));
      }
    }
    return summary(m, count, exact, sum);
  }

  private static MeasureSummary summary(Measure m, int count, FractionSum exact, double sum) {
    Fraction mean = exact == null || count == 0 ? null : exact.snapshot().dividedBy(count);
    return new MeasureSummary(m, count, mean, count == 0 ? Double.NaN : sum / count, sum);
  }

  private static QueryResult score(EvalProtocol protocol, ScoredRun run, String q) {
    return score(protocol, run.list(q), q);
  }

  /** One query's row; {@code list} null means the run has no entry for it. */
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
    return new QueryResult(q, missing, list.size(), ranking.numRelevant(threshold), unjudged, values,
        tiesAtCutoffs(protocol, list, order), firstRelevantRank(ranking, threshold));
  }

  /** The 1-based rank of the first document relevant at {@code threshold}, or null. */
  static Integer firstRelevantRank(JudgedRanking ranking, int threshold) {
    for (int i = 0; i < ranking.size(); i++) {
      if (ranking.relevant(i, threshold)) {
        return i + 1;
      }
    }
    return null;
  }

  /** For each cutoff, the size of the group of equal scores straddling it (only where one does). */
  static Map<Integer, Integer> tiesAtCutoffs(EvalProtocol protocol, RankedList list, int[] order) {
    Set<Integer> cutoffs = new TreeSet<>();
    for (Measure m : protocol.measures()) {
      if (m.cutoff() > 0) {
        cutoffs.add(m.cutoff());
      }
    }
    if (protocol.policy().depth() > 0) {
      cutoffs.add(protocol.policy().depth());
    }
    Map<Integer, Integer> ties = new LinkedHashMap<>();
    int depth = protocol.policy().depth();
    for (int c : cutoffs) {
      if (c >= order.length || (depth > 0 && c > depth)) {
        continue; // nothing straddles a cutoff past the end of the evaluated ranking
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

  /**
   * Checks the run against the protocol; returns the run queries outside the query set when the
   * policy lists them.
   *
   * @throws ProtocolViolationException at the first violation
   */
  public static List<String> validate(EvalProtocol protocol, ScoredRun run) {
    if (protocol.querySet().isEmpty()) {
      throw emptyQuerySet(protocol);
    }
    Set<String> set = new HashSet<>(protocol.querySet());
    List<String> ignored = new ArrayList<>();
    for (String q : run.asMap().keySet()) {
      if (!set.contains(q)) {
        if (protocol.policy().unknownQueries() == UnknownQueries.ERROR) {
          throw unknownQuery(protocol, run.origin().locate(q), q);
        }
        ignored.add(q);
      }
    }
    Corpus corpus = protocol.corpus();
    boolean exhaustive = protocol.policy().judgments() == Judgments.EXHAUSTIVE;
    if (exhaustive && corpus != null) {
      validateQrelsCoverCorpus(protocol);
    }
    for (String q : protocol.querySet()) {
      RankedList list = run.list(q);
      if (list == null) {
        continue;
      }
      Map<String, Integer> seen = new HashMap<>();
      Map<String, Integer> row = protocol.qrels().row(q);
      for (int i = 0; i < list.size(); i++) {
        String d = list.doc(i);
        Integer earlier = seen.putIfAbsent(d, i);
        if (earlier != null) {
          throw new ProtocolViolationException(run.origin().locate(q, i), Violations.DUPLICATE_DOCUMENT,
              "query " + PyJson.canonical(q) + ": document " + PyJson.canonical(d) + " at entry " + (i + 1)
                  + " repeats entry " + (earlier + 1));
        }
        if (corpus != null && !corpus.contains(d)) {
          throw unknownDocument(run.origin().locate(q, i), q, d);
        }
        if (exhaustive && (row == null || !row.containsKey(d))) {
          throw unjudged(run.origin().locate(q, i), q, d);
        }
      }
    }
    return ignored;
  }

  static ProtocolViolationException emptyQuerySet(EvalProtocol protocol) {
    return new ProtocolViolationException(Location.NONE, Violations.EMPTY_SPLIT, "the query set (" + protocol.querySetSource() + ") is empty");
  }

  static ProtocolViolationException unknownQuery(EvalProtocol protocol, Location at, String q) {
    return new ProtocolViolationException(at, Violations.WRONG_SPLIT_QUERY,
        "query " + PyJson.canonical(q) + " is not in the query set (" + protocol.querySetSource()
            + "); to list such queries instead of rejecting the run, use --unknown-queries list");
  }

  static ProtocolViolationException unknownDocument(Location at, String q, String d) {
    return new ProtocolViolationException(at, Violations.UNKNOWN_DOCUMENT,
        "query " + PyJson.canonical(q) + ": document " + PyJson.canonical(d) + " is not in the corpus");
  }

  static ProtocolViolationException unjudged(Location at, String q, String d) {
    return new ProtocolViolationException(at, Violations.UNJUDGED,
        "query " + PyJson.canonical(q) + ": document " + PyJson.canonical(d)
            + " has no judgment; to count unjudged documents as non-relevant, declare pooled judgments (--judgments pooled)");
  }

  static void validateQrelsCoverCorpus(EvalProtocol protocol) {
    Set<String> ids = protocol.corpus().ids();
    for (String q : protocol.querySet()) {
      Map<String, Integer> row = protocol.qrels().row(q);
      if (row == null || !row.keySet().equals(ids)) {
        throw new ProtocolViolationException(protocol.qrels().origin().locate(q), Violations.UNJUDGED,
            "query " + PyJson.canonical(q) + " is not judged against every corpus document ("
                + (row == null ? 0 : row.size()) + " of " + ids.size()
                + "); to count unjudged documents as non-relevant, declare pooled judgments (--judgments pooled)");
      }
    }
  }
}
