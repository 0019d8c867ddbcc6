package dev.caliber.assertj;

import static dev.caliber.assertj.CaliberAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.compare.Compare;
import dev.caliber.compare.Comparison;
import dev.caliber.eval.EvalProtocol;
import dev.caliber.eval.RunResult;
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
}
