package dev.caliber.measure;

/**
 * What every intent-aware measure does first, once ({@link AlphaDcg}, {@link
 * ExpectedReciprocalRankIa}, {@link NoveltyRankBiasedPrecision}, {@link PrecisionIa}, {@link
 * AveragePrecisionIa}, {@link SubtopicRecall}): read the ranking's subtopic judgments, drop the
 * documents without one when judged_only, count S (the subtopics with a relevant document) and
 * give 0 when S is 0 or nothing is looked at, as ndeval does.
 */
abstract class IntentAwareMeasure extends BaseMeasure {
  private final boolean judgedOnly;

  IntentAwareMeasure(String family, Integer rel, int cutoff, String params, boolean judgedOnly) {
    super(family, rel, cutoff, params, null);
    this.judgedOnly = judgedOnly;
  }

  /** One query as the measure reads it. */
  static final class Query {
    final Intents intents;
    /** The lowest relevant subtopic label. */
    final int rel;
    /** The subtopics with a relevant document, at least 1. */
    final int s;
    /** The ranked documents' (subtopic, label) pairs, null where a document has none. */
    final int[][] docs;
    /** The cutoff, or the ranking's length without one; at least 1. */
    final int k;

    Query(Intents intents, int rel, int s, int[][] docs, int k) {
      this.intents = intents;
      this.rel = rel;
      this.s = s;
      this.docs = docs;
      this.k = k;
    }

    /** The number of documents looked at: min(k, ranked). */
    int depth() {
      return Math.min(k, docs.length);
    }
  }

  @Override
  public final boolean needsIntents() {
    return true;
  }

  @Override
  public final Value compute(JudgedRanking r) {
    Intents in = r.intents();
    if (in == null) {
      throw new IllegalStateException("illegal ranking: " + name() + " needs subtopic judgments");
    }
    int rel = level(r);
    int s = in.relevantSubtopics(rel);
    int[][] docs = judgedOnly ? in.judgedOnly().ranked : in.ranked;
    int k = cutoff() == 0 ? docs.length : cutoff();
    if (s == 0 || k == 0) {
      return rational() ? Value.of(0) : Value.ofDouble(0.0);
    }
    return value(new Query(in, rel, s, docs, k));
  }

  /** The value of a query with S above 0 and k above 0. */
  abstract Value value(Query q);
}
