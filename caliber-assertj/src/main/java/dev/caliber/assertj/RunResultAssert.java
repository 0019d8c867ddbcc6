package dev.caliber.assertj;

import dev.caliber.measure.Judged;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.AbstractAssert;

/** Assertions on one run's {@link RunResult}; made by {@link CaliberAssertions#assertThat(RunResult)}. */
public final class RunResultAssert extends AbstractAssert<RunResultAssert, RunResult> {
  RunResultAssert(RunResult actual) {
    super(actual, RunResultAssert.class);
  }

  /**
   * Assertions on one measure's mean.
   *
   * @param name the measure as the result names it or as caliber parses it ({@code nDCG@10},
   *     {@code ndcg_cut_10})
   * @return the measure's assertion
   * @throws AssertionError if the result has no such measure (the message lists those it has)
   */
  public MeasureAssert measure(String name) {
    isNotNull();
    Measure m = find(actual, name);
    return new MeasureAssert(actual, m);
  }

  static Measure find(RunResult r, String name) {
    Measure m;
    try {
      m = Measures.parse(name);
    } catch (IllegalArgumentException e) {
      throw new AssertionError("no measure " + name + " in caliber: " + e.getMessage());
    }
    if (r.summary(m) == null) {
      throw new AssertionError("run \"" + r.runName() + "\" was not evaluated with " + m + "; it has "
          + r.measures() + " (add " + m + " to the measures evaluated)");
    }
    return m;
  }

  /**
   * Every query of the query set had an entry in the run (a missing query is scored as an empty
   * ranking and pulls the mean down).
   *
   * @return this assertion
   */
  public RunResultAssert hasNoMissingQueries() {
    isNotNull();
    List<String> missing = actual.missingQueries();
    if (!missing.isEmpty()) {
      failWithMessage("%s", "run \"" + actual.runName() + "\" has no entry for " + missing.size() + " of "
          + actual.rows().size() + " queries: " + Describe.some(missing) + "\n" + Describe.protocol(actual));
    }
    return this;
  }

  /**
   * Every document in each query's first {@code k} positions is judged, read from the result's
   * Judged@k (a query that ranks fewer than k documents needs only those judged).
   *
   * @param k the cutoff, positive
   * @return this assertion
   * @throws AssertionError if the result was not evaluated with Judged@k, a query's top k holds an
   *     unjudged document, or no query ranks any document (nothing to be judged is no evidence)
   */
  public RunResultAssert isFullyJudgedAt(int k) {
    isNotNull();
    Measure judged = new Judged(k);
    if (actual.summary(judged) == null) {
      throw new AssertionError("run \"" + actual.runName() + "\" was not evaluated with " + judged
          + ", which tells how much of the top " + k + " is judged; add it to the measures evaluated");
    }
    if (actual.rows().stream().allMatch(q -> q.returned() == 0)) {
      failWithMessage("%s", "run \"" + actual.runName() + "\" ranks no document for any of its " + actual.rows().size()
          + " queries, so how much of its top " + k + " is judged shows nothing\n" + Describe.protocol(actual));
    }
    List<String> holes = new ArrayList<>();
    for (QueryResult q : actual.rows()) {
      Value v = q.value(judged);
      double full = Math.min(q.returned(), k) / (double) k;
      long unjudged = v == null ? 0 : Math.round((full - v.decimal()) * k);
      if (unjudged > 0) {
        holes.add(q.query() + " (" + unjudged + " of " + Math.min(q.returned(), k) + " unjudged)");
      }
    }
    if (!holes.isEmpty()) {
      failWithMessage("%s", "run \"" + actual.runName() + "\" is not fully judged at " + k + ": " + holes.size()
          + " queries rank unjudged documents in their top " + k + ": " + Describe.some(holes) + "\n"
          + Describe.protocol(actual));
    }
    return this;
  }
}
