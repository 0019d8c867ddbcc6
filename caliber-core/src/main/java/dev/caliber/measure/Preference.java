package dev.caliber.measure;

import dev.caliber.math.Fraction;
import dev.caliber.math.FractionSum;
import java.util.Map;
import java.util.TreeMap;

/**
 * trec_eval's preference measures (m_prefs_*.c, {@code -m all_prefs}) over preference judgments
 * ({@code -R prefs}, {@code -R qrels_prefs}; {@link PreferenceJudgments}), from the counts of
 * {@link PreferenceCounts}: ful and poss are the preferences fulfilled and possible, summed over
 * the query's judgment groups; "ret" counts only pairs of retrieved documents, "imp" adds the
 * pairs of one retrieved and one unretrieved document (the retrieved one taken to rank above),
 * and the plain forms add the pairs of two unretrieved documents to the possible ones.
 *
 * <ul>
 *   <li>{@code PrefsSimp} = ful / poss over every pair ({@code prefs_simp}); {@code PrefsSimpRet},
 *       {@code PrefsSimpImp} over ret, ret + imp;
 *   <li>{@code PrefsPair}: for each pair of documents some group orders, the share of the groups
 *       that prefer the first as ranked, averaged over the pairs; a pair of unretrieved documents
 *       counts 0 ({@code prefs_pair}; {@code _ret}, {@code _imp} as above);
 *   <li>{@code PrefsAvgJg}: ful / poss per group, averaged over the groups, a group without possible
 *       preferences adding 0 ({@code prefs_avgjg}; {@code _ret}, {@code _imp});
 *   <li>{@code PrefsAvgJgRnonrel}: the same with as many non-relevant documents as relevant ones
 *       (R): with R &gt;= N every relevant document retrieved also fulfils R - N more, of R·(R - N)
 *       possible; with R &lt; N only the first R non-relevant documents in internal rank order
 *       count ({@code prefs_avgjg_Rnonrel}; {@code _ret} with the retrieved R and N).
 * </ul>
 *
 * <p>Every value is 0 when its denominator is: where trec_eval divides 0 by 0 in a group of
 * {@code PrefsAvgJgRnonrel} the NaN makes the query's value 0, and caliber gives that 0. Exact.
 */
public final class Preference extends BaseMeasure {
  /** Which measure: trec_eval's name without {@code prefs_} (the names are in {@link TrecEvalMeasures}). */
  public enum Kind {
    /** prefs_simp. */
    Simp,
    /** prefs_pair. */
    Pair,
    /** prefs_avgjg. */
    AvgJg,
    /** prefs_avgjg_Rnonrel. */
    AvgJgRnonrel,
    /** prefs_simp_ret. */
    SimpRet,
    /** prefs_pair_ret. */
    PairRet,
    /** prefs_avgjg_ret. */
    AvgJgRet,
    /** prefs_avgjg_Rnonrel_ret. */
    AvgJgRnonrelRet,
    /** prefs_simp_imp. */
    SimpImp,
    /** prefs_pair_imp. */
    PairImp,
    /** prefs_avgjg_imp. */
    AvgJgImp
  }

  private final Kind kind;

  /**
   * The registry's definition of a kind.
   *
   * @param kind the kind, not null
   * @return one sentence or two, ending "Exact."
   */
  static String definition(Kind kind) {
    String over = kind.name().endsWith("Ret") ? " between retrieved documents" : kind.name().endsWith("Imp")
        ? " between retrieved documents and between a retrieved and an unretrieved one" : " over every pair";
    return switch (kind) {
      case Simp, SimpRet, SimpImp -> "Preferences fulfilled divided by preferences possible" + over + ", both summed over the judgment groups. Exact.";
      case Pair, PairRet, PairImp -> "For each pair of documents some judgment group orders" + over.replace(" over every pair", "")
          + ", the share of the groups preferring the one ranked first, averaged over the pairs"
          + (kind == Kind.Pair ? " (a pair of unretrieved documents adds 0)" : "") + ". Exact.";
      case AvgJg, AvgJgRet, AvgJgImp -> "Preferences fulfilled divided by possible" + over + " per judgment group, averaged over the groups. Exact.";
      default -> "PrefsAvgJg" + (kind == Kind.AvgJgRnonrelRet ? "Ret" : "") + " with as many non-relevant documents as relevant ones"
          + (kind == Kind.AvgJgRnonrelRet ? " (retrieved)" : "") + " (trec_eval's R-nonrel balance). Exact.";
    };
  }

  /**
   * A preference measure, named {@code Prefs} + its kind ({@code PrefsSimpRet}).
   *
   * @param kind which, not null
   */
  public Preference(Kind kind) {
    super("Prefs" + kind.name(), null, 0);
    this.kind = kind;
  }

  @Override
  public boolean needsRelevant() {
    return false;
  }

  @Override
  public Value compute(JudgedRanking r) {
    PreferenceCounts c = r.preferenceCounts();
    if (c == null) {
      return Value.of(0);
    }
    return switch (kind) {
      case Simp, SimpRet, SimpImp -> simple(c);
      case Pair -> pairs(c, 3);
      case PairImp -> pairs(c, 2);
      case PairRet -> pairs(c, 1);
      default -> perGroup(c);
    };
  }

  private Value simple(PreferenceCounts c) {
    long ful = 0;
    long poss = 0;
    for (PreferenceCounts.Group g : c.groups) {
      ful += g.fulRet + (kind == Kind.SimpRet ? 0 : g.fulImp);
      poss += g.possRet + (kind == Kind.SimpRet ? 0 : g.possImp) + (kind == Kind.Simp ? g.possNotoccur : 0);
    }
    return poss == 0 ? Value.of(0) : new Value(Fraction.of(ful, poss), (double) ful / (double) poss);
  }

  private Value perGroup(PreferenceCounts c) {
    FractionSum exact = new FractionSum();
    double sum = 0.0;
    for (PreferenceCounts.Group g : c.groups) {
      long ful;
      long poss;
      switch (kind) {
        case AvgJg -> { ful = g.fulRet + g.fulImp; poss = g.possRet + g.possImp + g.possNotoccur; }
        case AvgJgRet -> { ful = g.fulRet; poss = g.possRet; }
        case AvgJgImp -> { ful = g.fulRet + g.fulImp; poss = g.possRet + g.possImp; }
        case AvgJgRnonrel -> { ful = g.rnonrelFul; poss = g.rnonrelPoss; }
        default -> { ful = g.rnonrelRetFul; poss = g.rnonrelRetPoss; }
      }
      boolean rnonrel = kind == Kind.AvgJgRnonrel || kind == Kind.AvgJgRnonrelRet;
      if (poss == 0 && rnonrel) {
        return Value.of(0); // trec_eval's 0/0: a NaN sum, which is not above 0
      }
      if (poss != 0) {
        exact.add(Fraction.of(ful, poss));
        sum += (double) ful / (double) poss;
      }
    }
    if (!(sum > 0.0)) {
      return Value.of(0);
    }
    return new Value(exact.snapshot().dividedBy(c.groups.length), sum / c.groups.length);
  }

  /** prefs_pair over the pairs of areas: 1 retrieved-retrieved, 2 and retrieved-unretrieved, 3 and unretrieved-unretrieved. */
  private static Value pairs(PreferenceCounts c, int areas) {
    int n = c.judged;
    int njr = c.judgedRetrieved;
    int[] pc = c.counts;
    Map<Long, Long> byDenominator = new TreeMap<>();
    double sum = 0.0;
    long pairs = 0;
    // trec_eval's order of the sum: the retrieved pairs first, then retrieved with unretrieved
    for (int area = 1; area <= Math.min(areas, 2); area++) {
      for (int i = 0; i < njr; i++) {
        for (int j = area == 1 ? i + 1 : njr; j < (area == 1 ? njr : n); j++) {
          long ij = pc[i * n + j];
          long ji = pc[j * n + i];
          if (ij != 0 || ji != 0) {
            pairs++;
            sum += (double) ij / (double) (ij + ji);
            byDenominator.merge(ij + ji, ij, Long::sum);
          }
        }
      }
    }
    if (areas == 3) {
      for (int i = njr; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
          if (pc[i * n + j] != 0 || pc[j * n + i] != 0) {
            pairs++;
          }
        }
      }
    }
    if (pairs == 0) {
      return Value.of(0);
    }
    FractionSum exact = new FractionSum();
    byDenominator.forEach((d, num) -> exact.add(Fraction.of(num, d)));
    return new Value(exact.snapshot().dividedBy(pairs), sum / pairs);
  }
}
