package dev.caliber.engine;

import dev.caliber.internal.QrelsColumns;
import dev.caliber.internal.Slots;
import dev.caliber.measure.Intents;
import dev.caliber.measure.JudgedRanking;
import dev.caliber.protocol.Subtopics;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A query's judgments, found by the bytes of a ranked document's ID: a small hash table over the
 * judgments' positions in the qrels' columns ({@link QrelsColumns}), which keep each ID's bytes and
 * hash (no string is made). One per scored query, so it stays in cache while the query's entries
 * are looked up.
 */
final class JudgedTable {
  private static final JudgedTable EMPTY = new JudgedTable(null, null, -1, 0, new int[0], new int[0], new int[1]);

  private final QrelsColumns qrels;
  /** The query's first judgment in {@link #qrels}. */
  private final int first;
  final int[] labels;
  /** The labels, highest first: what {@link JudgedRanking} needs, sorted once per table. */
  final int[] descending;
  /** Each judged ID's hash, compared before its bytes. */
  private final int[] hashes;
  private final int[] slots;
  /** With subtopic judgments: each judgment's (subtopic, label) pairs, by index; else null. */
  final int[][] subtopicPairs;
  /** With subtopic judgments: the query's subtopic count; else 0. */
  final int subtopicCount;
  /** With subtopic judgments: every judgment's pairs, document ID descending by byte (ndeval's tie order); else null. */
  final int[][] idealOrder;

  private JudgedTable(QrelsColumns qrels, Subtopics subtopics, int position, int first, int[] labels, int[] hashes, int[] slots) {
    this.qrels = qrels;
    this.first = first;
    this.labels = labels;
    this.descending = JudgedRanking.highestFirst(labels);
    this.hashes = hashes;
    this.slots = slots;
    if (subtopics == null) {
      subtopicPairs = null;
      subtopicCount = 0;
      idealOrder = null;
    } else {
      subtopicPairs = new int[labels.length][];
      byte[][] ids = new byte[labels.length][];
      Integer[] order = new Integer[labels.length];
      for (int i = 0; i < labels.length; i++) {
        subtopicPairs[i] = subtopics.pairs(first + i);
        ids[i] = qrels.docId(first + i).getBytes(StandardCharsets.UTF_8);
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> Arrays.compareUnsigned(ids[b], ids[a]));
      idealOrder = Arrays.stream(order).map(i -> subtopicPairs[i]).toArray(int[][]::new);
      subtopicCount = subtopics.subtopicCount(position);
    }
  }

  /**
   * The subtopic judgments of a ranking, for the intent-aware measures.
   *
   * @param ranked per ranked position, the index of its judgment here, or -1
   */
  Intents intents(int[] ranked) {
    int[][] pairs = new int[ranked.length][];
    for (int i = 0; i < ranked.length; i++) {
      pairs[i] = ranked[i] < 0 || subtopicPairs == null ? null : subtopicPairs[ranked[i]];
    }
    return new Intents(subtopicCount, pairs, idealOrder == null ? new int[0][] : idealOrder);
  }

  /**
   * The judgments of the query at {@code position} in {@code qrels} ({@link QrelsColumns#queryPosition});
   * none for -1. {@code subtopics} are the qrels' subtopic judgments, or null.
   */
  static JudgedTable of(QrelsColumns qrels, Subtopics subtopics, int position) {
    if (position < 0 || qrels.judgmentsFrom(position) == qrels.judgmentsTo(position)) {
      return EMPTY;
    }
    int first = qrels.judgmentsFrom(position);
    int j = qrels.judgmentsTo(position) - first;
    int[] labels = new int[j];
    int[] hashes = new int[j];
    int[] slots = Slots.forKeys(j);
    for (int i = 0; i < j; i++) {
      labels[i] = qrels.label(first + i);
      hashes[i] = qrels.docHash(first + i);
      Slots.put(slots, hashes[i], i);
    }
    return new JudgedTable(qrels, subtopics, position, first, labels, hashes, slots);
  }

  /** The index of the judgment of {@code b[from, to)} (hash {@code h}, {@link QrelsColumns#hash}), or -1. */
  int find(byte[] b, int from, int to, int h) {
    for (int slot = Slots.first(slots, h); Slots.taken(slots, slot); slot = Slots.next(slots, slot)) {
      int i = Slots.position(slots, slot);
      if (hashes[i] == h && qrels.docEquals(first + i, b, from, to)) {
        return i;
      }
    }
    return -1;
  }
}
