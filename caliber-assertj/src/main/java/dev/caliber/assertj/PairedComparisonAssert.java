package dev.caliber.assertj;

import dev.caliber.compare.Comparison;
import dev.caliber.compare.PairedComparison;
import dev.caliber.compare.QueryDelta;
import dev.caliber.compare.gate.Gate;
import dev.caliber.result.RunResult;
import java.util.List;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on one measure's comparison of a system run against a baseline; made by {@link
 * ComparisonAssert#measure(String)} or {@link CaliberAssertions#assertThat(PairedComparison)}.
 */
public final class PairedComparisonAssert extends AbstractAssert<PairedComparisonAssert, PairedComparison> {
  /** The significance level {@link #hasNoSignificantLoss()} uses. */
  public static final double ALPHA = 0.05;

  private final Comparison comparison;

  PairedComparisonAssert(PairedComparison actual, Comparison comparison) {
    super(actual, PairedComparisonAssert.class);
    this.comparison = comparison;
  }

  /**
   * The system is not significantly worse than the baseline at level {@link #ALPHA}: a loss in the
   * mean whose randomization test (Holm-adjusted over the comparison's tests where there are
   * several) has p below 0.05 fails, and so does a comparison of no query (no query has a value in
   * both runs).
   *
   * @return this assertion
   */
  public PairedComparisonAssert hasNoSignificantLoss() {
    return hasNoSignificantLoss(ALPHA);
  }

  /**
   * The system is not significantly worse than the baseline at level {@code alpha}.
   *
   * @param alpha the significance level, in (0, 1)
   * @return this assertion
   */
  public PairedComparisonAssert hasNoSignificantLoss(double alpha) {
    comparesSomething();
    Double p = actual.holmP() != null ? actual.holmP() : actual.randomization() == null ? null : actual.randomization().p();
    if (Gate.isSignificantLoss(actual.meanDelta(), p, alpha)) {
      failWithMessage("%s", head() + ": a significant loss: mean " + Describe.number(actual.meanDelta()) + " (from "
          + Describe.number(actual.baselineMean()) + " to " + Describe.number(actual.systemMean()) + "), randomization test p "
          + Describe.p(p) + " < " + alpha + "; " + actual.wins() + " queries better, " + actual.losses()
          + " worse, " + actual.ties() + " tied" + protocol() + worst(actual.worse()));
    }
    return this;
  }

  /**
   * No query lost more than {@code maxLoss} on the measure, whatever the mean did; a comparison of
   * no query (no query has a value in both runs) fails.
   *
   * @param maxLoss the largest loss accepted for one query, not negative
   * @return this assertion
   */
  public PairedComparisonAssert noQueryWorseThan(double maxLoss) {
    comparesSomething();
    List<QueryDelta> over = Gate.lossesOver(actual.worse(), java.math.BigDecimal.valueOf(maxLoss));
    if (!over.isEmpty()) {
      failWithMessage("%s", head() + ": " + over.size() + " queries lost more than " + Describe.number(maxLoss) + protocol()
          + worst(over));
    }
    return this;
  }

  /** A comparison of no query shows nothing: every assertion on it fails with that reason. */
  private void comparesSomething() {
    isNotNull();
    if (actual.deltas().isEmpty()) {
      Integer of = comparison == null || comparison.run(actual.baseline()) == null ? null
          : comparison.run(actual.baseline()).protocol().querySet().size();
      failWithMessage("%s", head() + ": " + Gate.comparesNothing(of) + protocol());
    }
  }

  private String head() {
    return actual.measure() + ", run \"" + actual.system() + "\" against baseline \"" + actual.baseline() + "\"";
  }

  private String protocol() {
    if (comparison == null) {
      return "";
    }
    RunResult base = comparison.run(actual.baseline());
    return base == null ? "" : "\n" + Describe.protocol(base);
  }

  private static String worst(List<QueryDelta> deltas) {
    return Describe.losses("worst queries (baseline -> system, first relevant rank)", deltas, true);
  }
}
