package dev.caliber.compare.diff;

import dev.caliber.eval.Evaluation;
import dev.caliber.json.PyJson;
import dev.caliber.math.Fraction;
import dev.caliber.math.FractionSum;
import dev.caliber.policy.RankingOrder;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What changed between run A and run B, before anyone judged (docs/DIFF.md): per query and on
 * average over a stated query set, rank-biased overlap ({@link Rbo}), overlap@k and Jaccard@k of
 * the top-k lists, the documents that moved, arrived in B's top k or left it (with judgments
 * given, whether each new one is judged), and, with {@link DiffSettings#ann()}, recall@k of B
 * against A taken as the exact nearest neighbours. A description of the diff to compute, immutable;
 * {@link #compute()} computes it:
 *
 * <pre>{@code
 * RunDiff d = Diff.of(bm25, dense).settings(DiffSettings.defaults().withCutoffs(10, 100)).compute();
 * d.mean().rbo().ext(); d.mean().at(10).overlap(); d.queries().get(0).at(10).added();
 * }</pre>
 *
 * <p>Rules held here once: the query set (by default the union of both runs' queries in code point
 * order; a query one run lacks is an empty ranking there), a ranking (a run's entries in the order
 * {@link RankingOrder} gives under the settings' ordering, cut at the depth), the top-k lists and
 * what they share, and the means.
 */
public final class Diff {
  private final ScoredRun a;
  private final ScoredRun b;
  private final DiffSettings settings;
  private final List<String> querySet;
  private final String querySetSource;
  private final Qrels qrels;

  private Diff(ScoredRun a, ScoredRun b, DiffSettings settings, List<String> querySet, String querySetSource, Qrels qrels) {
    this.a = Objects.requireNonNull(a, "run A");
    this.b = Objects.requireNonNull(b, "run B");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.querySet = querySet;
    this.querySetSource = querySetSource;
    this.qrels = qrels;
  }

  /**
   * The diff of run B against run A under the default settings ({@link DiffSettings#defaults()}),
   * over the union of their queries, without judgments.
   *
   * @param a run A, the reference (the exact answer with ANN recall); not null
   * @param b run B; not null
   * @return the diff to compute
   * @throws NullPointerException if a run is null
   */
  public static Diff of(ScoredRun a, ScoredRun b) {
    return new Diff(a, b, DiffSettings.defaults(), null, null, null);
  }

  /**
   * Computes the diff of two runs under the default settings: {@code Diff.of(a, b).compute()}.
   *
   * @param a run A, not null
   * @param b run B, not null
   * @return the diff
   * @throws dev.caliber.error.ProtocolViolationException if a run ranks a document twice for a query
   */
  public static RunDiff runs(ScoredRun a, ScoredRun b) {
    return of(a, b).compute();
  }

  /**
   * This diff under other settings.
   *
   * @param s the settings, not null
   * @return a new diff description
   * @throws NullPointerException if {@code s} is null
   */
  public Diff settings(DiffSettings s) {
    return new Diff(a, b, s, querySet, querySetSource, qrels);
  }

  /**
   * This diff over a given query set instead of the union of both runs' queries: its queries in
   * its order, a query a run lacks an empty ranking there, run queries outside it ignored (and
   * listed).
   *
   * @param ids the query IDs, none twice; copied
   * @param source how the set was fixed, as reports say it, such as {@code the 26 queries listed in
   *     test-queries.txt}; not null
   * @return a new diff description
   * @throws IllegalArgumentException if an ID repeats
   * @throws NullPointerException if {@code ids}, an ID or {@code source} is null
   */
  public Diff querySet(List<String> ids, String source) {
    List<String> copy = List.copyOf(ids);
    Set<String> seen = new java.util.HashSet<>();
    for (String q : copy) {
      if (!seen.add(q)) {
        throw new IllegalArgumentException("illegal query set: " + PyJson.canonical(q) + " is given twice");
      }
    }
    return new Diff(a, b, settings, copy, Objects.requireNonNull(source, "source"), qrels);
  }

  /**
   * This diff with judgments, so that each document new to B's top k says whether it is judged
   * (the judgments name it for the query, whatever its label).
   *
   * @param judgments the judgments, or null for none
   * @return a new diff description
   */
  public Diff judgments(Qrels judgments) {
    return new Diff(a, b, settings, querySet, querySetSource, judgments);
  }

  /**
   * Computes the diff.
   *
   * @return per query of the set and the means
   * @throws dev.caliber.error.ProtocolViolationException if a run ranks a document twice for a query
   *     (the engine's check and wording, {@link Evaluation#requireEachDocumentOnce})
   */
  public RunDiff compute() {
    Evaluation.requireEachDocumentOnce(a);
    Evaluation.requireEachDocumentOnce(b);
    List<String> ids;
    String source;
    List<String> ignored = new ArrayList<>();
    if (querySet == null) {
      Set<String> union = new TreeSet<>(PyJson.CODE_POINT_ORDER);
      union.addAll(a.asMap().keySet());
      union.addAll(b.asMap().keySet());
      ids = List.copyOf(union);
      source = "the union of both runs' queries (" + ids.size() + ")";
    } else {
      ids = querySet;
      source = querySetSource;
      Set<String> inSet = new java.util.HashSet<>(ids);
      Set<String> outside = new TreeSet<>(PyJson.CODE_POINT_ORDER);
      for (ScoredRun r : List.of(a, b)) {
        r.asMap().keySet().stream().filter(q -> !inSet.contains(q)).forEach(outside::add);
      }
      ignored.addAll(outside);
    }
    List<QueryDiff> rows = new ArrayList<>(ids.size());
    List<String> missingFromA = new ArrayList<>();
    List<String> missingFromB = new ArrayList<>();
    for (String q : ids) {
      RankedList la = a.list(q);
      RankedList lb = b.list(q);
      if (la == null) {
        missingFromA.add(q);
      }
      if (lb == null) {
        missingFromB.add(q);
      }
      Map<String, Integer> judged = qrels == null ? null : qrels.row(q);
      rows.add(query(q, la != null, lb != null, ranking(la, settings), ranking(lb, settings), settings,
          qrels == null ? null : judged == null ? Map.of() : judged));
    }
    return new RunDiff(a.name(), b.name(), settings, source, missingFromA, missingFromB, ignored, qrels != null, rows,
        mean(rows, settings));
  }

  /**
   * One query's diff of two rankings given best first (no ordering applied; the settings' depth
   * is), both taken to be present, without judgments.
   *
   * @param query the query ID, not null
   * @param a ranking A, document IDs distinct
   * @param b ranking B, document IDs distinct
   * @param settings the settings, not null
   * @return the query's diff
   * @throws IllegalArgumentException if a ranking repeats a document
   */
  public static QueryDiff rankings(String query, List<String> a, List<String> b, DiffSettings settings) {
    int depth = settings.depth();
    return query(query, true, true, depth > 0 && a.size() > depth ? a.subList(0, depth) : a,
        depth > 0 && b.size() > depth ? b.subList(0, depth) : b, settings, null);
  }

  /** A run's entries for a query as a ranking: in the settings' order, cut at the depth; empty for no entry. */
  static List<String> ranking(RankedList list, DiffSettings settings) {
    if (list == null) {
      return List.of();
    }
    int[] order = RankingOrder.order(list, settings.ordering());
    int n = settings.depth() > 0 ? Math.min(settings.depth(), order.length) : order.length;
    List<String> docs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      docs.add(list.doc(order[i]));
    }
    return docs;
  }

  /** The query's diff; {@code judged} is the query's judgments (empty for none), or null without judgments. */
  private static QueryDiff query(String query, boolean inA, boolean inB, List<String> a, List<String> b, DiffSettings settings,
      Map<String, Integer> judged) {
    Rbo rbo = Rbo.of(a, b, settings.p());
    Map<String, Integer> rankA = ranks(a);
    Map<String, Integer> rankB = ranks(b);
    List<TopK> cutoffs = new ArrayList<>(settings.cutoffs().size());
    for (int k : settings.cutoffs()) {
      List<String> topA = a.subList(0, Math.min(k, a.size()));
      List<String> topB = b.subList(0, Math.min(k, b.size()));
      Set<String> inTopA = new LinkedHashSet<>(topA);
      Set<String> inTopB = new LinkedHashSet<>(topB);
      List<DocumentRanks> common = new ArrayList<>();
      List<DocumentRanks> dropped = new ArrayList<>();
      for (String d : topA) {
        if (inTopB.contains(d)) {
          common.add(new DocumentRanks(d, rankA.get(d), rankB.get(d), null));
        } else {
          dropped.add(new DocumentRanks(d, rankA.get(d), rankB.get(d), null));
        }
      }
      List<DocumentRanks> added = new ArrayList<>();
      for (String d : topB) {
        if (!inTopA.contains(d)) {
          added.add(new DocumentRanks(d, rankA.get(d), rankB.get(d), judged == null ? null : judged.containsKey(d)));
        }
      }
      int overlap = common.size();
      int union = topA.size() + topB.size() - overlap;
      Fraction jaccard = union == 0 ? Fraction.ONE : Fraction.of(overlap, union);
      Fraction recall = !settings.ann() || topA.isEmpty() ? null : Fraction.of(overlap, topA.size());
      cutoffs.add(new TopK(k, overlap, jaccard, recall, common, added, dropped));
    }
    return new QueryDiff(query, inA, inB, a.size(), b.size(), rbo, cutoffs);
  }

  /** Each document's 1-based rank. */
  private static Map<String, Integer> ranks(List<String> ranking) {
    Map<String, Integer> at = new HashMap<>(ranking.size() * 2);
    for (int i = 0; i < ranking.size(); i++) {
      at.put(ranking.get(i), i + 1);
    }
    return at;
  }

  /**
   * The means over the rows: RBO's doubles summed in row order and divided by their count (as
   * evaluate's means of doubles), the top-k values exact; recall over the rows that have one.
   */
  static DiffMean mean(List<QueryDiff> rows, DiffSettings settings) {
    int n = rows.size();
    Rbo rbo = null;
    if (n > 0) {
      double min = 0;
      double res = 0;
      double ext = 0;
      for (QueryDiff q : rows) {
        min += q.rbo().min();
        res += q.rbo().res();
        ext += q.rbo().ext();
      }
      rbo = new Rbo(Math.min(1, min / n), Math.min(1, res / n), Math.min(1, ext / n));
    }
    List<DiffMean.Cutoff> cutoffs = new ArrayList<>();
    for (int i = 0; i < settings.cutoffs().size(); i++) {
      int k = settings.cutoffs().get(i);
      long overlap = 0;
      FractionSum jaccard = new FractionSum();
      FractionSum recall = new FractionSum();
      int recalled = 0;
      for (QueryDiff q : rows) {
        TopK t = q.cutoffs().get(i);
        overlap += t.overlap();
        jaccard.add(t.jaccard());
        if (t.recall() != null) {
          recall.add(t.recall());
          recalled++;
        }
      }
      cutoffs.add(n == 0 ? new DiffMean.Cutoff(k, null, null, null, null, 0)
          : new DiffMean.Cutoff(k, Fraction.of(overlap, n), Fraction.of(overlap, (long) n * k), jaccard.snapshot().dividedBy(n),
              recalled == 0 ? null : recall.snapshot().dividedBy(recalled), recalled));
    }
    return new DiffMean(n, rbo, cutoffs);
  }
}
