package dev.caliber.measure;

/**
 * The counting measures of trec_eval, defined for every query:
 *
 * <ul>
 *   <li>{@code NumRet}: documents ranked (after the protocol's depth), trec_eval's {@code num_ret};
 *   <li>{@code NumRel}: judged relevant documents of the query, {@code num_rel};
 *   <li>{@code NumRelRet}: relevant documents ranked, {@code num_rel_ret};
 *   <li>{@code NumNonRelJudgedRet}: judged non-relevant documents ranked (label 0 or more, below
 *       the level), {@code num_nonrel_judged_ret}.
 * </ul>
 *
 * Their means are averages of counts; trec_eval prints sums for these, and caliber's trec_eval
 * writer does too.
 */
public final class Count extends BaseMeasure {
  /** Which count. */
  public enum Kind {
    /** Documents ranked. */
    NumRet,
    /** Relevant documents judged. */
    NumRel,
    /** Relevant documents ranked. */
    NumRelRet,
    /** Judged non-relevant documents ranked. */
    NumNonRelJudgedRet
  }

  private final Kind kind;

  /**
   * A count, named after its kind ({@code NumRel(rel=2)} when a level is given).
   *
   * @param kind which count, not null
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold. Ignored (and left out of the name) for {@link Kind#NumRet}, which counts every
   *     ranked document
   * @throws IllegalArgumentException if {@code rel} is negative and {@code kind} is not NumRet
   * @throws NullPointerException if {@code kind} is null
   */
  public Count(Kind kind, Integer rel) {
    super(kind.name(), kind == Kind.NumRet ? null : rel, 0);
    this.kind = kind;
  }

  /**
   * Which count this is; the trec_eval writer prints the sums of counts, not their means.
   *
   * @return the kind, never null
   */
  public Kind kind() {
    return kind;
  }

  @Override
  public boolean needsRelevant() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    int t = level(r);
    return switch (kind) {
      case NumRet -> Value.of(r.size());
      case NumRel -> Value.of(r.numRelevant(t));
      case NumRelRet -> Value.of(r.relevantInTop(0, t));
      case NumNonRelJudgedRet -> Value.of(nonRelevantRanked(r, t));
    };
  }

  private static int nonRelevantRanked(JudgedRanking r, int t) {
    int n = 0;
    for (int i = 0; i < r.size(); i++) {
      if (r.judged(i) && r.label(i) < t) {
        n++;
      }
    }
    return n;
  }
}
