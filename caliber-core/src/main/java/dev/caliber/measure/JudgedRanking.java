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
  /** Labels count 1/scale: 1 for whole labels, 10^d for judgments with d decimals ({@code Qrels#labelScale}). */
  private final int scale;
  private final Intents intents;
  /** The rankings labelled by each judgment group's judgments; null: this ranking is the only group. */
  private final java.util.List<JudgedRanking> groups;
  /** With preference judgments: the query's, the judged documents ranked (numbers, scores), their counts once made. */
  private PreferenceJudgments preferences;
  private int[] preferred;
  private double[] preferredScores;
  private PreferenceCounts counts;
  /**
   * Made on first use, for the threshold last asked: the relevant documents among the first i
   * ranked, and per position the best precision at a relevant position from there on. Many
   * measures ask (P@k and R@k at nine cutoffs, IPrec at eleven levels twice under trec_eval's
   * defaults): each was a pass over the ranking.
   */
  private RelevantCounts relevantCounts;
  /**
   * The last value a measure remembered here ({@link #remembered}): trec_eval's defaults ask AP
   * twice per query, for map and for gm_map, and its exact sum is the dearest value of a row.
   */
  private Remembered remembered;

  /** A measure and its value; final fields, so that another thread reading the ranking sees them whole. */
  private record Remembered(Measure measure, Value value) {}

  /**
   * Copies both arrays, so that the caller may reuse them.
   *
   * @param labels label of each ranked document, best first ({@link #UNJUDGED} where none); not
   *     null, may be empty
   * @param judgedLabels every label the qrels give this query (ranked or not), in any order; not
   *     null, may be empty
   * @param threshold the protocol's relevance threshold
   * @param gain the protocol's gain rule
   */
  public JudgedRanking(int[] labels, int[] judgedLabels, int threshold, Gain gain) {
    this(labels, judgedLabels, threshold, gain, null);
  }

  /**
   * With the ranked documents' subtopic judgments, for the intent-aware measures.
   *
   * @param labels label of each ranked document, best first ({@link #UNJUDGED} where none); not
   *     null, may be empty
   * @param judgedLabels every label the qrels give this query, in any order; not null
   * @param threshold the protocol's relevance threshold
   * @param gain the protocol's gain rule
   * @param intents the subtopic judgments of the same ranking, or null when the judgments have none
   */
  public JudgedRanking(int[] labels, int[] judgedLabels, int threshold, Gain gain, Intents intents) {
    this(labels, judgedLabels, threshold, gain, intents, 1);
  }

  /**
   * With labels in units of {@code 1/scale}: judgments with decimal labels ({@code 0.7} is 7 at
   * scale 10). Thresholds stay in labels' own units ({@link #relevant}: label {@code >= t}) and gains
   * are taken of the exact label ({@link #gain}).
   *
   * @param labels label of each ranked document in units of {@code 1/scale}, best first ({@link
   *     #UNJUDGED} where none); not null
   * @param judgedLabels every label the qrels give this query, in the same units; not null
   * @param threshold the protocol's relevance threshold, in labels' own units
   * @param gain the protocol's gain rule
   * @param intents the subtopic judgments of the same ranking, or null
   * @param scale 1, or the power of ten the labels are multiplied by
   * @throws IllegalArgumentException if {@code scale} is below 1
   */
  public JudgedRanking(int[] labels, int[] judgedLabels, int threshold, Gain gain, Intents intents, int scale) {
    if (scale < 1) {
      throw new IllegalArgumentException("illegal label scale: " + scale + ", must be 1 or more");
    }
    this.scale = scale;
    this.intents = intents;
    this.labels = labels.clone();
    // a caller that scores many runs passes the labels sorted once (highestFirst), and pays a copy
    this.judgedDescending = descending(judgedLabels) ? judgedLabels.clone() : highestFirst(judgedLabels);
    this.threshold = threshold;
    this.gain = gain;
    this.groups = null;
  }

  private JudgedRanking(JudgedRanking r, java.util.List<JudgedRanking> groups) {
    this.labels = r.labels;
    this.judgedDescending = r.judgedDescending;
    this.threshold = r.threshold;
    this.gain = r.gain;
    this.scale = r.scale;
    this.intents = r.intents;
    this.groups = groups;
    this.preferences = r.preferences;
    this.preferred = r.preferred;
    this.preferredScores = r.preferredScores;
  }

  /**
   * The same ranking with trec_eval's judgment groups (its {@code qrels_jg} format): the same
   * documents in the same order, labelled by each group's own judgments, for the measures that
   * average over groups ({@link JudgmentGroupMean}).
   *
   * @param groups one ranking per judgment group of the query, in the groups' order; not null,
   *     not empty, each of this ranking's size and without groups of its own
   * @return a new ranking whose {@link #groups()} are {@code groups}
   * @throws IllegalArgumentException if {@code groups} is empty or a group's size differs
   */
  public JudgedRanking withGroups(java.util.List<JudgedRanking> groups) {
    if (groups.isEmpty()) {
      throw new IllegalArgumentException("a query has at least one judgment group");
    }
    for (JudgedRanking g : groups) {
      if (g.size() != size() || g.groups != null) {
        throw new IllegalArgumentException("a judgment group ranks the query's documents, without groups of its own");
      }
    }
    return new JudgedRanking(this, java.util.List.copyOf(groups));
  }

  /**
   * The same ranking with the query's preference judgments (trec_eval's {@code -R prefs} and
   * {@code -R qrels_prefs}), for the preference measures ({@link Preference}).
   *
   * @param judgments the query's preference judgments, not null
   * @param documents the document numbers ({@link PreferenceJudgments}) of the judged documents
   *     ranked, in ranking order, not null
   * @param scores their scores, as many, not null: trec_eval orders equal scores by document ID
   *     here
   * @return a new ranking with the preferences
   * @throws IllegalArgumentException if the arrays differ in length or a number is out of range
   */
  public JudgedRanking withPreferences(PreferenceJudgments judgments, int[] documents, double[] scores) {
    if (documents.length != scores.length) {
      throw new IllegalArgumentException("one score per ranked judged document");
    }
    for (int d : documents) {
      if (d < 0 || d >= judgments.documents()) {
        throw new IllegalArgumentException("illegal document number " + d + ", the query judges " + judgments.documents());
      }
    }
    JudgedRanking r = new JudgedRanking(this, groups);
    r.preferences = judgments;
    r.preferred = documents.clone();
    r.preferredScores = scores.clone();
    return r;
  }

  /** The preference counts of this ranking, made on first use; null without preference judgments. */
  PreferenceCounts preferenceCounts() {
    if (preferences != null && counts == null) {
      counts = PreferenceCounts.of(preferences, preferred, preferredScores);
    }
    return counts;
  }

  /**
   * The query's judgment groups, each a ranking of the same documents labelled by that group.
   *
   * @return the groups set by {@link #withGroups}, else this ranking alone (one group: the
   *     qrels themselves); never empty
   */
  public java.util.List<JudgedRanking> groups() {
    return groups == null ? java.util.List.of(this) : groups;
  }

  /**
   * A query's judged labels highest first, as this class keeps them: a caller that builds many
   * rankings of one query sorts them once.
   *
   * @param judgedLabels the labels in any order, not null (not changed)
   * @return a new array of the same labels, highest first
   */
  public static int[] highestFirst(int[] judgedLabels) {
    int[] sorted = judgedLabels.clone();
    Arrays.sort(sorted);
    for (int i = 0, j = sorted.length - 1; i < j; i++, j--) {
      int t = sorted[i];
      sorted[i] = sorted[j];
      sorted[j] = t;
    }
    return sorted;
  }

  private static boolean descending(int[] a) {
    for (int k = 1; k < a.length; k++) {
      if (a[k] > a[k - 1]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The subtopic judgments of the ranking, which only the intent-aware measures read.
   *
   * @return the subtopics, or null when the judgments have none
   */
  public Intents intents() {
    return intents;
  }

  /**
   * The number of ranked documents evaluated.
   *
   * @return the ranking's length after the protocol's depth, 0 or more
   */
  public int size() {
    return labels.length;
  }

  /**
   * The label of a ranked document.
   *
   * @param i 0-based position, {@code 0 <= i < size()}
   * @return the qrels' label, or {@link #UNJUDGED} when the document has none
   * @throws ArrayIndexOutOfBoundsException if {@code i} is out of range
   */
  public int label(int i) {
    return labels[i];
  }

  /**
   * The protocol's relevance threshold, which a measure without its own {@code rel} uses.
   *
   * @return the lowest label that counts as relevant
   */
  public int threshold() {
    return threshold;
  }

  /**
   * Whether a ranked document is relevant at a level.
   *
   * @param i 0-based position, {@code 0 <= i < size()}
   * @param t the lowest label that counts as relevant
   * @return true when the document has a label and it is {@code t} or more; never for an
   *     {@link #UNJUDGED} document
   * @throws ArrayIndexOutOfBoundsException if {@code i} is out of range
   */
  public boolean relevant(int i, int t) {
    return labels[i] != UNJUDGED && labels[i] >= level(t);
  }

  /** A level in labels' own units as the labels here hold it. */
  private long level(int t) {
    return (long) t * scale;
  }

  /**
   * The unit of {@link #label} and {@link #idealLabels}: labels are integer counts of {@code
   * 1/labelScale()}.
   *
   * @return 1 for whole labels, else a power of ten
   */
  public int labelScale() {
    return scale;
  }

  /**
   * Whether a ranked document is judged, as bpref and Judged@k count it.
   *
   * @param i 0-based position, {@code 0 <= i < size()}
   * @return true when the document has a label and it is not negative
   * @throws ArrayIndexOutOfBoundsException if {@code i} is out of range
   */
  public boolean judged(int i) {
    return labels[i] != UNJUDGED && labels[i] >= 0;
  }

  /**
   * The number of relevant documents of the query, ranked or not: the denominator of Recall and AP.
   *
   * @param t the lowest label that counts as relevant
   * @return how many of the query's judged labels are {@code t} or more; 0 or more
   */
  public int numRelevant(int t) {
    int n = 0;
    long level = level(t);
    while (n < judgedDescending.length && judgedDescending[n] >= level) {
      n++;
    }
    return n;
  }

  /**
   * The number of judged non-relevant documents of the query, ranked or not: bpref's N.
   *
   * @param t the lowest label that counts as relevant
   * @return how many of the query's judged labels satisfy {@code 0 <= label < t}; negative labels
   *     are not counted
   */
  public int numJudgedNonRelevant(int t) {
    int n = 0;
    long level = level(t);
    for (int l : judgedDescending) {
      if (l >= 0 && l < level) {
        n++;
      }
    }
    return n;
  }

  /**
   * The number of relevant documents among the first k ranked.
   *
   * @param k how many ranked positions to look at; 0, or more than {@link #size()}, for all
   * @param t the lowest label that counts as relevant
   * @return the count, between 0 and {@code min(k, size())}
   */
  public int relevantInTop(int k, int t) {
    int end = k == 0 ? labels.length : Math.min(k, labels.length);
    return end <= 0 ? 0 : relevantCounts(t).inTop[end];
  }

  private RelevantCounts relevantCounts(int t) {
    RelevantCounts c = relevantCounts;
    if (c == null || c.threshold != t) {
      c = RelevantCounts.of(this, t);
      relevantCounts = c;
    }
    return c;
  }

  /**
   * The 0-based position of the {@code c}-th relevant document (c from 1), or -1 when fewer are
   * ranked.
   */
  int positionOfRelevant(long c, int t) {
    return relevantCounts(t).positionOf(c);
  }

  /**
   * Of the relevant positions j from {@code i} on, the earliest with the largest precision P@(j + 1)
   * ({@link #relevantInTop}{@code (j + 1, t) / (j + 1)}), or -1 when none is relevant: what
   * interpolated precision reads.
   */
  int bestPrecisionFrom(int i, int t) {
    return relevantCounts(t).bestPrecisionFrom(this, i);
  }

  /**
   * The nDCG gain of a label under the protocol's gain rule.
   *
   * @param label a label, or {@link #UNJUDGED}
   * @return {@code label} (linear) or {@code 2^label - 1} (exponential); 0 for labels of 0 or below
   *     and for {@link #UNJUDGED}
   */
  public double gain(int label) {
    return gain(label, gain);
  }

  /**
   * The gain of a label under a given rule (a measure's own {@code dcg=}), of the exact label.
   *
   * @param label a label as {@link #label} gives it, or {@link #UNJUDGED}
   * @param rule the gain rule, not null
   * @return the rule's gain of {@code label / labelScale()}; 0 for labels of 0 or below and for
   *     {@link #UNJUDGED}
   */
  public double gain(int label, Gain rule) {
    return label <= 0 ? 0.0 : rule.of((double) label / scale); // UNJUDGED is negative
  }

  /**
   * Every judged label of the query, highest first: the ideal ranking's labels.
   *
   * @return a fresh copy the caller may change; negative labels included, empty when the query has
   *     no judgment
   */
  public int[] idealLabels() {
    return judgedDescending.clone();
  }

  /**
   * The value {@link #remember} last kept for a measure equal to {@code measure}, or null.
   *
   * @param measure the measure asking
   * @return its value on this ranking, or null when another measure (or none) was remembered last
   */
  Value remembered(Measure measure) {
    Remembered r = remembered;
    return r != null && r.measure().equals(measure) ? r.value() : null;
  }

  /**
   * Keeps a measure's value on this ranking, in place of any other, for a second measure that asks
   * for the same (GMAP for AP).
   *
   * @param measure the measure
   * @param value its value on this ranking
   * @return the value
   */
  Value remember(Measure measure, Value value) {
    remembered = new Remembered(measure, value);
    return value;
  }
}
