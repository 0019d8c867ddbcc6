package dev.caliber.protocol;

import dev.caliber.json.PyJson;
import dev.caliber.policy.RankingOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One query's retrieved documents as a run file gives them: document IDs in file order, with the
 * score and the rank column of each line. Which order counts as the ranking is a protocol policy
 * ({@link dev.caliber.policy.Ordering}), not this container's business.
 *
 * <p>Stored as parallel arrays because a run can hold millions of lines.
 */
public final class RankedList implements RankingOrder.Entries {
  private final String[] docs;
  private final double[] scores;
  private final long[] ranks;

  private RankedList(String[] docs, double[] scores, long[] ranks) {
    this.docs = docs;
    this.scores = scores;
    this.ranks = ranks;
  }

  /**
   * A list from parallel arrays (copied), one entry per line in file order.
   *
   * @param docs document IDs, none null; duplicates are not checked here
   * @param scores each entry's score, finite
   * @param ranks each entry's rank column as written; any value, since no ordering uses it
   * @return the list, possibly empty
   * @throws IllegalArgumentException if the lengths differ or a score is NaN or infinite
   * @throws NullPointerException if an array or a document ID is null
   */
  public static RankedList of(String[] docs, double[] scores, long[] ranks) {
    Objects.requireNonNull(docs, "docs");
    if (docs.length != scores.length || docs.length != ranks.length) {
      throw new IllegalArgumentException("illegal lengths " + docs.length + "/" + scores.length + "/" + ranks.length
          + ", must be equal");
    }
    for (int i = 0; i < scores.length; i++) {
      Objects.requireNonNull(docs[i], "document ID");
      if (!Double.isFinite(scores[i])) {
        throw new IllegalArgumentException("illegal score " + scores[i] + " at entry " + i + ", must be finite");
      }
    }
    return new RankedList(docs.clone(), scores.clone(), ranks.clone());
  }

  /**
   * A score map's entries as a ranking: a map of document to score (a JSON object, a Python dict)
   * has no order of its own, so its entries are ranked by {@link RankingOrder}'s rule (score
   * descending, ties by document ID descending in code point order, as trec_eval) and given ranks
   * 1..n. Every ordering policy then agrees with the result, and it never depends on the order in
   * which the map was written or iterated.
   *
   * @param docs document IDs, none null; duplicates are not checked here
   * @param scores each entry's score, finite
   * @return the list in ranking order, possibly empty
   * @throws IllegalArgumentException if the lengths differ or a score is NaN or infinite
   * @throws NullPointerException if an array or a document ID is null
   */
  public static RankedList byScore(String[] docs, double[] scores) {
    RankedList given = of(docs, scores, new long[docs.length]);
    int[] order = RankingOrder.order(given, dev.caliber.policy.Ordering.SCORE);
    int n = order.length;
    String[] d = new String[n];
    double[] s = new double[n];
    long[] r = new long[n];
    for (int i = 0; i < n; i++) {
      d[i] = given.docs[order[i]];
      s[i] = given.scores[order[i]];
      r[i] = i + 1;
    }
    return new RankedList(d, s, r);
  }

  /**
   * A list of documents in the given order with no scores: score is minus the position and rank
   * is the 1-based position, so that every ordering policy agrees with the given order.
   *
   * @param docs document IDs, best first, none null
   * @return the list, possibly empty
   * @throws NullPointerException if the list or a document ID is null
   */
  public static RankedList ofOrder(List<String> docs) {
    int n = docs.size();
    String[] d = docs.toArray(new String[0]);
    double[] s = new double[n];
    long[] r = new long[n];
    for (int i = 0; i < n; i++) {
      Objects.requireNonNull(d[i], "document ID");
      s[i] = -i;
      r[i] = i + 1;
    }
    return new RankedList(d, s, r);
  }

  /**
   * The number of entries.
   *
   * @return the number of lines the query had, 0 or more
   */
  @Override
  public int size() {
    return docs.length;
  }

  /**
   * The document ID of an entry.
   *
   * @param i the entry's index in file order, {@code 0 <= i < size()}
   * @return its document ID, never null
   * @throws ArrayIndexOutOfBoundsException if {@code i} is out of range
   */
  public String doc(int i) {
    return docs[i];
  }

  /**
   * The score of an entry.
   *
   * @param i the entry's index in file order, {@code 0 <= i < size()}
   * @return its score, finite
   * @throws ArrayIndexOutOfBoundsException if {@code i} is out of range
   */
  @Override
  public double score(int i) {
    return scores[i];
  }

  /**
   * Compares the document IDs of two entries in code point order, trec_eval's tie-break.
   *
   * @param a an entry's index in file order
   * @param b an entry's index in file order
   * @return negative, zero or positive as a's ID sorts before, with or after b's
   * @throws ArrayIndexOutOfBoundsException if an index is out of range
   */
  @Override
  public int compareDocs(int a, int b) {
    return PyJson.CODE_POINT_ORDER.compare(docs[a], docs[b]);
  }

  /**
   * The rank column of an entry as written in the file; no ordering reads it, but writers that
   * echo a run do.
   *
   * @param i the entry's index in file order, {@code 0 <= i < size()}
   * @return the rank column's value
   * @throws ArrayIndexOutOfBoundsException if {@code i} is out of range
   */
  public long rank(int i) {
    return ranks[i];
  }

  /**
   * The document IDs in file order.
   *
   * @return a fresh list of {@link #size()} IDs; changing it changes nothing here
   */
  public List<String> docs() {
    return Arrays.asList(docs.clone());
  }
}
