package dev.caliber.eval;

import dev.caliber.internal.CompactMap;
import dev.caliber.internal.Slots;
import dev.caliber.io.text.EntryBlock;
import dev.caliber.io.text.Fields;
import dev.caliber.measure.JudgedRanking;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.PreferenceJudgments;
import dev.caliber.measure.Value;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.RankingOrder;
import dev.caliber.protocol.Corpus;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * The one per-query scorer: every path (a TREC run streamed in blocks, a run read whole, JSON and
 * in-memory runs, the seed's report, compare) scores each query here, from an {@link EntryBlock}
 * (the document IDs' UTF-8 bytes with their hashes, the scores, the lines). It finds, for one
 * query, the protocol's per-entry violations (a repeated document, a document outside the corpus,
 * an unjudged document under exhaustive judgments), ranks the entries by {@link RankingOrder}
 * under the policy's {@link Ordering}, labels them from the judgments, computes every measure
 * (leaving a query without relevant documents out under {@link NoRelevant#EXCLUDE}), the ties
 * that straddle each cutoff and the first relevant rank. Which violation wins across queries, and
 * in which order the protocol's checks run, is {@link RunMerge}'s.
 *
 * <p>How: document IDs are hashed once, when the block is written; a table of the query's entries
 * finds duplicates, and a table of the judged IDs' UTF-8 bytes finds labels. Only judged documents
 * need a rank (the others have no label). Under score ordering, when the query's scores never
 * increase in file order (a run written best first), a judged entry's rank is the number of entries
 * before its group of equal scores plus those of the group that precede it by document ID; otherwise
 * the judged entries are sorted by {@link RankingOrder#precedes} and each other entry is placed
 * among them by binary search: O(n log J) for n entries and J judged ones, instead of sorting all
 * n. The score at a cutoff (for ties at cutoffs) is read off in place, or is an order statistic.
 *
 * <p>Not thread-safe: one per worker (it keeps scratch arrays).
 */
final class QueryScorer {
  /** Ties larger than this are ranked by binary search (ranking within a group is quadratic in its size). */
  private static final int SMALL_GROUP = 32;
  private final EvalProtocol protocol;
  private final QuerySetIndex setIndex;
  private final int[] cutoffs;
  private final boolean byScore;
  private final boolean exhaustive;
  private final Corpus corpus;
  private final int threshold;
  private final int depthPolicy;
  /** The measures in order: the keys every row's values share. */
  private final Measure[] measures;
  /** The coverage cutoffs ({@link Measures#coverageCutoffs}), smallest first: the order coverage is reported in. */
  final int[] coverageCutoffs;

  /** The duplicate table's first size, and the size it returns to after a long query. */
  private static final int TABLE_SLOTS = 2048;
  private int[] table = new int[TABLE_SLOTS];
  private int[] stamps = new int[TABLE_SLOTS];
  private int generation;
  private int[] judgedEntry = new int[16];
  private int[] judgedLabel = new int[16];
  /** With preference judgments: each judged entry's slot (its document's number) and score. */
  private int[] judgedSlot = new int[0];
  private double[] judgedScore = new double[0];
  private int[] position = new int[16];
  /** With judgment groups: the current query's table of each group, and each judged entry's label in it. */
  private JudgedTable[] groupTables = new JudgedTable[0];
  private int[][] groupLabel = new int[0][];
  private int[] before = new int[17];
  /** Whether a measure reads subtopic judgments. */
  private final boolean intents;
  /** With subtopic or preference judgments: each entry's judgment index (or -1); else unused. */
  private final boolean keepSlots;
  private int[] entrySlot = new int[16];
  private final OrderStatistics statistics = new OrderStatistics();
  private final QueryView view = new QueryView();

  QueryScorer(EvalProtocol protocol, QuerySetIndex setIndex) {
    this.protocol = protocol;
    this.setIndex = setIndex;
    this.byScore = protocol.policy().ordering() == Ordering.SCORE;
    this.exhaustive = protocol.policy().judgments() == Judgments.EXHAUSTIVE;
    this.corpus = protocol.corpus();
    this.threshold = protocol.policy().relevanceThreshold();
    this.depthPolicy = protocol.policy().depth();
    this.measures = protocol.measures().toArray(new Measure[0]);
    this.intents = protocol.measures().stream().anyMatch(Measure::needsIntents);
    this.keepSlots = intents || protocol.preferences() != null;
    // checked when scoring starts, not in the protocol: a recorded result keeps its measures without judgments
    for (Measure m : measures) {
      if (m.needsIntents() && protocol.qrels().subtopics() == null) {
        throw new IllegalArgumentException("illegal measure " + m.name()
            + ": it needs subtopic judgments (qid subtopic docid label), and the qrels have none");
      }
    }
    TreeSet<Integer> c = new TreeSet<>();
    for (Measure m : protocol.measures()) {
      if (m.cutoff() > 0) {
        c.add(m.cutoff());
      }
    }
    if (depthPolicy > 0) {
      c.add(depthPolicy);
    }
    this.cutoffs = c.stream().mapToInt(Integer::intValue).toArray();
    this.coverageCutoffs = Arrays.stream(Measures.coverageCutoffs(protocol.measures())).sorted().toArray();
  }

  /** What scoring one query of a block found. */
  static final class Outcome {
    final String query;
    /** The query's index in the query set, or -1 when it is not in it. */
    final int index;
    /** The line of the query's first entry, counted from the block's first line (0 when it has no line). */
    final int firstLine;
    /** Set when a document repeats: the document; the entry (0-based, within the query) and line of the repetition and of the first. */
    String duplicate;
    int duplicateEntry;
    int duplicateLine;
    int duplicateOfEntry;
    int duplicateOf;
    /** Set when an entry breaks the protocol: the first such entry's document, entry index, line and kind. */
    String violatingDoc;
    int violatingEntry;
    int violatingLine;
    boolean violationIsUnknownDocument;
    /**
     * Set when the first violation is an unjudged document and a later entry is outside the corpus:
     * that entry's document, entry index and line. No policy accepts it, so the merge reports it
     * rather than a remedy that would only lead to it.
     */
    String laterUnknownDoc;
    int laterUnknownEntry;
    int laterUnknownLine;
    QueryResult result;
    /**
     * With a result: the entries whose given order disagrees with their scores or rank column, for
     * either reason, by score and by rank ({@link OrderDisagreement#count}).
     */
    final int[] disagreeing = new int[3];
    /** With a result: per coverage cutoff k, the judged documents among the first k evaluated. */
    int[] judgedAtCutoff;

    Outcome(String query, int index, int firstLine) {
      this.query = query;
      this.index = index;
      this.firstLine = firstLine;
    }
  }

  Outcome score(EntryBlock block, int q) {
    String qid = block.queryId(q);
    int from = block.queryStart(q);
    int to = block.queryStart(q + 1);
    int n = to - from;
    int index = setIndex.indexOf(qid);
    if (index >= 0) {
      qid = setIndex.id(index); // the protocol's String: a row keeps no copy of its own
    }
    int[] lines = block.lineNumbers();
    Outcome out = new Outcome(qid, index, n == 0 ? 0 : lines[from]);
    byte[] data = block.data();
    int[] ds = block.docStarts();
    int[] de = block.docEnds();
    int[] hashes = block.docHashes();
    if (findDuplicate(block, from, n, out)) {
      return out;
    }
    if (index < 0) {
      return out; // not scored; listed or rejected by whoever merges
    }
    JudgedTable judged = protocol.judged(protocol.qrels().queryPosition(qid));
    int found = 0;
    if (keepSlots && entrySlot.length < n) {
      entrySlot = new int[Math.max(n, entrySlot.length * 2)];
    }
    for (int i = 0; i < n; i++) {
      int e = from + i;
      int slot = judged.find(data, ds[e], de[e], hashes[e]);
      if (keepSlots) {
        entrySlot[i] = slot;
      }
      if (corpus != null && !corpus.contains(block.doc(e))) {
        violation(out, block, e, i, true);
        return out;
      }
      if (slot < 0) {
        if (exhaustive) {
          violation(out, block, e, i, false);
          findUnknownAfter(out, block, from, i + 1, n);
          return out;
        }
        continue;
      }
      if (found == judgedEntry.length) {
        judgedEntry = Arrays.copyOf(judgedEntry, found * 2);
        judgedLabel = Arrays.copyOf(judgedLabel, found * 2);
      }
      judgedEntry[found] = i;
      judgedLabel[found] = judged.labels[slot];
      found++;
    }
    int tieGroup = byScore ? largestTieGroupIfDescending(block.scores(), from, n) : -1;
    view.of(block, from, n);
    rankJudged(n, found, tieGroup);
    labelGroups(qid, found, data, ds, de, hashes, from); // after ranking, which reorders the judged entries
    if (protocol.preferences() != null) { // after ranking too: each judged entry's document number and score
      judgedSlot = new int[found];
      judgedScore = new double[found];
      for (int j = 0; j < found; j++) {
        int e = from + judgedEntry[j];
        judgedSlot[j] = entrySlot[judgedEntry[j]]; // found above, by entry
        judgedScore[j] = block.scores()[e];
      }
    }
    out.result = row(qid, false, n, judged, found, ties(block.scores(), from, n, tieGroup > 0));
    OrderDisagreement.count(block.scores(), block.ranks(), from, n, out.disagreeing);
    out.judgedAtCutoff = judgedAtCutoffs(n, found);
    return out;
  }

  /** Per coverage cutoff k, how many of the {@code found} judged entries rank within the first k evaluated. */
  private int[] judgedAtCutoffs(int n, int found) {
    int depth = depthPolicy == 0 ? n : Math.min(depthPolicy, n);
    int[] counts = new int[coverageCutoffs.length];
    for (int j = 0; j < found; j++) {
      for (int c = 0; c < coverageCutoffs.length; c++) {
        if (position[j] < depth && position[j] < coverageCutoffs[c]) {
          counts[c]++;
        }
      }
    }
    return counts;
  }

  /** The row of a query of the set that the run has no entry for: an empty ranking, marked missing. */
  QueryResult missing(String qid) {
    labelGroups(qid, 0, null, null, null, null, 0);
    return row(qid, true, 0, protocol.judged(protocol.qrels().queryPosition(qid)), 0, Map.of());
  }

  /** The first entry from {@code i} on that is outside the corpus, if there is a corpus. */
  private void findUnknownAfter(Outcome out, EntryBlock block, int from, int i, int n) {
    if (corpus == null) {
      return;
    }
    for (int j = i; j < n; j++) {
      if (!corpus.contains(block.doc(from + j))) {
        out.laterUnknownDoc = block.doc(from + j);
        out.laterUnknownEntry = j;
        out.laterUnknownLine = block.lineNumbers()[from + j];
        return;
      }
    }
  }

  private static void violation(Outcome out, EntryBlock block, int e, int i, boolean unknownDocument) {
    out.violatingDoc = block.doc(e);
    out.violatingEntry = i;
    out.violatingLine = block.lineNumbers()[e];
    out.violationIsUnknownDocument = unknownDocument;
  }

  /** The row from the ranks of the {@code found} judged entries ({@code position}, {@code judgedLabel}). */
  private QueryResult row(String qid, boolean missing, int n, JudgedTable judged, int found, Map<Integer, Integer> ties) {
    int depth = depthPolicy == 0 ? n : Math.min(depthPolicy, n);
    int[] labels = new int[depth];
    Arrays.fill(labels, JudgedRanking.UNJUDGED);
    int judgedInDepth = 0;
    for (int j = 0; j < found; j++) {
      if (position[j] < depth) {
        labels[position[j]] = judgedLabel[j];
        judgedInDepth++;
      }
    }
    JudgedRanking ranking = new JudgedRanking(labels, judged.descending, threshold, protocol.policy().gain(),
        intents ? judged.intents(rankedSlots(depth, found)) : null);
    if (groupTables.length > 0) {
      ranking = ranking.withGroups(groupRankings(depth, found));
    }
    PreferenceJudgments prefs = protocol.preferences() == null ? null : protocol.preferences().byQuery().get(qid);
    if (prefs != null) {
      ranking = withPreferences(ranking, prefs, depth, found);
    }
    Value[] values = new Value[measures.length];
    for (int k = 0; k < measures.length; k++) {
      Measure m = measures[k];
      boolean excluded = m.needsRelevant()
          && protocol.policy().noRelevant() == NoRelevant.EXCLUDE
          && ranking.numRelevant(m.relevanceLevel(threshold)) == 0;
      values[k] = excluded ? null : m.compute(ranking);
    }
    return new QueryResult(qid, missing, n, ranking.numRelevant(threshold), depth - judgedInDepth,
        CompactMap.withKeys(measures, values), ties, firstRelevantRank(ranking, threshold));
  }

  /** Per evaluated rank, the index of its document's judgment in the query's table, or -1. */
  private int[] rankedSlots(int depth, int found) {
    int[] slots = new int[depth];
    Arrays.fill(slots, -1);
    for (int j = 0; j < found; j++) {
      if (position[j] < depth) {
        slots[position[j]] = entrySlot[judgedEntry[j]];
      }
    }
    return slots;
  }

  /**
   * With judgment groups: the tables of the groups that judge {@code qid} and, for each of the
   * {@code found} judged entries, its label in each (UNJUDGED where the group lacks it).
   */
  private void labelGroups(String qid, int found, byte[] data, int[] ds, int[] de, int[] hashes, int from) {
    java.util.List<dev.caliber.protocol.Qrels> groups = protocol.judgmentGroups();
    if (groups.isEmpty()) {
      return;
    }
    java.util.List<JudgedTable> tables = new java.util.ArrayList<>();
    for (dev.caliber.protocol.Qrels g : groups) {
      int p = g.queryPosition(qid);
      if (p >= 0) {
        tables.add(JudgedTable.of(g, p));
      }
    }
    groupTables = tables.toArray(new JudgedTable[0]);
    groupLabel = new int[groupTables.length][found];
    for (int g = 0; g < groupTables.length; g++) {
      for (int j = 0; j < found; j++) {
        int e = from + judgedEntry[j];
        int slot = groupTables[g].find(data, ds[e], de[e], hashes[e]);
        groupLabel[g][j] = slot < 0 ? JudgedRanking.UNJUDGED : groupTables[g].labels[slot];
      }
    }
  }

  /** The ranking with its query's preferences: the judged documents within the depth, in rank order, with their scores. */
  private JudgedRanking withPreferences(JudgedRanking ranking, PreferenceJudgments prefs, int depth, int found) {
    int[] byRank = new int[depth];
    Arrays.fill(byRank, -1);
    for (int j = 0; j < found; j++) {
      if (position[j] < depth) {
        byRank[position[j]] = j;
      }
    }
    int[] docs = new int[found];
    double[] scores = new double[found];
    int n = 0;
    for (int j : byRank) {
      if (j >= 0) {
        docs[n] = judgedSlot[j];
        scores[n++] = judgedScore[j];
      }
    }
    return ranking.withPreferences(prefs, Arrays.copyOf(docs, n), Arrays.copyOf(scores, n));
  }

  /** Each group's ranking of the query: the same positions as the row's, labelled by the group. */
  private java.util.List<JudgedRanking> groupRankings(int depth, int found) {
    java.util.List<JudgedRanking> out = new java.util.ArrayList<>(groupTables.length);
    for (int g = 0; g < groupTables.length; g++) {
      int[] labels = new int[depth];
      Arrays.fill(labels, JudgedRanking.UNJUDGED);
      for (int j = 0; j < found; j++) {
        if (position[j] < depth) {
          labels[position[j]] = groupLabel[g][j];
        }
      }
      out.add(new JudgedRanking(labels, groupTables[g].descending, threshold, protocol.policy().gain()));
    }
    return out;
  }

  /** The 1-based rank of the first document relevant at {@code threshold}, or null. */
  private static Integer firstRelevantRank(JudgedRanking ranking, int threshold) {
    for (int i = 0; i < ranking.size(); i++) {
      if (ranking.relevant(i, threshold)) {
        return i + 1;
      }
    }
    return null;
  }

  /** Whether the duplicate table, grown for a long query, is far larger than {@code needed} slots. */
  private boolean oversized(int needed) {
    return table.length > (1 << 16) && table.length > 16 * needed;
  }

  /** Lets go of a duplicate table grown for one long query, so that a kept scorer stays small. */
  void trim() {
    if (oversized(Slots.capacity(8))) {
      table = new int[TABLE_SLOTS];
      stamps = new int[TABLE_SLOTS];
    }
  }

  /**
   * Records the first repetition in file order (the one whose second line comes first). The table
   * walks {@link Slots}' probe sequences, but a slot is taken when it carries this query's stamp,
   * so that one table serves query after query without being cleared.
   */
  private boolean findDuplicate(EntryBlock block, int from, int n, Outcome out) {
    int size = Slots.capacity(Math.max(8, n));
    // Grown for one long query, the table shrinks again, so that what a worker keeps does not
    // depend on the longest query it has seen.
    if (table.length < size || oversized(size)) {
      table = new int[size];
      stamps = new int[size];
    }
    int stamp = ++generation; // a slot is taken when it carries this query's stamp: no clearing
    if (stamp == 0) {
      Arrays.fill(stamps, 0);
      stamp = generation = 1;
    }
    byte[] data = block.data();
    int[] ds = block.docStarts();
    int[] de = block.docEnds();
    int[] hashes = block.docHashes();
    for (int i = 0; i < n; i++) {
      int e = from + i;
      int slot = Slots.first(table, hashes[e]);
      while (stamps[slot] == stamp) {
        int j = from + table[slot];
        if (hashes[j] == hashes[e] && Fields.same(data, ds[e], de[e], data, ds[j], de[j])) {
          int[] lines = block.lineNumbers();
          out.duplicate = block.doc(e);
          out.duplicateEntry = i;
          out.duplicateLine = lines[e];
          out.duplicateOfEntry = j - from;
          out.duplicateOf = lines[j];
          return true;
        }
        slot = Slots.next(table, slot);
      }
      table[slot] = i;
      stamps[slot] = stamp;
    }
    return false;
  }

  /** Sets {@code position[j]}, the 0-based rank of the j-th judged entry. */
  private void rankJudged(int n, int found, int tieGroup) {
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
    sortJudged(found);
    if (before.length < found + 1) {
      before = new int[judgedEntry.length + 1];
    }
    Arrays.fill(before, 0, found + 1, 0);
    boolean[] isJudged = markJudged(n, found);
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
    unmarkJudged(found);
    int others = 0;
    for (int m = 0; m < found; m++) {
      others += before[m];
      position[m] = m + others;
    }
  }

  private boolean[] marks = new boolean[1024];
  private int[] mergeEntry = new int[16];
  private int[] mergeLabel = new int[16];

  /** Sorts judgedEntry[0, found) into ranking order, judgedLabel alongside: insertion, or merge when long. */
  private void sortJudged(int found) {
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
  private boolean[] markJudged(int n, int found) {
    if (marks.length < n) {
      marks = new boolean[Integer.highestOneBit(n) * 2];
    }
    for (int j = 0; j < found; j++) {
      marks[judgedEntry[j]] = true;
    }
    return marks;
  }

  private void unmarkJudged(int found) {
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
   */
  private Map<Integer, Integer> ties(double[] scores, int from, int n, boolean descending) {
    Map<Integer, Integer> ties = new LinkedHashMap<>();
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
      ties.put(c, group);
    }
    return ties;
  }
}
