package dev.caliber.assertj;

import static dev.caliber.assertj.CaliberAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.compare.Compare;
import dev.caliber.compare.Comparison;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import org.junit.jupiter.api.Test;

class ComparisonAssertTest {
  private final EvalProtocol protocol = Runs.protocol("RR@10", "P@1");
  private final RunResult baseline = Runs.evaluate(protocol, "base", Runs.rankings(1));

  @Test
  void should_fail_on_a_significant_loss_naming_the_runs_the_test_and_the_worst_queries() {
    // GIVEN a candidate that ranks the relevant document second for 20 of 30 queries
    RunResult worse = Runs.evaluate(protocol, "candidate", Runs.rankings(Runs.range(2, 21)));
    Comparison c = Compare.runs(baseline, worse);
    // THEN
    assertThatThrownBy(() -> assertThat(c).measure("RR@10").hasNoSignificantLoss())
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("RR@10, run \"candidate\" against baseline \"base\": a significant loss: mean -0.3167 (-19/60) (from"
            + " 0.9833 (59/60) to 0.6667 (2/3)), randomization test p = 0.0002 < 0.05; 1 queries better, 20 worse, 9 tied\n"
            + "protocol sha256 " + baseline.protocolSha256())
        .hasMessageContaining("worst queries (baseline -> system, first relevant rank):\n"
            + "  q10          1.0000 -> 0.5000 (1/2) (-0.5000 (-1/2))  rank 1 -> 2\n")
        .hasMessageEndingWith("  and 15 more");
  }

  @Test
  void should_pass_for_an_equal_or_better_run_and_a_small_loss() {
    RunResult same = Runs.evaluate(protocol, "same", Runs.rankings(1));
    assertThat(Compare.runs(baseline, same)).measure("RR@10").hasNoSignificantLoss().noQueryWorseThan(0);
    RunResult oneWorse = Runs.evaluate(protocol, "one", Runs.rankings(1, 9));
    assertThat(Compare.runs(baseline, oneWorse)).measure("RR@10").hasNoSignificantLoss().noQueryWorseThan(0.5);
    assertThatThrownBy(() -> assertThat(Compare.runs(baseline, oneWorse)).measure("RR@10").noQueryWorseThan(0.25))
        .hasMessageStartingWith("RR@10, run \"one\" against baseline \"base\": 1 queries lost more than 0.2500\nprotocol sha256")
        .hasMessageEndingWith("  q9           1.0000 -> 0.5000 (1/2) (-0.5000 (-1/2))  rank 1 -> 2");
  }

  @Test
  void should_ask_for_the_system_when_several_runs_were_compared() {
    RunResult a = Runs.evaluate(protocol, "a", Runs.rankings());
    RunResult b = Runs.evaluate(protocol, "b", Runs.rankings(3));
    Comparison c = dev.caliber.compare.Comparisons.compare(java.util.List.of(baseline, a, b),
        dev.caliber.compare.CompareSettings.defaults());
    assertThatThrownBy(() -> assertThat(c).measure("RR@10"))
        .hasMessage("the comparison holds 2 pairs of runs for RR@10; name the system: measure(\"RR@10\", \"a\")");
    assertThat(c).measure("RR@10", "b").noQueryWorseThan(0.5);
    assertThatThrownBy(() -> assertThat(c).measure("RR@10", "z")).hasMessage("no comparison of run \"z\" for RR@10; the runs are [base, a, b]");
    assertThatThrownBy(() -> assertThat(c).measure("AP")).hasMessage("the comparison has no AP; it compares [RR@10, P@1]");
  }

  @Test
  void should_fail_rather_than_pass_on_a_comparison_of_no_query() {
    // GIVEN judgments where no query has a relevant document, under the rule that such a query has
    // no value: no query has a value in both runs, so the comparison compares nothing
    java.util.Map<String, java.util.Map<String, Integer>> labels = new java.util.LinkedHashMap<>();
    for (int q = 1; q <= Runs.QUERIES; q++) {
      labels.put("q" + q, java.util.Map.of("r" + q, 0, "n" + q, 0));
    }
    EvalProtocol none = dev.caliber.api.Eval.protocol(dev.caliber.api.Eval.qrels(labels),
        dev.caliber.policy.Policy.trecEval().withNoRelevant(dev.caliber.policy.NoRelevant.EXCLUDE), "RR@10");
    RunResult base = Runs.evaluate(none, "base", Runs.rankings());
    RunResult cand = Runs.evaluate(none, "candidate", Runs.rankings(Runs.range(1, 30)));
    Comparison c = Compare.runs(base, cand);
    // THEN neither assertion passes on nothing
    assertThatThrownBy(() -> assertThat(c).measure("RR@10").hasNoSignificantLoss())
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("RR@10, run \"candidate\" against baseline \"base\": compares no query (none of the 30 queries"
            + " of the query set has a value in both runs), so it shows nothing\nprotocol sha256");
    assertThatThrownBy(() -> assertThat(c).measure("RR@10").noQueryWorseThan(0))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("RR@10, run \"candidate\" against baseline \"base\": compares no query");
  }

  @Test
  void should_fail_a_mean_bound_on_a_measure_no_query_has_a_value_for() {
    java.util.Map<String, java.util.Map<String, Integer>> labels = new java.util.LinkedHashMap<>();
    labels.put("q1", java.util.Map.of("n1", 0));
    EvalProtocol none = dev.caliber.api.Eval.protocol(dev.caliber.api.Eval.qrels(labels),
        dev.caliber.policy.Policy.trecEval().withNoRelevant(dev.caliber.policy.NoRelevant.EXCLUDE), "RR@10");
    RunResult r = Runs.evaluate(none, "empty", java.util.Map.of("q1", java.util.List.of("n1")));
    assertThatThrownBy(() -> assertThat(r).measure("RR@10").isAtMost(1.0))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("RR@10 of run \"empty\": expected at most 1.0000 but no query has a value (mean over 0 queries)");
    assertThatThrownBy(() -> assertThat(r).measure("RR@10").isAtLeast(0.0))
        .hasMessageStartingWith("RR@10 of run \"empty\": expected at least 0.0000 but no query has a value");
    assertThatThrownBy(() -> assertThat(r).measure("RR@10").isCloseTo(0.0, 1.0))
        .hasMessageStartingWith("RR@10 of run \"empty\": expected 0.0000 within 1.0 but no query has a value");
  }
}
