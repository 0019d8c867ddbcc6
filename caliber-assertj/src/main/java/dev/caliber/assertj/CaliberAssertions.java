package dev.caliber.assertj;

import dev.caliber.compare.Comparison;
import dev.caliber.compare.PairedComparison;
import dev.caliber.result.RunResult;

/**
 * Entry points for assertions on caliber's results, in the style of AssertJ's {@code
 * Assertions}: {@code import static dev.caliber.assertj.CaliberAssertions.assertThat;}.
 *
 * <pre>{@code
 * RunResult result = Eval.evaluate(qrels, run, Preset.TREC_EVAL, "nDCG@10", "Judged@10");
 * assertThat(result).hasNoMissingQueries().isFullyJudgedAt(10).measure("nDCG@10").isAtLeast(0.42);
 *
 * Comparison c = Compare.runs(baseline, candidate);
 * assertThat(c).measure("RR@10").hasNoSignificantLoss().noQueryWorseThan(0.1);
 * }</pre>
 */
public final class CaliberAssertions {
  private CaliberAssertions() {}

  /**
   * Assertions on one run's result.
   *
   * @param actual the result
   * @return the assertion
   */
  public static RunResultAssert assertThat(RunResult actual) {
    return new RunResultAssert(actual);
  }

  /**
   * Assertions on a comparison of runs.
   *
   * @param actual the comparison
   * @return the assertion
   */
  public static ComparisonAssert assertThat(Comparison actual) {
    return new ComparisonAssert(actual);
  }

  /**
   * Assertions on one measure's comparison of two runs.
   *
   * @param actual the paired comparison
   * @return the assertion
   */
  public static PairedComparisonAssert assertThat(PairedComparison actual) {
    return new PairedComparisonAssert(actual, null);
  }
}
