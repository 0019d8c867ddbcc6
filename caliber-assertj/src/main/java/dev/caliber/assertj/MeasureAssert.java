package dev.caliber.assertj;

import dev.caliber.measure.Measure;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.Locale;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on one measure's mean in a {@link RunResult}; made by {@link
 * RunResultAssert#measure(String)}. Comparisons use the mean as trec_eval computes it ({@link
 * MeasureSummary#decimalMean()}). A failure names the measure, the bound and the mean, the protocol
 * and the queries with the lowest values, with where their first relevant document is. A mean over
 * no query (no query has a value for the measure) is no evidence: every bound fails on it.
 */
public final class MeasureAssert extends AbstractAssert<MeasureAssert, RunResult> {
  private final Measure measure;

  MeasureAssert(RunResult actual, Measure measure) {
    super(actual, MeasureAssert.class);
    this.measure = measure;
  }

  /**
   * The mean is at least {@code bound}.
   *
   * @param bound the least mean accepted
   * @return this assertion
   */
  public MeasureAssert isAtLeast(double bound) {
    double mean = mean();
    if (!(mean >= bound)) {
      fail("at least " + Describe.number(bound), mean);
    }
    return this;
  }

  /**
   * The mean is at most {@code bound}.
   *
   * @param bound the largest mean accepted
   * @return this assertion
   */
  public MeasureAssert isAtMost(double bound) {
    double mean = mean();
    if (!(mean <= bound)) {
      fail("at most " + Describe.number(bound), mean);
    }
    return this;
  }

  /**
   * The mean is within {@code tolerance} of {@code expected}, as when pinning a known result.
   *
   * @param expected the mean expected
   * @param tolerance the largest difference accepted, not negative
   * @return this assertion
   */
  public MeasureAssert isCloseTo(double expected, double tolerance) {
    double mean = mean();
    if (!(Math.abs(mean - expected) <= tolerance)) {
      fail(Describe.number(expected) + " within " + String.format(Locale.ROOT, "%s", tolerance), mean);
    }
    return this;
  }

  private double mean() {
    isNotNull();
    return actual.summary(measure).decimalMean();
  }

  private void fail(String expected, double mean) {
    MeasureSummary s = actual.summary(measure);
    StringBuilder sb = new StringBuilder();
    sb.append(measure).append(" of run \"").append(actual.runName()).append("\": expected ").append(expected)
        // a mean over no query is no evidence either way: the bound fails, and says why
        .append(Double.isNaN(mean) ? " but no query has a value" : " but was " + Describe.number(mean))
        .append(" (mean over ").append(s.count()).append(" queries");
    if (s.mean() != null && s.mean().toString().length() <= 40) {
      sb.append(", exactly ").append(s.mean());
    }
    sb.append(")\n").append(Describe.protocol(actual));
    List<String> worst = Describe.worst(actual, measure);
    if (!worst.isEmpty()) {
      sb.append("\nlowest queries:\n").append(String.join("\n", worst));
    }
    failWithMessage("%s", sb.toString());
  }
}
