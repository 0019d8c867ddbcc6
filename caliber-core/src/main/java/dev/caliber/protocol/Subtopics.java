package dev.caliber.protocol;

import java.util.Arrays;
import java.util.List;

/**
 * Subtopic judgments (the TREC Web track's diversity qrels, {@code qid subtopic docid label}):
 * per judgment of a {@link Qrels}, the labels its document has for each of its query's subtopics.
 * The intent-aware measures (alpha-nDCG, ERR-IA, subtopic recall) read them; every other measure
 * reads the {@link Qrels}, whose label of a document is its largest over its subtopics.
 *
 * <p>Held sparse: a judgment keeps only the (subtopic, label) pairs given, so that a query with
 * many subtopics costs what its lines cost. Immutable.
 */
public final class Subtopics {
  /** Per judgment: subtopic index, label, subtopic index, label, ... in file order. */
  private final int[][] pairs;
  /** Per judged query (its position in the qrels): its subtopics' names, in order of first appearance. */
  private final String[][] names;

  /**
   * Takes the arrays as they are (the reader builds them).
   *
   * @param pairs per judgment of the qrels, in the qrels' order: (subtopic index, label) pairs,
   *     not null, none null
   * @param names per query position of the qrels: its subtopic names, indexed as in {@code pairs}
   */
  public Subtopics(int[][] pairs, List<List<String>> names) {
    this.pairs = pairs.clone();
    this.names = names.stream().map(l -> l.toArray(new String[0])).toArray(String[][]::new);
  }

  /**
   * The number of judgments these subtopics annotate.
   *
   * @return the qrels' size
   */
  public int judgments() {
    return pairs.length;
  }

  /**
   * The number of subtopics a query has (that any judgment names).
   *
   * @param position the query's position in the qrels
   * @return 0 or more
   */
  public int subtopicCount(int position) {
    return names[position].length;
  }

  /**
   * A subtopic's name.
   *
   * @param position the query's position in the qrels
   * @param subtopic its index, {@code 0 <= subtopic < subtopicCount(position)}
   * @return the name as the file wrote it
   */
  public String subtopicName(int position, int subtopic) {
    return names[position][subtopic];
  }

  /**
   * A judgment's subtopic labels.
   *
   * @param judgment a judgment's index in the qrels
   * @return a fresh array of (subtopic index, label) pairs, flattened; a subtopic not named has no
   *     judgment for this document (the intent-aware measures count it as not relevant)
   */
  public int[] pairs(int judgment) {
    return pairs[judgment].clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Subtopics s && Arrays.deepEquals(pairs, s.pairs) && Arrays.deepEquals(names, s.names);
  }

  @Override
  public int hashCode() {
    return Arrays.deepHashCode(pairs) * 31 + Arrays.deepHashCode(names);
  }

  @Override
  public String toString() {
    return "Subtopics[" + pairs.length + " judgments]";
  }
}
