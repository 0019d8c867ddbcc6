package dev.caliber.compare.gate;

import dev.caliber.compare.Comparison;
import dev.caliber.compare.PairedComparison;
import dev.caliber.compare.QueryDelta;
import dev.caliber.compare.stats.Holm;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.report.Numbers;
import dev.caliber.result.Coverage;
import dev.caliber.result.RunResult;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a gate's rules on a comparison of candidates against one baseline. The rules' decisions
 * live here once: caliber-assertj's assertions and the {@code caliber gate} command both take them
 * from this class.
 *
 * <p>No rule passes on nothing: a rule on a measure that no query has a value for in both runs
 * fails, saying so. Bounds are compared exactly where the values are exact fractions; a value
 * computed in floating point (nDCG, say) is given {@value #SLACK} of slack for its rounding.
 */
public final class Gate {
  private Gate() {}

  /** The slack given to values computed in floating point when they are held against a bound. */
  public static final double SLACK = 1e-12;

  /**
   * Checks every rule for every candidate.
   *
   * @param comparison candidates against one baseline, over every measure the rules name
   * @param rules the rules, not empty
   * @return the verdict
   * @throws IllegalArgumentException if the comparison has no baseline (all pairs), lacks a measure
   *     the rules name, or a coverage rule names a cutoff the evaluation did not measure
   */
  public static Verdict check(Comparison comparison, GateRules rules) {
    if (comparison.baseline() == null) {
      throw new IllegalArgumentException("a gate compares candidates against one baseline, not all pairs");
    }
    for (Measure m : rules.measures()) {
      if (!comparison.measures().contains(m)) {
        throw new IllegalArgumentException("a gate rule names " + m + ", which was not evaluated; the measures are "
            + comparison.measures());
      }
    }
    List<Check> checks = new ArrayList<>();
    if (rules.significance() != null) {
      checks.addAll(significance(comparison, rules.significance()));
    }
    for (GateRules.Tolerance t : rules.tolerances()) {
      for (PairedComparison pc : comparison.comparisons(t.measure())) {
        checks.add(tolerance(comparison, pc, t));
      }
    }
    for (GateRules.QueryLoss q : rules.queryLosses()) {
      for (PairedComparison pc : comparison.comparisons(q.measure())) {
        checks.add(queryLoss(comparison, pc, q));
      }
    }
    for (GateRules.Judged j : rules.judged()) {
      for (RunResult r : comparison.runs()) {
        if (!r.runName().equals(comparison.baseline())) {
          checks.add(judged(comparison.baseline(), r, j));
        }
      }
    }
    return new Verdict(rules, comparison, checks);
  }

  private static List<Check> significance(Comparison c, GateRules.Significance s) {
    List<PairedComparison> family = new ArrayList<>();
    for (Measure m : s.measures()) {
      family.addAll(c.comparisons(m));
    }
    // Holm over the p-values there are: a comparison of no query has none, and fails on its own.
    List<Double> raw = new ArrayList<>();
    for (PairedComparison pc : family) {
      if (pc.randomization() != null) {
        raw.add(pc.randomization().p());
      }
    }
    double[] adjusted = Holm.adjust(raw.stream().mapToDouble(Double::doubleValue).toArray());
    List<Check> out = new ArrayList<>();
    int next = 0;
    String bound = "p < " + s.alpha();
    for (PairedComparison pc : family) {
      if (pc.randomization() == null) {
        out.add(nothing(c, pc, Check.Rule.NO_SIGNIFICANT_LOSS, bound));
        continue;
      }
      double p = adjusted[next++];
      boolean loss = isSignificantLoss(pc.meanDelta(), p, s.alpha());
      boolean fell = pc.meanDelta().decimal() < 0;
      String message = pc.measure() + ": " + (loss ? "a significant loss" : fell ? "a loss, not significant" : "no loss")
          + ": mean " + Numbers.signed(pc.meanDelta().decimal()) + " (from " + Numbers.decimal(pc.baselineMean()) + " to "
          + Numbers.decimal(pc.systemMean()) + "), Holm-adjusted randomization test p " + Numbers.pStated(p)
          + (fell ? (loss ? ", below" : ", not below") + " the level " + s.alpha() : "") + "; " + pc.wins() + " queries better, " + pc.losses()
          + " worse, " + pc.ties() + " tied";
      out.add(new Check(Check.Rule.NO_SIGNIFICANT_LOSS, pc.measure().toString(), pc.baseline(), pc.system(), !loss,
          message, pc.baselineMean(), pc.systemMean(), bound, p, pc.deltas().size(), pc.worse()));
    }
    return out;
  }

  private static Check tolerance(Comparison c, PairedComparison pc, GateRules.Tolerance t) {
    String bound = t.amount().toString();
    if (pc.deltas().isEmpty()) {
      return nothing(c, pc, Check.Rule.TOLERANCE, bound);
    }
    Value base = pc.baselineMean();
    Value sys = pc.systemMean();
    Fraction allowed = t.amount().percent()
        ? exact(base).times(fraction(t.amount().value())).dividedBy(100)
        : fraction(t.amount().value());
    Value fall = difference(base, sys);
    boolean over = exceeds(fall, allowed);
    String allowedText = t.amount().percent() ? "the " + bound + " of the baseline's mean allowed ("
        + Numbers.decimal(allowed.doubleValue()) + ")" : "the " + bound + " allowed";
    String message = pc.measure() + ": mean " + Numbers.decimal(sys) + " against the baseline's " + Numbers.decimal(base)
        + " over " + pc.deltas().size() + " queries, " + (fall.decimal() > 0 ? "a fall of " + Numbers.decimal(fall)
        + (over ? ", more than " : ", within ") + allowedText : "no fall");
    return new Check(Check.Rule.TOLERANCE, pc.measure().toString(), pc.baseline(), pc.system(), !over, message, base, sys,
        bound, null, pc.deltas().size(), pc.worse());
  }

  private static Check queryLoss(Comparison c, PairedComparison pc, GateRules.QueryLoss q) {
    String bound = q.maxLoss().toPlainString();
    if (pc.deltas().isEmpty()) {
      return nothing(c, pc, Check.Rule.MAX_QUERY_LOSS, bound);
    }
    List<QueryDelta> over = lossesOver(pc.worse(), q.maxLoss());
    String message = pc.measure() + ": " + (over.isEmpty() ? "no query of " + pc.deltas().size() + " lost more than " + bound
        : over.size() + " of " + pc.deltas().size() + " queries lost more than " + bound + " (the largest: "
            + dev.caliber.report.UnsafeCharacters.shownIn(over.get(0).query()) + ", " + Numbers.decimal(over.get(0).baseline())
            + " -> " + Numbers.decimal(over.get(0).system()) + ")");
    return new Check(Check.Rule.MAX_QUERY_LOSS, pc.measure().toString(), pc.baseline(), pc.system(), over.isEmpty(), message,
        pc.baselineMean(), pc.systemMean(), bound, null, pc.deltas().size(), over);
  }

  private static Check judged(String baseline, RunResult r, GateRules.Judged j) {
    Coverage.Cutoff at = r.coverage().at(j.k());
    if (at == null) {
      throw new IllegalArgumentException("--min-judged " + j.k() + ": no measure was evaluated at cutoff " + j.k()
          + ", so its judged share was not counted; the cutoffs counted are "
          + r.coverage().cutoffs().stream().map(x -> String.valueOf(x.k())).toList());
    }
    String subject = "Judged@" + j.k();
    boolean below = exact(at.judged()).compareTo(fraction(j.least())) < 0;
    String message = subject + ": " + Numbers.decimal(at.judged()) + " of the top " + j.k() + " judged over "
        + r.rows().size() + " queries, " + (below ? "below" : "at least") + " the " + j.least().toPlainString() + " required";
    return new Check(Check.Rule.MIN_JUDGED, subject, baseline, r.runName(), !below, message, null, at.judged(),
        j.least().toPlainString(), null, r.rows().size(), List.of());
  }

  /** A rule on a comparison of no query: it fails, and says why. */
  private static Check nothing(Comparison c, PairedComparison pc, Check.Rule rule, String bound) {
    return new Check(rule, pc.measure().toString(), pc.baseline(), pc.system(), false, pc.measure() + ": "
        + comparesNothing(c.protocol().querySet().size()), null, null, bound, null, 0, List.of());
  }

  /**
   * The words for a comparison of no query, after the measure (and runs) it concerns.
   *
   * @param querySet the number of queries in the query set, or null when it is not known
   * @return a phrase
   */
  public static String comparesNothing(Integer querySet) {
    return "compares no query (none of the " + (querySet == null ? "queries" : querySet + " queries of the query set")
        + " has a value in both runs), so it shows nothing";
  }

  /**
   * The significance rule: a loss in the mean whose p-value is below the level.
   *
   * @param meanDelta the candidate's mean minus the baseline's, or null when no query was compared
   * @param p the p-value (adjusted as the caller declares), or null when there is none
   * @param alpha the level
   * @return whether the loss is significant; false when nothing was compared (which the caller
   *     must fail on its own, {@link #comparesNothing})
   */
  public static boolean isSignificantLoss(Value meanDelta, Double p, double alpha) {
    return meanDelta != null && meanDelta.decimal() < 0 && p != null && p < alpha;
  }

  /**
   * The losses over a bound, in the order given.
   *
   * @param worse queries that got worse
   * @param maxLoss the largest loss accepted for one query
   * @return those that lost more
   */
  public static List<QueryDelta> lossesOver(List<QueryDelta> worse, BigDecimal maxLoss) {
    Fraction bound = fraction(maxLoss);
    List<QueryDelta> over = new ArrayList<>();
    for (QueryDelta d : worse) {
      if (exceeds(negate(d.delta()), bound)) {
        over.add(d);
      }
    }
    return over;
  }

  /** Whether a value is above a bound: exactly for an exact value, with {@link #SLACK} for a computed one. */
  static boolean exceeds(Value v, Fraction bound) {
    return v.isExact() ? v.exact().compareTo(bound) > 0 : v.decimal() > bound.doubleValue() + SLACK;
  }

  private static Value negate(Value v) {
    return v.isExact() ? Value.of(v.exact().negate()) : Value.ofDouble(-v.decimal());
  }

  private static Value difference(Value a, Value b) {
    return a.isExact() && b.isExact() ? Value.of(a.exact().minus(b.exact())) : Value.ofDouble(a.decimal() - b.decimal());
  }

  /** A value as a fraction: its exact one, or its double's exact binary value. */
  private static Fraction exact(Value v) {
    return v.isExact() ? v.exact() : fraction(new BigDecimal(v.decimal()));
  }

  /** A decimal as the fraction it is exactly. */
  static Fraction fraction(BigDecimal d) {
    BigInteger unscaled = d.unscaledValue();
    return d.scale() >= 0 ? Fraction.of(unscaled, BigInteger.TEN.pow(d.scale()))
        : Fraction.of(unscaled.multiply(BigInteger.TEN.pow(-d.scale())), BigInteger.ONE);
  }
}
