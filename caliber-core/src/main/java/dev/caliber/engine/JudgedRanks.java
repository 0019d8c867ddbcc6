package dev.caliber.engine;

import dev.caliber.io.text.EntryBlock;
import dev.caliber.policy.RankingOrder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The ranks of one query's judged entries, and the ties that straddle the cutoffs: the ranking rule
 * ({@link RankingOrder}) applied to a query of an {@link EntryBlock}. The scorer {@link #add}s the
 * judged entries in file order, then {@link #rank}s them: only judged entries need a rank (the
 * others have no label).
 *
 * <p>How: under score ordering, when the query's scores never increase in file order (a run written
 * best first), a judged entry's rank is the number of entries before its group of equal scores plus
 * those of the group that precede it by document ID; otherwise the judged entries are sorted by
 * {@link RankingOrder#precedes} and each other entry is placed among them by binary search: O(n log
 * J) for n entries and J judged ones, instead of sorting all n. The score at a cutoff (for ties at
 * cutoffs) is read off in place, or is an order statistic.
 *
 * <p>Not thread-safe: one per scorer (it keeps scratch arrays, reused from query to query).
 */
final class JudgedRanks {
  /** Ties larger than this are ranked by binary search (ranking within a group is quadratic in its size). */
  private static final int SMALL_GROUP = 32;
  private final boolean byScore;
  /** The measures' cutoffs and the depth, smallest first: where ties are looked for. */
  private final int[] cutoffs;
  private final int depthPolicy;
  private int[] judgedEntry = new int[16];
  private int[] judgedLabel = new int[16];
  private int[] position = new int[16];
  private int found;
  private int[] before = new int[17];
  private boolean[] marks = new boolean[1024];
  private int[] mergeEntry = new int[16];
  private int[] mergeLabel = new int[16];
  private final OrderStatistics statistics = new OrderStatistics();
  private final QueryView view = new QueryView();

  JudgedRanks(boolean byScore, int[] cutoffs, int depthPolicy) {
    this.byScore = byScore;
    this.cutoffs = cutoffs;
    this.depthPolicy = depthPolicy;
  }

  /** Starts a query: no judged entry yet. */
  void clear() {
    found = 0;
  }

  /** Adds the judged entry {@code entry} (within the query, in file order) with its label. */
  void add(int entry, int label) {
    if (found == judgedEntry.length) {
      judgedEntry = Arrays.copyOf(judgedEntry, found * 2);
      judgedLabel = Arrays.copyOf(judgedLabel, found * 2);
    }
    judgedEntry[found] = entry;
    judgedLabel[found] = label;
    found++;
  }

  /** The number of judged entries added. */
  int found() {
    return found;
  }

  /** The j-th judged entry (within the query): in file order until {@link #rank}, then in ranking order. */
  int entry(int j) {
    return judgedEntry[j];
  }

  /** The label of the j-th judged entry. */
  int label(int j) {
    return judgedLabel[j];
  }

  /** The 0-based rank of the j-th judged entry, once {@link #rank} has run. */
  int position(int j) {
    return position[j];
  }

  /**
   * Ranks the judged entries among the query's {@code n} entries from {@code from}; may reorder
   * them (see {@link #entry}).
   *
   * @return whether the scores never increase in file order (then {@link #ties} reads them in place)
   */
  boolean rank(EntryBlock block, int from, int n) {
    int tieGroup = byScore ? largestTieGroupIfDescending(block.scores(), from, n) : -1;
    view.of(block, from, n);
    rankJudged(n, tieGroup);
    return tieGroup > 0;
  }

  /** Sets {@code position[j]}, the 0-based rank of the j-th judged entry. */
  private void rankJudged(int n, int tieGroup) {
    if (position.length < found) {
      position = new int[judgedEntry.length];
    }
    if (!byScore) {
      for (int j = 0; j < found; j++) {
        position[j] = judgedEntry[j];
      }
      return;
    }
    if (tieGroup > 0 && tieGroup <= SMALL_GROUP) {
      for (int j = 0; j < found; j++) {
        position[j] = rankWhenDescending(judgedEntry[j]);
      }
      return;
    }
    sortJudged();
    if (before.length < found + 1) {
      before = new int[judgedEntry.length + 1];
    }
    Arrays.fill(before, 0, found + 1, 0);
    boolean[] isJudged = markJudged(n);
    for (int i = 0; i < n; i++) {
      if (isJudged[i]) {
        continue;
      }
      // k = the number of judged entries that precede entry i
      int lo = 0;
      int hi = found;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (RankingOrder.precedes(view, judgedEntry[mid], i)) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      before[lo]++;
    }
    unmarkJudged();
    int others = 0;
    for (int m = 0; m < found; m++) {
      others += before[m];
      position[m] = m + others;
    }
  }

  /** Sorts judgedEntry[0, found) into ranking order, judgedLabel alongside: insertion, or merge when long. */
  private void sortJudged() {
    if (found <= 32) {
      for (int a = 1; a < found; a++) {
        int e = judgedEntry[a];
        int l = judgedLabel[a];
        int b = a - 1;
        while (b >= 0 && RankingOrder.precedes(view, e, judgedEntry[b])) {
          judgedEntry[b + 1] = judgedEntry[b];
          judgedLabel[b + 1] = judgedLabel[b];
          b--;
        }
        judgedEntry[b + 1] = e;
        judgedLabel[b + 1] = l;
      }
      return;
    }
    if (mergeEntry.length < found) {
      mergeEntry = new int[judgedEntry.length];
      mergeLabel = new int[judgedEntry.length];
    }
    for (int width = 1; width < found; width *= 2) {
      for (int lo = 0; lo < found; lo += 2 * width) {
        int mid = Math.min(lo + width, found);
        int hi = Math.min(lo + 2 * width, found);
        int i = lo;
        int j = mid;
        for (int k = lo; k < hi; k++) {
          boolean left = j >= hi || i < mid && !RankingOrder.precedes(view, judgedEntry[j], judgedEntry[i]);
          int src = left ? i++ : j++;
          mergeEntry[k] = judgedEntry[src];
          mergeLabel[k] = judgedLabel[src];
        }
      }
      System.arraycopy(mergeEntry, 0, judgedEntry, 0, found);
      System.arraycopy(mergeLabel, 0, judgedLabel, 0, found);
    }
  }

  /** Marks the judged entries; {@link #unmarkJudged} clears them again, so nothing else needs clearing. */
  private boolean[] markJudged(int n) {
    if (marks.length < n) {
      marks = new boolean[Integer.highestOneBit(n) * 2];
    }
    for (int j = 0; j < found; j++) {
      marks[judgedEntry[j]] = true;
    }
    return marks;
  }

  private void unmarkJudged() {
    for (int j = 0; j < found; j++) {
      marks[judgedEntry[j]] = false;
    }
  }

  /**
   * One query's entries of a block as {@link RankingOrder} sees them (indexes within the query):
   * document IDs compared as unsigned UTF-8 bytes, which is code point order. Reused from query
   * to query.
   */
  private static final class QueryView implements RankingOrder.Entries {
    private EntryBlock block;
    private int from;
    private int n;

    void of(EntryBlock b, int start, int size) {
      this.block = b;
      this.from = start;
      this.n = size;
    }

    @Override
    public int size() {
      return n;
    }

    @Override
    public double score(int i) {
      return block.scores()[from + i];
    }

    @Override
    public int compareDocs(int a, int b) {
      int[] ds = block.docStarts();
      int[] de = block.docEnds();
      return Arrays.compareUnsigned(block.data(), ds[from + a], de[from + a], block.data(), ds[from + b], de[from + b]);
    }
  }

  /**
   * The size of the largest group of equal scores when the query's scores never increase in file
   * order (the usual run: written best first), or -1 when they do somewhere. Then an entry's rank
   * is the number of entries before its group plus those of its group that precede it by document
   * ID, and the score at a cutoff is read off in place: no binary search and no order statistic.
   */
  static int largestTieGroupIfDescending(double[] scores, int from, int n) {
    int largest = n > 0 ? 1 : 0;
    int group = 1;
    for (int i = from + 1; i < from + n; i++) {
      double x = scores[i];
      double before = scores[i - 1];
      if (x > before) {
        return -1;
      }
      group = RankingOrder.sameScore(x, before) ? group + 1 : 1;
      largest = Math.max(largest, group);
    }
    return largest;
  }

  /** The 0-based rank of entry {@code e} (within the query) when the query's scores never increase. */
  private int rankWhenDescending(int e) {
    double s = view.score(e);
    int start = e;
    while (start > 0 && RankingOrder.sameScore(view.score(start - 1), s)) {
      start--;
    }
    int rank = start;
    for (int k = start; k < view.size() && RankingOrder.sameScore(view.score(k), s); k++) {
      if (k != e && RankingOrder.precedes(view, k, e)) {
        rank++;
      }
    }
    return rank;
  }

  /**
   * For each cutoff (the measures' and the depth), the size of the group of equal scores that
   * straddles it, only where one does: there, tools that break ties differently disagree. The
   * scores at a cutoff come from order statistics, or in place when the scores never increase (or
   * the given order counts).
   *
   * @param descending what {@link #rank} returned for the query
   * @return cutoff to group size, in cutoff order; empty (and not to be changed) when no group straddles one
   */
  Map<Integer, Integer> ties(double[] scores, int from, int n, boolean descending) {
    Map<Integer, Integer> ties = null;
    for (int c : cutoffs) {
      if (c >= n || (depthPolicy > 0 && c > depthPolicy)) {
        continue; // nothing straddles a cutoff past the end of the evaluated ranking
      }
      double s;
      double t;
      if (!byScore || descending) {
        s = scores[from + c - 1];
        t = scores[from + c];
      } else {
        double[] two = statistics.largest(scores, from, n, c);
        s = two[0];
        t = two[1];
      }
      if (!RankingOrder.sameScore(t, s)) {
        continue;
      }
      int group = 0;
      for (int i = from; i < from + n; i++) {
        if (RankingOrder.sameScore(scores[i], s)) {
          group++;
        }
      }
      if (ties == null) {
        ties = new LinkedHashMap<>();
      }
      ties.put(c, group);
    }
    return ties == null ? Map.of() : ties;
  }

  /**
   * Counts one query's entries, in the given order, that disagree with their scores or rank column
   * (what {@code OrderDisagreement} sums over a run).
   *
   * @param scores the scores, in the given order
   * @param ranks the rank column, alongside
   * @param from the query's first entry
   * @param n the query's number of entries
   * @param counts receives the entries {@code i > from} that disagree for either reason, by score
   *     (higher than entry {@code i - 1}'s) and by rank (not greater than entry {@code i - 1}'s), at
   *     indexes 0, 1 and 2
   */
  static void countDisagreeing(double[] scores, long[] ranks, int from, int n, int[] counts) {
    int either = 0;
    int byScore = 0;
    int byRank = 0;
    for (int i = from + 1; i < from + n; i++) {
      boolean score = scores[i] > scores[i - 1];
      boolean rank = ranks[i] <= ranks[i - 1];
      byScore += score ? 1 : 0;
      byRank += rank ? 1 : 0;
      either += score || rank ? 1 : 0;
    }
    counts[0] = either;
    counts[1] = byScore;
    counts[2] = byRank;
  }
}
