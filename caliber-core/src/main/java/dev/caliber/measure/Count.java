package dev.caliber.measure;

/**
 * The counting measures of trec_eval, defined for every query:
 *
 * <ul>
 *   <li>{@code NumRet}: documents ranked (after the protocol's depth), trec_eval's {@code num_ret};
 *       {@code NumRet(rel=N)} counts only those with a label of N or more (ir_measures'
 *       {@code NumRet(rel=1)}, which is NumRelRet at level 1);
 *   <li>{@code NumRel}: judged relevant documents of the query, {@code num_rel};
 *   <li>{@code NumRelRet}: relevant documents ranked, {@code num_rel_ret};
 *   <li>{@code NumNonRelJudgedRet}: judged non-relevant documents ranked (label 0 or more, below
 *       the level), {@code num_nonrel_judged_ret};
 *   <li>{@code PrefsPoss}, {@code PrefsFul}, {@code PrefsFulRet}: over preference judgments
 *       ({@link Preference}), the preferences possible, fulfilled, and fulfilled between retrieved
 *       documents, summed over the judgment groups: {@code prefs_num_prefs_poss},
 *       {@code prefs_num_prefs_ful}, {@code prefs_num_prefs_ful_ret}; 0 without them.
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
    NumNonRelJudgedRet,
    /** Preferences possible, summed over the judgment groups ({@link Preference}). */
    PrefsPoss,
    /** Preferences fulfilled, the retrieved and the implied ones. */
    PrefsFul,
    /** Preferences fulfilled between retrieved documents. */
    PrefsFulRet
  }

  private final Kind kind;
  /** NumRet without rel: every ranked document, whatever its label. */
  private final boolean everyDocument;

  /**
   * A count, named after its kind ({@code NumRel(rel=2)} when a level is given).
   *
   * @param kind which count, not null
   * @param rel the lowest label that counts as relevant, non-negative; null for the protocol's
   *     threshold; for {@link Kind#NumRet}, null counts every ranked document, whatever its label
   * @throws IllegalArgumentException if {@code rel} is negative
   * @throws NullPointerException if {@code kind} is null
   */
  public Count(Kind kind, Integer rel) {
    super(kind.name(), rel, 0);
    this.kind = kind;
    this.everyDocument = rel == null;
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
      case NumRet -> Value.of(everyDocument ? r.size() : r.relevantInTop(0, t));
      case NumRel -> Value.of(r.numRelevant(t));
      case NumRelRet -> Value.of(r.relevantInTop(0, t));
      case NumNonRelJudgedRet -> Value.of(nonRelevantRanked(r, t));
      case PrefsPoss, PrefsFul, PrefsFulRet -> Value.of(preferences(r.preferenceCounts()));
    };
  }

  private long preferences(PreferenceCounts c) {
    long n = 0;
    for (PreferenceCounts.Group g : c == null ? new PreferenceCounts.Group[0] : c.groups) {
      n += switch (kind) {
        case PrefsPoss -> g.possRet + g.possImp + g.possNotoccur;
        case PrefsFul -> g.fulRet + g.fulImp;
        default -> g.fulRet;
      };
    }
    return n;
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
