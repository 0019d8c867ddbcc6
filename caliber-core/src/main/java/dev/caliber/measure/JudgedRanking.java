package dev.caliber.measure;

import dev.caliber.policy.Gain;
import java.util.Arrays;

/**
 * One query's ranking with the judgment of every ranked document: everything a measure may look
 * at, computed once by the evaluator. Measures read it and never see document IDs.
 *
 * <p>A label is the integer from the qrels; {@link #UNJUDGED} marks a ranked document without a
 * judgment (only possible under pooled judgments). Negative labels follow trec_eval: the document
 * was in the pool but not judged; it is never relevant, never gains, and bpref and Judged@k treat
 * it as unjudged.
 */
public final class JudgedRanking {
  /** The label of a ranked document that has no judgment. */
  public static final int UNJUDGED = Integer.MIN_VALUE;

  private final int[] labels;
  private final int[] judgedDescending;
  private final int threshold;
  private final Gain gain;

  /**
   * @param labels label of each ranked document, best first ({@link #UNJUDGED} where none)
   * @param judgedLabels every label the qrels give this query (ranked or not)
   * @param threshold the protocol's relevance threshold
   * @param gain the protocol's gain rule
   */
  public JudgedRanking(int[] labels, int[] judgedLabels, int threshold, Gain gain) {
    this.labels = labels.clone();
    int[] sorted = judgedLabels.clone();
    Arrays.sort(sorted);
    for (int i = 0, j = sorted.length - 1; i < j; i++, j--) {
      int t = sorted[i];
      sorted[i] = sorted[j];
      sorted[j] = t;
    }
    this.judgedDescending = sorted;
    this.threshold = threshold;
    this.gain = gain;
  }

  /** Number of ranked documents evaluated. */
  public int size() {
    return labels.length;
  }

  /** The label at 0-based position {@code i}, or {@link #UNJUDGED}. */
  public int label(int i) {
    return labels[i];
  }

  /** The protocol's relevance threshold. */
  public int threshold() {
    return threshold;
  }

  /** Whether the document at position {@code i} is relevant at threshold {@code t}. */
  public boolean relevant(int i, int t) {
    return labels[i] != UNJUDGED && labels[i] >= t;
  }

  /** Whether the document at position {@code i} is judged (label present and not negative). */
  public boolean judged(int i) {
    return labels[i] != UNJUDGED && labels[i] >= 0;
  }

  /** Number of judged documents with label {@code >= t}, ranked or not. */
  public int numRelevant(int t) {
    int n = 0;
    while (n < judgedDescending.length && judgedDescending[n] >= t) {
      n++;
    }
    return n;
  }

  /** Number of judged documents with {@code 0 <= label < t}, ranked or not. */
  public int numJudgedNonRelevant(int t) {
    int n = 0;
    for (int l : judgedDescending) {
      if (l >= 0 && l < t) {
        n++;
      }
    }
    return n;
  }

  /** Relevant documents at threshold {@code t} among the first {@code k} ranked (all if k is 0). */
  public int relevantInTop(int k, int t) {
    int end = k == 0 ? labels.length : Math.min(k, labels.length);
    int n = 0;
    for (int i = 0; i < end; i++) {
      if (relevant(i, t)) {
        n++;
      }
    }
    return n;
  }

  /** nDCG gain of a label under the protocol's gain rule: labels of 0 or below gain nothing. */
  public double gain(int label) {
    if (label == UNJUDGED || label <= 0) {
      return 0.0;
    }
    return gain == Gain.LINEAR ? label : Math.pow(2.0, label) - 1.0;
  }

  /** Every judged label of the query, highest first: the ideal ranking's labels. */
  public int[] idealLabels() {
    return judgedDescending.clone();
  }
}
