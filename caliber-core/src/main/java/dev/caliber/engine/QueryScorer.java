package dev.caliber.engine;

import dev.caliber.io.text.EntryBlock;
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
import dev.caliber.protocol.Qrels;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The one per-query scorer: every path (a TREC run streamed in blocks, a run read whole, JSON and
 * in-memory runs, the seed's report, compare) scores each query here, from an {@link EntryBlock}
 * (the document IDs' UTF-8 bytes with their hashes, the scores, the lines). It finds, for one
 * query, the protocol's per-entry violations (a repeated document, through {@link Duplicates}; a
 * document outside the corpus; an unjudged document under exhaustive judgments), ranks the judged
 * entries by {@link RankingOrder} under the policy's {@link Ordering} ({@link JudgedRanks}), labels
 * them from the judgments, computes every measure (leaving a query without relevant documents out
 * under {@link NoRelevant#EXCLUDE}), the ties that straddle each cutoff and the first relevant rank.
 * Which violation wins across queries, and in which order the protocol's checks run, is {@link
 * RunChecks}'.
 *
 * <p>How: document IDs are hashed once, when the block is written; a table of the judged IDs' UTF-8
 * bytes ({@link JudgedTable}) finds labels, and only judged documents need a rank.
 *
 * <p>Not thread-safe: one per worker (it keeps scratch arrays).
 */
public final class QueryScorer {
  private final ScoringContext context;
  private final ProtocolParts parts;
  private final QuerySetIndex setIndex;
  private final boolean exhaustive;
  private final Corpus corpus;
  private final int threshold;
  private final int depthPolicy;
  /** The measures in order: the keys every row's values share. */
  private final Measure[] measures;
  /** The coverage cutoffs ({@link Measures#coverageCutoffs}), smallest first: the order coverage is reported in. */
  final int[] coverageCutoffs;
  /** Whether a measure reads subtopic judgments. */
  private final boolean intents;
  /** With subtopic or preference judgments: each entry's judgment index (or -1); else unused. */
  private final boolean keepSlots;
  private int[] entrySlot = new int[16];
  /** With preference judgments: each judged entry's slot (its document's number) and score. */
  private int[] judgedSlot = new int[0];
  private double[] judgedScore = new double[0];
  /** With judgment groups: the current query's table of each group, and each judged entry's label in it. */
  private JudgedTable[] groupTables = new JudgedTable[0];
  private int[][] groupLabel = new int[0][];
  private final Duplicates duplicates = new Duplicates();
  private final JudgedRanks ranks;

  /** A scorer of the runs scored in {@code context}. */
  public QueryScorer(ScoringContext context) {
    this.context = context;
    this.parts = context.parts();
    this.setIndex = context.setIndex();
    this.exhaustive = parts.policy().judgments() == Judgments.EXHAUSTIVE;
    this.corpus = parts.corpus();
    this.threshold = parts.policy().relevanceThreshold();
    this.depthPolicy = parts.policy().depth();
    this.measures = parts.measures().toArray(new Measure[0]);
    this.intents = parts.measures().stream().anyMatch(Measure::needsIntents);
    this.keepSlots = intents || parts.preferences() != null;
    // checked when scoring starts, not in the protocol: a recorded result keeps its measures without judgments
    for (Measure m : measures) {
      if (m.needsIntents() && parts.qrels().subtopics() == null) {
        throw new IllegalArgumentException("illegal measure " + m.name()
            + ": it needs subtopic judgments (qid subtopic docid label), and the qrels have none");
      }
    }
    TreeSet<Integer> c = new TreeSet<>();
    for (Measure m : parts.measures()) {
      if (m.cutoff() > 0) {
        c.add(m.cutoff());
      }
    }
    if (depthPolicy > 0) {
      c.add(depthPolicy);
    }
    this.ranks = new JudgedRanks(parts.policy().ordering() == Ordering.SCORE,
        c.stream().mapToInt(Integer::intValue).toArray(), depthPolicy);
    this.coverageCutoffs = Arrays.stream(Measures.coverageCutoffs(parts.measures())).sorted().toArray();
  }

  /** What scoring one query of a block found: read by the merge and, field by field, by the cluster door. */
  public static final class Outcome {
    public final String query;
    /** The query's index in the query set, or -1 when it is not in it. */
    public final int index;
    /** The line of the query's first entry, counted from the block's first line (0 when it has no line). */
    public final int firstLine;
    /** Set when a document repeats: the document; the entry (0-based, within the query) and line of the repetition and of the first. */
    public String duplicate;
    public int duplicateEntry;
    public int duplicateLine;
    public int duplicateOfEntry;
    public int duplicateOf;
    /** Set when an entry breaks the protocol: the first such entry's document, entry index, line and kind. */
    public String violatingDoc;
    public int violatingEntry;
    public int violatingLine;
    public boolean violationIsUnknownDocument;
    /**
     * Set when the first violation is an unjudged document and a later entry is outside the corpus:
     * that entry's document, entry index and line. No policy accepts it, so the merge reports it
     * rather than a remedy that would only lead to it.
     */
    public String laterUnknownDoc;
    public int laterUnknownEntry;
    public int laterUnknownLine;
    public Row result;
    /**
     * With a result: the entries whose given order disagrees with their scores or rank column, for
     * either reason, by score and by rank.
     */
    public final int[] disagreeing = new int[3];
    /** With a result: per coverage cutoff k, the judged documents among the first k evaluated. */
    public int[] judgedAtCutoff;

    public Outcome(String query, int index, int firstLine) {
      this.query = query;
      this.index = index;
      this.firstLine = firstLine;
    }
  }

  /**
   * Scores query {@code q} of {@code block}.
   *
   * @return what scoring found: the row, or the query's violation
   */
  public Outcome score(EntryBlock block, int q) {
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
    if (duplicates.find(block, from, n)) {
      int e = from + duplicates.entry();
      int first = from + duplicates.firstEntry();
      out.duplicate = block.doc(e);
      out.duplicateEntry = duplicates.entry();
      out.duplicateLine = lines[e];
      out.duplicateOfEntry = duplicates.firstEntry();
      out.duplicateOf = lines[first];
      return out;
    }
    if (index < 0) {
      return out; // not scored; listed or rejected by whoever merges
    }
    JudgedTable judged = context.judged(parts.qrels().queryPosition(qid));
    byte[] data = block.data();
    int[] ds = block.docStarts();
    int[] de = block.docEnds();
    int[] hashes = block.docHashes();
    if (keepSlots && entrySlot.length < n) {
      entrySlot = new int[Math.max(n, entrySlot.length * 2)];
    }
    ranks.clear();
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
      ranks.add(i, judged.labels[slot]);
    }
    int found = ranks.found();
    boolean descending = ranks.rank(block, from, n);
    labelGroups(qid, found, data, ds, de, hashes, from); // after ranking, which reorders the judged entries
    if (parts.preferences() != null) { // after ranking too: each judged entry's document number and score
      judgedSlot = new int[found];
      judgedScore = new double[found];
      for (int j = 0; j < found; j++) {
        judgedSlot[j] = entrySlot[ranks.entry(j)]; // found above, by entry
        judgedScore[j] = block.scores()[from + ranks.entry(j)];
      }
    }
    out.result = row(qid, n, judged, found, ranks.ties(block.scores(), from, n, descending));
    JudgedRanks.countDisagreeing(block.scores(), block.ranks(), from, n, out.disagreeing);
    out.judgedAtCutoff = judgedAtCutoffs(n, found);
    return out;
  }

  /** Per coverage cutoff k, how many of the {@code found} judged entries rank within the first k evaluated. */
  private int[] judgedAtCutoffs(int n, int found) {
    int depth = depthPolicy == 0 ? n : Math.min(depthPolicy, n);
    int[] counts = new int[coverageCutoffs.length];
    for (int j = 0; j < found; j++) {
      int position = ranks.position(j);
      for (int c = 0; c < coverageCutoffs.length; c++) {
        if (position < depth && position < coverageCutoffs[c]) {
          counts[c]++;
        }
      }
    }
    return counts;
  }

  /** The row of a query of the set that the run has no entry for: an empty ranking. */
  Row missing(String qid) {
    labelGroups(qid, 0, null, null, null, null, 0);
    return row(qid, 0, context.judged(parts.qrels().queryPosition(qid)), 0, Map.of());
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

  /** The row from the ranks of the {@code found} judged entries. */
  private Row row(String qid, int n, JudgedTable judged, int found, Map<Integer, Integer> ties) {
    int depth = depthPolicy == 0 ? n : Math.min(depthPolicy, n);
    int[] labels = new int[depth];
    Arrays.fill(labels, JudgedRanking.UNJUDGED);
    int judgedInDepth = 0;
    for (int j = 0; j < found; j++) {
      if (ranks.position(j) < depth) {
        labels[ranks.position(j)] = ranks.label(j);
        judgedInDepth++;
      }
    }
    JudgedRanking ranking = new JudgedRanking(labels, judged.descending, threshold, parts.policy().gain(),
        intents ? judged.intents(rankedSlots(depth, found)) : null);
    if (groupTables.length > 0) {
      ranking = ranking.withGroups(groupRankings(depth, found));
    }
    PreferenceJudgments prefs = parts.preferences() == null ? null : parts.preferences().byQuery().get(qid);
    if (prefs != null) {
      ranking = withPreferences(ranking, prefs, depth, found);
    }
    Value[] values = new Value[measures.length];
    for (int k = 0; k < measures.length; k++) {
      Measure m = measures[k];
      boolean excluded = m.needsRelevant()
          && parts.policy().noRelevant() == NoRelevant.EXCLUDE
          && ranking.numRelevant(m.relevanceLevel(threshold)) == 0;
      values[k] = excluded ? null : m.compute(ranking);
    }
    return new Row(n, ranking.numRelevant(threshold), depth - judgedInDepth, Arrays.asList(values), ties,
        firstRelevantRank(ranking, threshold));
  }

  /** Per evaluated rank, the index of its document's judgment in the query's table, or -1. */
  private int[] rankedSlots(int depth, int found) {
    int[] slots = new int[depth];
    Arrays.fill(slots, -1);
    for (int j = 0; j < found; j++) {
      if (ranks.position(j) < depth) {
        slots[ranks.position(j)] = entrySlot[ranks.entry(j)];
      }
    }
    return slots;
  }

  /**
   * With judgment groups: the tables of the groups that judge {@code qid} and, for each of the
   * {@code found} judged entries, its label in each (UNJUDGED where the group lacks it).
   */
  private void labelGroups(String qid, int found, byte[] data, int[] ds, int[] de, int[] hashes, int from) {
    List<Qrels> groups = parts.groups();
    if (groups.isEmpty()) {
      return;
    }
    List<JudgedTable> tables = new ArrayList<>();
    for (Qrels g : groups) {
      int p = g.queryPosition(qid);
      if (p >= 0) {
        tables.add(JudgedTable.of(g, p));
      }
    }
    groupTables = tables.toArray(new JudgedTable[0]);
    groupLabel = new int[groupTables.length][found];
    for (int g = 0; g < groupTables.length; g++) {
      for (int j = 0; j < found; j++) {
        int e = from + ranks.entry(j);
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
      if (ranks.position(j) < depth) {
        byRank[ranks.position(j)] = j;
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
  private List<JudgedRanking> groupRankings(int depth, int found) {
    List<JudgedRanking> out = new ArrayList<>(groupTables.length);
    for (int g = 0; g < groupTables.length; g++) {
      int[] labels = new int[depth];
      Arrays.fill(labels, JudgedRanking.UNJUDGED);
      for (int j = 0; j < found; j++) {
        if (ranks.position(j) < depth) {
          labels[ranks.position(j)] = groupLabel[g][j];
        }
      }
      out.add(new JudgedRanking(labels, groupTables[g].descending, threshold, parts.policy().gain()));
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

  /** Lets go of scratch grown for one long query, so that a kept scorer stays small. */
  public void trim() {
    duplicates.trim();
  }
}
