package dev.caliber.compare.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.compare.CompareSettings;
import dev.caliber.compare.Comparison;
import dev.caliber.compare.Comparisons;
import dev.caliber.measure.Measures;
import dev.caliber.policy.NoRelevant;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.RunResult;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GateTest {
  private static final int QUERIES = 30;

  private static Map<String, Map<String, Integer>> labels(int relevantLabel) {
    Map<String, Map<String, Integer>> labels = new LinkedHashMap<>();
    for (int q = 1; q <= QUERIES; q++) {
      labels.put("q" + q, Map.of("r" + q, relevantLabel, "n" + q, 0));
    }
    return labels;
  }

  private static final EvalProtocol PROTOCOL = Eval.protocol(Eval.qrels(labels(1)), Preset.TREC_EVAL, "RR@10", "P@1");

  /** Every query ranks its relevant document first, except those listed, which rank it second; {@code x}: unjudged d first. */
  private static Map<String, List<String>> rankings(boolean unjudgedFirst, int... second) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (int q = 1; q <= QUERIES; q++) {
      boolean late = false;
      for (int s : second) {
        late |= s == q;
      }
      List<String> r = late ? List.of("n" + q, "r" + q) : List.of("r" + q, "n" + q);
      out.put("q" + q, unjudgedFirst ? List.of(r.get(0), "x" + q, r.get(1)) : r);
    }
    return out;
  }

  private static Comparison compare(EvalProtocol p, Map<String, List<String>> base, Map<String, List<String>> cand) {
    RunResult a = Eval.evaluate(p, Eval.rankings("base", base));
    RunResult b = Eval.evaluate(p, Eval.rankings("cand", cand));
    return Comparisons.compare(List.of(a, b), CompareSettings.defaults());
  }

  private static GateRules rules(String... measures) {
    return new GateRules(new GateRules.Significance(Eval.measures(measures), 0.05), List.of(), List.of(),
        List.of());
  }

  private static int[] range(int from, int to) {
    int[] out = new int[to - from + 1];
    for (int i = from; i <= to; i++) {
      out[i - from] = i;
    }
    return out;
  }

  @Test
  void should_pass_a_run_against_itself_on_every_rule() {
    Comparison c = compare(PROTOCOL, rankings(false, 1), rankings(false, 1));
    GateRules all = new GateRules(new GateRules.Significance(Eval.measures("RR@10", "P@1"), 0.05),
        List.of(GateRules.Tolerance.parse("RR@10=0"), GateRules.Tolerance.parse("P@1=0%")),
        List.of(GateRules.QueryLoss.parse("RR@10=0")), List.of(GateRules.Judged.parse("10=0.2")));
    Verdict v = Gate.check(c, all);
    assertThat(v.passed()).isTrue();
    assertThat(v.checks()).extracting(Check::rule).containsExactly(Check.Rule.NO_SIGNIFICANT_LOSS,
        Check.Rule.NO_SIGNIFICANT_LOSS, Check.Rule.TOLERANCE, Check.Rule.TOLERANCE, Check.Rule.MAX_QUERY_LOSS,
        Check.Rule.MIN_JUDGED);
    assertThat(v.checks().get(0).message()).isEqualTo("RR@10: no loss: mean 0.0000 (from 0.9833 to 0.9833), Holm-adjusted"
        + " randomization test p = 1.0000; 0 queries better, 0 worse, 30 tied");
  }

  @Test
  void should_fail_a_significant_loss_with_holm_over_the_named_measures_only() {
    // GIVEN a candidate that ranks the relevant document second for 20 of 30 queries
    Comparison c = compare(PROTOCOL, rankings(false, 1), rankings(false, range(2, 21)));
    Verdict one = Gate.check(c, rules("RR@10"));
    Verdict two = Gate.check(c, rules("RR@10", "P@1"));
    // THEN it fails, and the family of two doubles the smaller p (Holm)
    assertThat(one.passed()).isFalse();
    Check rr = one.checks().get(0);
    assertThat(rr.message()).startsWith("RR@10: a significant loss: mean -0.3167 (from 0.9833 to 0.6667), Holm-adjusted"
        + " randomization test p ").endsWith(", below the level 0.05; 1 queries better, 20 worse, 9 tied");
    assertThat(rr.worse()).hasSize(20);
    assertThat(two.checks()).hasSize(2);
    double raw = c.comparisons(Measures.parse("RR@10")).get(0).randomization().p();
    double rawP1 = c.comparisons(Measures.parse("P@1")).get(0).randomization().p();
    assertThat(rr.p()).isEqualTo(raw);
    assertThat(two.checks().stream().mapToDouble(Check::p).min().orElseThrow()).isEqualTo(2 * Math.min(raw, rawP1));
  }

  @Test
  void should_hold_a_mean_to_an_absolute_or_relative_tolerance_exactly() {
    // GIVEN a candidate that loses 1/2 on RR@10 in 3 of 30 queries: the mean falls by exactly 1/20
    Comparison c = compare(PROTOCOL, rankings(false), rankings(false, 1, 2, 3));
    RunResult base = c.run("base");
    assertThat(base.summary(Measures.parse("RR@10")).mean().toString()).isEqualTo("1");
    // THEN a tolerance of exactly 0.05 (or 5%) holds, anything smaller fails: no rounding either way
    assertThat(Gate.check(c, tolerance("RR@10=0.05")).passed()).isTrue();
    assertThat(Gate.check(c, tolerance("RR@10=5%")).passed()).isTrue();
    Verdict tight = Gate.check(c, tolerance("RR@10=0.0499999999999"));
    assertThat(tight.passed()).isFalse();
    assertThat(tight.checks().get(0).message()).isEqualTo("RR@10: mean 0.9500 against the baseline's 1.0000 over 30 queries,"
        + " a fall of 0.0500, more than the 0.0499999999999 allowed");
    assertThat(Gate.check(c, tolerance("RR@10=4.9%")).checks().get(0).message()).endsWith(
        "a fall of 0.0500, more than the 4.9% of the baseline's mean allowed (0.0490)");
  }

  private static GateRules tolerance(String t) {
    return new GateRules(null, List.of(GateRules.Tolerance.parse(t)), List.of(), List.of());
  }

  @Test
  void should_bound_the_worst_query_loss_and_list_the_queries_over_it() {
    Comparison c = compare(PROTOCOL, rankings(false), rankings(false, 4, 7));
    Verdict at = Gate.check(c, new GateRules(null, List.of(), List.of(GateRules.QueryLoss.parse("RR@10=0.5")), List.of()));
    assertThat(at.passed()).isTrue();
    Verdict under = Gate.check(c, new GateRules(null, List.of(), List.of(GateRules.QueryLoss.parse("RR@10=0.49")), List.of()));
    assertThat(under.passed()).isFalse();
    assertThat(under.checks().get(0).worse()).extracting(d -> d.query()).containsExactly("q4", "q7");
    assertThat(under.checks().get(0).message()).isEqualTo("RR@10: 2 of 30 queries lost more than 0.49 (the largest: q4,"
        + " 1.0000 -> 0.5000)");
  }

  @Test
  void should_hold_each_candidate_to_a_least_judged_share_of_the_top_k() {
    // GIVEN a candidate that puts an unjudged document second in every query: 2 of its top 3 judged
    EvalProtocol p = Eval.protocol(Eval.qrels(labels(1)), Preset.TREC_EVAL, "P@3");
    Comparison c = compare(p, rankings(false), rankings(true));
    Verdict v = Gate.check(c, new GateRules(null, List.of(), List.of(), List.of(GateRules.Judged.parse("3=0.7"))));
    assertThat(v.passed()).isFalse();
    assertThat(v.checks()).singleElement().satisfies(ch -> {
      assertThat(ch.system()).isEqualTo("cand");
      assertThat(ch.message()).isEqualTo("Judged@3: 0.6667 of the top 3 judged over 30 queries, below the 0.7 required");
    });
    assertThat(Gate.check(c, new GateRules(null, List.of(), List.of(), List.of(GateRules.Judged.parse("3=0.6")))).passed())
        .isTrue();
    assertThatThrownBy(() -> Gate.check(c, new GateRules(null, List.of(), List.of(), List.of(GateRules.Judged.parse("5=0.6")))))
        .hasMessage("--min-judged 5: no measure was evaluated at cutoff 5, so its judged share was not counted; the cutoffs"
            + " counted are [3]");
  }

  @Test
  void should_fail_every_rule_on_a_comparison_of_no_query() {
    // GIVEN no relevant document anywhere and the rule that such a query has no value
    EvalProtocol none = Eval.protocol(Eval.qrels(labels(0)),
        dev.caliber.policy.Policy.trecEval().withNoRelevant(NoRelevant.EXCLUDE), "RR@10");
    Comparison c = compare(none, rankings(false), rankings(false, range(1, 30)));
    GateRules all = new GateRules(new GateRules.Significance(Eval.measures("RR@10"), 0.05),
        List.of(GateRules.Tolerance.parse("RR@10=1")), List.of(GateRules.QueryLoss.parse("RR@10=1")), List.of());
    Verdict v = Gate.check(c, all);
    assertThat(v.checks()).hasSize(3).allSatisfy(ch -> {
      assertThat(ch.passed()).isFalse();
      assertThat(ch.message()).isEqualTo("RR@10: compares no query (none of the 30 queries of the query set has a value in"
          + " both runs), so it shows nothing");
    });
  }

  @Test
  void should_refuse_rules_in_one_line_naming_the_bad_value() {
    assertThatThrownBy(() -> GateRules.Tolerance.parse("nDCG@10")).hasMessage("--tolerance \"nDCG@10\": expected"
        + " MEASURE=AMOUNT, such as nDCG@10=0.01 or nDCG@10=2%");
    assertThatThrownBy(() -> GateRules.Tolerance.parse("nDCG@10=abc")).hasMessage("--tolerance nDCG@10=abc: \"abc\" is not"
        + " a decimal number; expected such as 0.05");
    assertThatThrownBy(() -> GateRules.QueryLoss.parse("nDCG@10=-0.1")).hasMessage("--max-query-loss nDCG@10=-0.1: -0.1 is"
        + " negative; a bound is not negative");
    assertThatThrownBy(() -> GateRules.Judged.parse("ten=0.9")).hasMessage("--min-judged ten=0.9: the cutoff \"ten\" is not"
        + " a whole number; expected K=SHARE, such as 10=0.9");
    assertThatThrownBy(() -> GateRules.Judged.parse("10=1.5")).hasMessage("--min-judged 10=1.5: the share is in [0, 1],"
        + " such as 0.9");
    assertThatThrownBy(() -> GateRules.Tolerance.parse("ndcg@ten=0.1")).hasMessageStartingWith("--tolerance \"ndcg@ten\": ");
    assertThatThrownBy(() -> new GateRules.Significance(Eval.measures("RR@10"), 1.5)).hasMessage("--alpha 1.5 is out of"
        + " range; expected a level in (0, 1), such as 0.05");
    assertThatThrownBy(() -> new GateRules(null, List.of(GateRules.Tolerance.parse("P@1=0.1"),
        GateRules.Tolerance.parse("P@1=0.2")), List.of(), List.of())).hasMessage("--tolerance P@1 is given twice; give one"
        + " bound for each");
    assertThat(Gate.fraction(new BigDecimal("1E+2")).toString()).isEqualTo("100");
    assertThat(Gate.fraction(new BigDecimal("0.050")).toString()).isEqualTo("1/20");
  }
}
