package dev.caliber.pool;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.json.PyJson;
import dev.caliber.math.Fraction;
import dev.caliber.policy.RankingOrder;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Pooling: the unjudged (query, document) pairs of the runs' top k, ranked for judging
 * (docs/POOLING.md).
 *
 * <p>Each run's entries for a query become its ranking by {@link RankingOrder} under the settings'
 * ordering, as evaluate ranks them, and its first k documents are its top k. A pair is judged when
 * the judgments hold any label for it, 0 and negative labels included (trec_eval reads a negative
 * label as judged, non-relevant). Every other pair of a top k is a hole.
 *
 * <p>A hole's priority: under {@link Strategy#DEPTH} the number of runs that have it in their top
 * k; under {@link Strategy#RBP} the sum over those runs of {@code (1 - p) p^(r - 1)} at its rank r
 * there, computed exactly ({@link PoolSettings#exactPersistence()}). Holes are ordered by priority
 * descending, then the number of runs descending, the best rank ascending, the query ID and the
 * document ID (code point order): a total order, so the list never depends on the runs' order.
 * {@code perQuery} keeps each query's first holes in that order, then {@code limit} the first
 * holes overall.
 */
public final class Pooling {
  private Pooling() {}

  /** The order of holes, most valuable first; defined once, here. */
  public static final Comparator<Hole> ORDER = Comparator.comparing(Hole::exact, Comparator.reverseOrder())
      .thenComparing(Comparator.comparingInt(Hole::runs).reversed())
      .thenComparingInt(Hole::bestRank)
      .thenComparing(Hole::query, PyJson.CODE_POINT_ORDER)
      .thenComparing(Hole::doc, PyJson.CODE_POINT_ORDER);

  /** A pair of one query's top k, as the runs are read. */
  private static final class Pair {
    final String doc;
    int runs;
    int bestRank = Integer.MAX_VALUE;
    int lastRun = -1;
    Fraction sum = Fraction.ZERO;

    Pair(String doc) {
      this.doc = doc;
    }
  }

  /**
   * The pool of the runs' top k against the judgments.
   *
   * @param runs the runs, at least one; their queries, in code point order, are pooled
   * @param qrels the judgments, not null
   * @param settings the strategy, depth, persistence, limits and ordering, not null
   * @return the holes in priority order and the coverage, without texts
   * @throws IllegalArgumentException if no run is given
   * @throws InputSyntaxException if a run ranks a document twice in a query's top k, located by the
   *     run's origin
   * @throws NullPointerException if an argument or a run is null
   */
  public static PoolResult pool(List<ScoredRun> runs, Qrels qrels, PoolSettings settings) {
    Objects.requireNonNull(qrels, "qrels");
    Objects.requireNonNull(settings, "settings");
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("illegal runs: none, must be at least one");
    }
    Fraction[] weights = weights(settings);
    TreeSet<String> queries = new TreeSet<>(PyJson.CODE_POINT_ORDER);
    List<String> names = new ArrayList<>(runs.size());
    for (ScoredRun r : runs) {
      queries.addAll(r.asMap().keySet());
      names.add(r.name());
    }
    List<Hole> all = new ArrayList<>();
    List<int[]> counts = new ArrayList<>(queries.size());
    for (String q : queries) {
      Map<String, Pair> pairs = topK(runs, q, settings, weights);
      Map<String, Integer> judged = qrels.row(q);
      List<Hole> holes = new ArrayList<>();
      int known = 0;
      for (Pair p : pairs.values()) {
        if (judged != null && judged.containsKey(p.doc)) {
          known++;
        } else {
          holes.add(new Hole(q, p.doc, p.sum.doubleValue(), p.sum, p.runs, p.bestRank, null, null, null));
        }
      }
      holes.sort(ORDER);
      if (settings.perQuery() > 0 && holes.size() > settings.perQuery()) {
        holes = holes.subList(0, settings.perQuery());
      }
      all.addAll(holes);
      counts.add(new int[] {pairs.size(), known, pairs.size() - known});
    }
    all.sort(ORDER);
    List<Hole> listed = settings.limit() > 0 && all.size() > settings.limit() ? all.subList(0, settings.limit()) : all;
    return new PoolResult(settings, names, listed, unjudged(counts) - listed.size(), coverage(settings.depth(), queries,
        counts, listed), false, false);
  }

  /** The holes before any limit: every unjudged pair. */
  private static long unjudged(List<int[]> counts) {
    long n = 0;
    for (int[] c : counts) {
      n += c[2];
    }
    return n;
  }

  /** Each rank's value under the strategy: 1 for depth pooling (a count of runs), the RBP weight for rbp. */
  static Fraction[] weights(PoolSettings settings) {
    Fraction[] w = new Fraction[settings.depth()];
    Fraction p = settings.exactPersistence();
    Fraction next = settings.strategy() == Strategy.RBP ? Fraction.ONE.minus(p) : Fraction.ONE;
    for (int r = 0; r < w.length; r++) {
      w[r] = next;
      if (settings.strategy() == Strategy.RBP) {
        next = next.times(p);
      }
    }
    return w;
  }

  /** The distinct documents of the runs' top k for a query, in order of first appearance. */
  private static Map<String, Pair> topK(List<ScoredRun> runs, String q, PoolSettings settings, Fraction[] weights) {
    Map<String, Pair> pairs = new java.util.LinkedHashMap<>();
    for (int i = 0; i < runs.size(); i++) {
      ScoredRun run = runs.get(i);
      RankedList list = run.list(q);
      if (list == null) {
        continue;
      }
      int[] order = RankingOrder.order(list, settings.ordering());
      int n = Math.min(settings.depth(), order.length);
      for (int r = 0; r < n; r++) {
        String doc = list.doc(order[r]);
        Pair p = pairs.computeIfAbsent(doc, Pair::new);
        if (p.lastRun == i) {
          throw new InputSyntaxException(run.origin().locate(q, order[r]), "document ranked twice",
              "run " + PyJson.canonical(run.name()) + ", query " + PyJson.canonical(q) + ": document " + PyJson.canonical(doc)
                  + " again in its top " + settings.depth() + "; expected each document once per query");
        }
        p.lastRun = i;
        p.runs++;
        p.bestRank = Math.min(p.bestRank, r + 1);
        p.sum = p.sum.plus(weights[r]);
      }
    }
    return pairs;
  }

  /** The coverage: judged now, and once the listed holes are judged. */
  private static PoolCoverage coverage(int depth, TreeSet<String> queries, List<int[]> counts, List<Hole> listed) {
    Map<String, Integer> listedPerQuery = new HashMap<>();
    for (Hole h : listed) {
      listedPerQuery.merge(h.query(), 1, Integer::sum);
    }
    List<PoolCoverage.Query> rows = new ArrayList<>(queries.size());
    long pairs = 0;
    long judged = 0;
    int i = 0;
    for (String q : queries) {
      int[] c = counts.get(i++);
      int now = c[1];
      rows.add(new PoolCoverage.Query(q, c[0], now, now + listedPerQuery.getOrDefault(q, 0)));
      pairs += c[0];
      judged += now;
    }
    return new PoolCoverage(depth, pairs, judged, judged + listed.size(), rows);
  }
}
