package dev.caliber.assertj;

import dev.caliber.compare.Comparison;
import dev.caliber.compare.PairedComparison;
import dev.caliber.measure.Measure;
import java.util.List;
import org.assertj.core.api.AbstractAssert;

/** Assertions on a {@link Comparison}; made by {@link CaliberAssertions#assertThat(Comparison)}. */
public final class ComparisonAssert extends AbstractAssert<ComparisonAssert, Comparison> {
  ComparisonAssert(Comparison actual) {
    super(actual, ComparisonAssert.class);
  }

  /**
   * The comparison of the two runs on one measure.
   *
   * @param name the measure, as caliber parses it ({@code RR@10}, {@code recip_rank})
   * @return the paired comparison's assertion
   * @throws AssertionError if the comparison has no such measure, or holds more than one pair of
   *     runs (then use {@link #measure(String, String)})
   */
  public PairedComparisonAssert measure(String name) {
    List<PairedComparison> pairs = pairs(name);
    if (pairs.size() != 1) {
      throw new AssertionError("the comparison holds " + pairs.size() + " pairs of runs for " + name + "; name the system: "
          + "measure(\"" + name + "\", \"" + pairs.get(0).system() + "\")");
    }
    return new PairedComparisonAssert(pairs.get(0), actual);
  }

  /**
   * The comparison of one system run against the baseline on one measure, when several runs were
   * compared.
   *
   * @param name the measure, as caliber parses it
   * @param system the system run's name
   * @return the paired comparison's assertion
   * @throws AssertionError if there is no such measure or run
   */
  public PairedComparisonAssert measure(String name, String system) {
    for (PairedComparison p : pairs(name)) {
      if (p.system().equals(system)) {
        return new PairedComparisonAssert(p, actual);
      }
    }
    throw new AssertionError("no comparison of run \"" + system + "\" for " + name + "; the runs are " + actual.runNames());
  }

  private List<PairedComparison> pairs(String name) {
    isNotNull();
    Measure m = dev.caliber.measure.Measures.parse(name);
    if (!actual.measures().contains(m)) {
      throw new AssertionError("the comparison has no " + m + "; it compares " + actual.measures());
    }
    return actual.comparisons(m);
  }
}
