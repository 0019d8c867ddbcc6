package dev.caliber.measure;

/**
 * The counting measures of trec_eval, defined for every query:
 *
 * <ul>
 *   <li>{@code NumRet}: documents ranked (after the protocol's depth), trec_eval's {@code num_ret};
 *   <li>{@code NumRel}: judged relevant documents of the query, {@code num_rel};
 *   <li>{@code NumRelRet}: relevant documents ranked, {@code num_rel_ret}.
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
    NumRelRet
  }

  private final Kind kind;

  /** A count at relevance level {@code rel} (null: the protocol's threshold; ignored by NumRet). */
  public Count(Kind kind, Integer rel) {
    super(kind.name(), kind == Kind.NumRet ? null : rel, 0);
    this.kind = kind;
  }

  /** Which count this is. */
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
    };
  }
}
