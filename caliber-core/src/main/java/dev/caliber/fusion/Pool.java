package dev.caliber.fusion;

import dev.caliber.internal.StringIndex;
import dev.caliber.policy.Ordering;
import dev.caliber.policy.RankingOrder;
import dev.caliber.protocol.RankedList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One query's candidates across the inputs, as every method reads them: the union of the
 * inputs' documents (in order of first appearance: input by input, each in ranking order), and for
 * each input and document whether the input has it, its 1-based rank there ({@link RankingOrder}'s
 * order under {@link Ordering#SCORE}) and its normalised score. A document missing from an input
 * has rank 0 there; what that means is each method's definition, never a silent drop.
 */
public final class Pool {
  private final String[] docs;
  private final int inputs;
  /** rank[input][doc], 0 when absent. */
  private final int[][] rank;
  /** score[input][doc], normalised; 0 when absent (never read then). */
  private final double[][] score;
  private final int[] sizes;

  private Pool(String[] docs, int[][] rank, double[][] score, int[] sizes) {
    this.docs = docs;
    this.inputs = rank.length;
    this.rank = rank;
    this.score = score;
    this.sizes = sizes;
  }

  /**
   * The pool of one query.
   *
   * @param lists each input's list for the query (an empty list for an input without the query),
   *     in input order, at least one
   * @param normalization applied to each input's scores before they enter the pool
   * @return the pool
   * @throws RepeatedDocumentException if a list ranks a document twice
   * @throws IllegalArgumentException if no list is given
   * @throws NullPointerException if an argument or a list is null
   */
  public static Pool of(List<RankedList> lists, Normalization normalization) {
    Objects.requireNonNull(normalization, "normalization");
    if (lists.isEmpty()) {
      throw new IllegalArgumentException("illegal inputs: none, must be at least one");
    }
    int n = lists.size();
    int total = 0;
    for (RankedList l : lists) {
      total += l.size();
    }
    String[] docs = new String[total];
    StringIndex index = new StringIndex(total);
    int[][] rank = new int[n][];
    double[][] score = new double[n][];
    int[] sizes = new int[n];
    int[][] orders = new int[n][];
    // candidate[i][r]: the candidate of input i's entry at 0-based rank r, so that each ID is looked up once
    int[][] candidate = new int[n][];
    int count = 0;
    for (int i = 0; i < n; i++) {
      RankedList l = Objects.requireNonNull(lists.get(i), "list");
      orders[i] = RankingOrder.order(l, Ordering.SCORE);
      sizes[i] = l.size();
      candidate[i] = new int[orders[i].length];
      for (int r = 0; r < orders[i].length; r++) {
        String doc = l.doc(orders[i][r]);
        int d = index.indexOf(docs, doc);
        if (d < 0) {
          docs[count] = doc;
          index.add(docs, count);
          d = count++;
        }
        candidate[i][r] = d;
      }
    }
    for (int i = 0; i < n; i++) {
      RankedList l = lists.get(i);
      rank[i] = new int[count];
      score[i] = new double[count];
      double[] normalised = normalization.apply(l, orders[i]);
      for (int r = 0; r < orders[i].length; r++) {
        int e = orders[i][r];
        int d = candidate[i][r];
        if (rank[i][d] != 0) {
          throw new RepeatedDocumentException(i, Math.max(e, firstEntry(l, l.doc(e), e)), l.doc(e));
        }
        rank[i][d] = r + 1;
        score[i][d] = normalised[e];
      }
    }
    return new Pool(Arrays.copyOf(docs, count), rank, score, sizes);
  }

  /** The other entry of {@code doc} than {@code e} in {@code l}, so that the later of the two is the repeat. */
  private static int firstEntry(RankedList l, String doc, int e) {
    for (int j = 0; j < l.size(); j++) {
      if (j != e && l.doc(j).equals(doc)) {
        return j;
      }
    }
    return e;
  }

  /**
   * The number of inputs.
   *
   * @return at least 1
   */
  public int inputs() {
    return inputs;
  }

  /**
   * The number of candidates: documents that at least one input has.
   *
   * @return 0 or more
   */
  public int docs() {
    return docs.length;
  }

  /**
   * A candidate's document ID.
   *
   * @param doc the candidate's index, {@code 0 <= doc < docs()}
   * @return its ID
   */
  public String doc(int doc) {
    return docs[doc];
  }

  /**
   * Whether an input has a candidate.
   *
   * @param input the input's index
   * @param doc the candidate's index
   * @return true when the input ranks the document
   */
  public boolean has(int input, int doc) {
    return rank[input][doc] != 0;
  }

  /**
   * A candidate's rank in an input.
   *
   * @param input the input's index
   * @param doc the candidate's index
   * @return its 1-based rank in the input's ranking order, or 0 when the input does not have it
   */
  public int rank(int input, int doc) {
    return rank[input][doc];
  }

  /**
   * A candidate's normalised score in an input.
   *
   * @param input the input's index
   * @param doc the candidate's index
   * @return its score after the normalisation; 0 when the input does not have it
   */
  public double score(int input, int doc) {
    return score[input][doc];
  }

  /**
   * The number of documents an input ranks for this query.
   *
   * @param input the input's index
   * @return 0 or more
   */
  public int size(int input) {
    return sizes[input];
  }

  /**
   * The number of inputs that have a candidate.
   *
   * @param doc the candidate's index
   * @return 1 or more
   */
  public int hits(int doc) {
    int h = 0;
    for (int i = 0; i < inputs; i++) {
      if (rank[i][doc] != 0) {
        h++;
      }
    }
    return h;
  }

  /**
   * The sum of terms in ascending order: the same terms in any order give the same double.
   *
   * @param terms the terms; sorted in place
   * @param count how many of {@code terms} count, from the start
   * @return their sum
   */
  static double sum(double[] terms, int count) {
    Arrays.sort(terms, 0, count);
    double s = 0;
    for (int i = 0; i < count; i++) {
      s += terms[i];
    }
    return s;
  }

  /**
   * The sum, in ascending order, of a term over the inputs that have a candidate.
   *
   * @param doc the candidate
   * @param term the term of input i (called only for inputs that have the candidate)
   * @return the sum
   */
  double sumOver(int doc, java.util.function.IntToDoubleFunction term) {
    double[] t = new double[inputs];
    int n = 0;
    for (int i = 0; i < inputs; i++) {
      if (rank[i][doc] != 0) {
        t[n++] = term.applyAsDouble(i);
      }
    }
    return sum(t, n);
  }

  /** The present inputs' normalised scores of a candidate, in a fresh array of {@link #hits} values. */
  double[] presentScores(int doc) {
    double[] out = new double[hits(doc)];
    int j = 0;
    for (int i = 0; i < inputs; i++) {
      if (rank[i][doc] != 0) {
        out[j++] = score[i][doc];
      }
    }
    return out;
  }
}
