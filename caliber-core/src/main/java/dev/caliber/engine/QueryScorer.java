package dev.caliber.engine;

import dev.caliber.internal.QrelsColumns;
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
import dev.caliber.qrels.QrelsAccess;
import dev.caliber.result.ScoredQuery.Repetition;
import dev.caliber.result.ScoredQuery.Row;
import dev.caliber.result.ScoredQuery.Violation;
import dev.caliber.result.ScoredQuery;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
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
 * under {@link NoRelevant#EXCLUDE}), the ties that straddle each cutoff and the first relevant rank,
 * and, when the context asks, each value's bounds under holes ({@link Holes}).
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
  /** The query's entries out of the given order, for either reason, by score, by rank ({@link JudgedRanks#countDisagreeing}). */
  private final int[] disagreeing = new int[3];
  private final Duplicates duplicates = new Duplicates();
  private final JudgedRanks ranks;
  /** The label of a hole judged relevant ({@link Holes#highLabel}), or -1 when rows have no bounds. */
  private final int holeLabel;
  /** Per measure, whether it has bounds under holes ({@link Holes#bounded}). */
  private final boolean[] bounded;

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
    this.holeLabel = context.holeLabel();
    this.bounded = new boolean[measures.length];
    for (int k = 0; k < measures.length; k++) {
      bounded[k] = Holes.bounded(measures[k]);
    }
  }

  /**
   * Scores query {@code q} of {@code block}, its lines as the block counts them.
   *
   * @return what scoring found: the row, or the query's violation
   */
  public ScoredQuery score(EntryBlock block, int q) {
    return score(block, q, 0);
  }

  /**
   * Scores query {@code q} of {@code block}, adding {@code lineOffset} to each line the block gives
   * (0 stays 0: an entry from no line).
   *
   * @return what scoring found: the row, or the query's violation
   */
  public ScoredQuery score(EntryBlock block, int q, long lineOffset) {
    String qid = block.queryId(q);
    int from = block.queryStart(q);
    int to = block.queryStart(q + 1);
    int n = to - from;
    int index = setIndex.indexOf(qid);
    if (index >= 0) {
      qid = setIndex.id(index); // the protocol's String: a row keeps no copy of its own
    }
    long firstLine = n == 0 ? 0 : line(block, from, lineOffset);
    if (duplicates.find(block, from, n)) {
      int e = from + duplicates.entry();
      int first = from + duplicates.firstEntry();
      Repetition repetition = new Repetition(block.doc(e), duplicates.entry(), line(block, e, lineOffset),
          duplicates.firstEntry(), line(block, first, lineOffset));
      return new ScoredQuery(qid, firstLine, repetition, null, null, null);
    }
    if (index < 0) {
      return new ScoredQuery(qid, firstLine, null, null, null, null); // not scored: listed or rejected by the merge
    }
    JudgedTable judged = context.judged(context.qrels().queryPosition(qid));
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
        return new ScoredQuery(qid, firstLine, null, violation(block, e, i, lineOffset, true), null, null);
      }
      if (slot < 0) {
        if (exhaustive) {
          return new ScoredQuery(qid, firstLine, null, violation(block, e, i, lineOffset, false),
              unknownAfter(block, from, i + 1, n, lineOffset), null);
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
    JudgedRanks.countDisagreeing(block.scores(), block.ranks(), from, n, disagreeing);
    return new ScoredQuery(qid, firstLine, null, null, null,
        row(qid, n, judged, found, ranks.ties(block.scores(), from, n, descending), judgedAtCutoffs(n, found)));
  }

  /** Entry {@code e}'s line, with the offset where it has one. */
  private static long line(EntryBlock block, int e, long lineOffset) {
    int line = block.lineNumbers()[e];
    return line == 0 ? 0 : lineOffset + line;
  }

  /** Per coverage cutoff k, how many of the {@code found} judged entries rank within the first k evaluated. */
  private List<Integer> judgedAtCutoffs(int n, int found) {
    int depth = depthPolicy == 0 ? n : Math.min(depthPolicy, n);
    Integer[] counts = new Integer[coverageCutoffs.length];
    for (int c = 0; c < coverageCutoffs.length; c++) {
      int count = 0;
      for (int j = 0; j < found; j++) {
        int position = ranks.position(j);
        if (position < depth && position < coverageCutoffs[c]) {
          count++;
        }
      }
      counts[c] = count;
    }
    return List.of(counts);
  }

  /** The row of a query of the set that the run has no entry for: an empty ranking, which disagrees with and judges nothing. */
  Row missing(String qid) {
    labelGroups(qid, 0, null, null, null, null, 0);
    Arrays.fill(disagreeing, 0);
    return row(qid, 0, context.judged(context.qrels().queryPosition(qid)), 0, Map.of(),
        Collections.nCopies(coverageCutoffs.length, 0));
  }

  /** The first entry from {@code i} on that is outside the corpus, if there is a corpus; else null. */
  private Violation unknownAfter(EntryBlock block, int from, int i, int n, long lineOffset) {
    if (corpus == null) {
      return null;
    }
    for (int j = i; j < n; j++) {
      if (!corpus.contains(block.doc(from + j))) {
        return violation(block, from + j, j, lineOffset, true);
      }
    }
    return null;
  }

  /** Entry {@code e} (entry {@code i} of its query) as a violation. */
  private static Violation violation(EntryBlock block, int e, int i, long lineOffset, boolean outsideCorpus) {
    return new Violation(block.doc(e), i, line(block, e, lineOffset), outsideCorpus);
  }

  /** The row from the ranks of the {@code found} judged entries, and {@link #disagreeing}. */
  private Row row(String qid, int n, JudgedTable judged, int found, Map<Integer, Integer> ties,
      List<Integer> judgedAtCutoff) {
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
        intents ? judged.intents(rankedSlots(depth, found)) : null, parts.qrels().labelScale());
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
    List<Value> low = null;
    List<Value> high = null;
    if (holeLabel >= 0) {
      Value[] lows = new Value[measures.length];
      Value[] highs = new Value[measures.length];
      bounds(labels, judged.descending, values, lows, highs);
      low = Arrays.asList(lows);
      high = Arrays.asList(highs);
    }
    return new Row(n, ranking.numRelevant(threshold), depth - judgedInDepth, Arrays.asList(values), ties,
        firstRelevantRank(ranking, threshold), disagreeing[0], disagreeing[1], disagreeing[2], judgedAtCutoff, low, high);
  }

  /**
   * Each measure's bounds under holes ({@link Holes}): its values on the two completions of the
   * ranking's {@code labels}, the lesser in {@code lows} and the greater in {@code highs}; none
   * where {@code values} has none (the query left out of the mean, as for the value: the mean's
   * denominator stays the protocol's) or the measure has no bounds.
   */
  private void bounds(int[] labels, int[] judgedLabels, Value[] values, Value[] lows, Value[] highs) {
    JudgedRanking nonRelevant = Holes.filled(labels, judgedLabels, 0, threshold, parts.policy().gain(),
        parts.qrels().labelScale());
    JudgedRanking relevant = Holes.filled(labels, judgedLabels, holeLabel, threshold, parts.policy().gain(),
        parts.qrels().labelScale());
    for (int k = 0; k < measures.length; k++) {
      if (values[k] != null && bounded[k]) {
        Value a = measures[k].compute(nonRelevant);
        Value b = measures[k].compute(relevant);
        lows[k] = Holes.lower(a, b);
        highs[k] = Holes.higher(a, b);
      }
    }
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
      QrelsColumns columns = QrelsAccess.columns(g);
      int p = columns.queryPosition(qid);
      if (p >= 0) {
        tables.add(JudgedTable.of(columns, g.subtopics(), p));
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
