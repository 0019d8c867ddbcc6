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
   * @throws IllegalArgumentException if the lengths differ or a score is NaN or infinite
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
   * A list of documents in the given order with no scores: score is minus the position and rank
   * is the 1-based position, so that every ordering policy agrees with the given order.
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

  /** Number of entries. */
  @Override
  public int size() {
    return docs.length;
  }

  /** The document ID of entry {@code i} (file order). */
  public String doc(int i) {
    return docs[i];
  }

  /** The score of entry {@code i}. */
  @Override
  public double score(int i) {
    return scores[i];
  }

  /** Compares the document IDs of entries {@code a} and {@code b} in code point order. */
  @Override
  public int compareDocs(int a, int b) {
    return PyJson.CODE_POINT_ORDER.compare(docs[a], docs[b]);
  }

  /** The rank column of entry {@code i} as written in the file. */
  public long rank(int i) {
    return ranks[i];
  }

  /** Document IDs in file order. */
  public List<String> docs() {
    return Arrays.asList(docs.clone());
  }
}
