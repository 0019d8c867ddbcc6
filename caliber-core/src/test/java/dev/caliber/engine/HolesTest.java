package dev.caliber.engine;

import static dev.caliber.eval.Protocols.ordered;
import static dev.caliber.eval.Protocols.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.caliber.eval.Evaluation;
import dev.caliber.eval.Protocols;
import dev.caliber.internal.QrelsColumns;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.NoRelevant;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import dev.caliber.result.ScoredQuery.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Bounds under holes: each value's lowest and highest if every unjudged document within the depth
 * were judged non-relevant (label 0) or relevant (the highest label of the judgments), worked by
 * hand on small rankings.
 */
class HolesTest {
  /** Pooled judgments, the given order, no-relevant queries left out. */
  static final Policy POOLED = Policy.strict().withJudgments(Judgments.POOLED);

  static EvalProtocol protocol(Map<String, Map<String, Integer>> qrels, Policy policy, String... measures) {
    return Protocols.protocol(qrels, new ArrayList<>(qrels.keySet()), null, policy, measures);
  }

  static ScoringContext context(EvalProtocol p, boolean bounds) {
    return new ScoringContext(new ProtocolParts(p.qrels(), p.judgmentGroups(), p.preferences(), p.querySet(),
        p.querySetSource(), p.corpus(), p.policy(), p.measures()), bounds);
  }

  /** Query {@code q}'s row of a TREC run's text, scored with bounds. */
  static Row scored(EvalProtocol p, String run, int q) {
    return new QueryScorer(context(p, true)).score(QueryScorerTest.parse(run), q).row();
  }

  static String trec(String query, String... docs) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < docs.length; i++) {
      out.append(query).append(" Q0 ").append(docs[i]).append(' ').append(i + 1).append(' ').append(docs.length - i)
          .append(" t\n");
    }
    return out.toString();
  }

  static Value exact(long n, long d) {
    return Value.of(n, d);
  }

  /** q1 judges a=1, b=0, c=2, d=1; ranks a, x, b, y, c: two holes (x, y) at ranks 2 and 4. The highest label is 2. */
  static final Map<String, Map<String, Integer>> WORKED = ordered("q1", row("a", 1, "b", 0, "c", 2, "d", 1));
  static final String WORKED_RUN = trec("q1", "a", "x", "b", "y", "c");

  @Test
  void should_bound_precision_ap_and_ndcg_by_the_two_completions_worked_by_hand() {
    EvalProtocol p = protocol(WORKED, POOLED, "P@5", "AP", "nDCG@5", "Judged@5");
    Row r = scored(p, WORKED_RUN, 0);
    // the value: labels 1 ? 0 ? 2, the holes non-relevant (trec_eval's reading of pooled judgments)
    // P@5: a and c of 5 = 2/5; low: the same 2/5; high (x, y labelled 2): a, x, y, c = 4/5
    assertThat(r.values().get(0)).isEqualTo(exact(2, 5));
    assertThat(r.low().get(0)).isEqualTo(exact(2, 5));
    assertThat(r.high().get(0)).isEqualTo(exact(4, 5));
    // AP: R = 3 (a, c, d); relevant at ranks 1 and 5: (1/1 + 2/5) / 3 = 7/15, as the low completion
    // (two zeros added to the judgments change no denominator). High: R = 5 (two more judged 2),
    // relevant at ranks 1, 2, 4, 5: (1/1 + 2/2 + 3/4 + 4/5) / 5 = (71/20) / 5 = 71/100
    assertThat(r.values().get(1).exact()).isEqualTo(Fraction.of(7, 15));
    assertThat(r.low().get(1).exact()).isEqualTo(Fraction.of(7, 15));
    assertThat(r.high().get(1).exact()).isEqualTo(Fraction.of(71, 100));
    // nDCG@5, linear gain, discount log2(rank + 1): DCG = 1 + 2/log2(6); ideal 2 1 1 0: 2 + 1/log2(3) + 1/log2(4)
    double dcg = 1 + 2 / log2(6);
    double ideal = 2 + 1 / log2(3) + 1 / log2(4);
    assertThat(r.values().get(2).decimal()).isCloseTo(dcg / ideal, within(1e-12));
    assertThat(r.low().get(2)).isEqualTo(r.values().get(2));
    // high: ranking 1 2 0 2 2, DCG = 1 + 2/log2(3) + 2/log2(5) + 2/log2(6); ideal 2 2 2 1 1 (0), cut at 5:
    // 2 + 2/log2(3) + 2/log2(4) + 1/log2(5) + 1/log2(6)
    double highDcg = 1 + 2 / log2(3) + 2 / log2(5) + 2 / log2(6);
    double highIdeal = 2 + 2 / log2(3) + 2 / log2(4) + 1 / log2(5) + 1 / log2(6);
    assertThat(r.high().get(2).decimal()).isCloseTo(highDcg / highIdeal, within(1e-12));
    assertThat(r.high().get(2).isExact()).isFalse();
    // Judged@5 is about the judging itself: no bounds
    assertThat(r.values().get(3)).isEqualTo(exact(3, 5));
    assertThat(r.low().get(3)).isNull();
    assertThat(r.high().get(3)).isNull();
  }

  @Test
  void should_take_the_high_completion_as_the_low_bound_where_it_gives_less() {
    // e=1, f=0; ranks e, f, z: AP is 1; with z relevant, R = 2 and AP = (1/1 + 2/3) / 2 = 5/6, less
    EvalProtocol p = protocol(ordered("q2", row("e", 1, "f", 0)), POOLED, "AP", "P@3");
    Row r = scored(p, trec("q2", "e", "f", "z"), 0);
    assertThat(r.values().get(0)).isEqualTo(Value.of(1));
    assertThat(r.low().get(0).exact()).isEqualTo(Fraction.of(5, 6));
    assertThat(r.high().get(0)).isEqualTo(Value.of(1));
    assertThat(r.low().get(1)).isEqualTo(exact(1, 3));
    assertThat(r.high().get(1)).isEqualTo(exact(2, 3));
  }

  @Test
  void should_give_bounds_equal_to_the_value_without_a_hole() {
    EvalProtocol p = protocol(WORKED, POOLED, QueryScorerTest.MEASURES);
    Row r = scored(p, trec("q1", "c", "b", "a"), 0);
    assertThat(r.unjudged()).isZero();
    for (int k = 0; k < p.measures().size(); k++) {
      if (Holes.bounded(p.measures().get(k))) {
        assertThat(r.low().get(k)).as(p.measures().get(k).name()).isEqualTo(r.values().get(k));
        assertThat(r.high().get(k)).as(p.measures().get(k).name()).isEqualTo(r.values().get(k));
      }
    }
  }

  @Test
  void should_leave_a_query_out_of_the_bounds_where_its_value_is_left_out() {
    // q3 has no relevant document: left out under EXCLUDE, though its hole might be relevant
    Map<String, Map<String, Integer>> qrels = ordered("q3", row("g", 0));
    Row excluded = scored(protocol(qrels, POOLED, "AP", "NumRet"), trec("q3", "g", "h"), 0);
    assertThat(excluded.values().get(0)).isNull();
    assertThat(excluded.low().get(0)).isNull();
    assertThat(excluded.high().get(0)).isNull();
    // a measure defined for every query keeps its bounds
    assertThat(excluded.low().get(1)).isEqualTo(Value.of(2));
    // under ZERO it scores 0 and counts; if h were relevant, AP would be 1/2 (rank 2, R = 1)
    Row zero = scored(protocol(qrels, POOLED.withNoRelevant(NoRelevant.ZERO), "AP"), trec("q3", "g", "h"), 0);
    assertThat(zero.values().get(0)).isEqualTo(Value.of(0));
    assertThat(zero.low().get(0)).isEqualTo(Value.of(0));
    assertThat(zero.high().get(0)).isEqualTo(exact(1, 2));
  }

  @Test
  void should_judge_a_hole_relevant_at_the_highest_label_of_all_the_judgments() {
    // q4's own labels reach 1, q5's 3: a hole of q4 judged relevant takes label 3
    Map<String, Map<String, Integer>> qrels = ordered("q4", row("a", 1), "q5", row("b", 3));
    Row r = scored(protocol(qrels, POOLED.withNoRelevant(NoRelevant.ZERO), "P(rel=3)@1", "NumRel(rel=3)"), trec("q4", "x"), 0);
    assertThat(r.low().get(0)).isEqualTo(Value.of(0));
    assertThat(r.high().get(0)).isEqualTo(Value.of(1));
    assertThat(r.high().get(1)).isEqualTo(Value.of(1));
    // at least the threshold, where every label is below it: labels 1, threshold 2
    Row t = scored(protocol(ordered("q4", row("a", 1)), POOLED.withRelevanceThreshold(2).withNoRelevant(NoRelevant.ZERO), "P@1"), trec("q4", "x"), 0);
    assertThat(t.high().get(0)).isEqualTo(Value.of(1));
    assertThat(Holes.highLabel(QrelsColumns.of(qrels), 1)).isEqualTo(3);
    assertThat(Holes.highLabel(QrelsColumns.of(qrels), 5)).isEqualTo(5);
  }

  @Test
  void should_bound_only_measures_of_the_labels_that_are_not_about_the_judging() {
    for (String name : List.of("Judged@5", "Unjudged@5", "RBPResid", "PrefsPoss", "PrefsFul", "PrefsFulRet", "PrefsSimp",
        "JgAP", "alpha_nDCG@20")) {
      assertThat(Holes.bounded(Measures.parse(name))).as(name).isFalse();
    }
    for (String name : List.of("P@5", "AP", "NumRet", "NumRel", "NumRelRet", "NumNonRelJudgedRet", "Bpref", "RBP")) {
      assertThat(Holes.bounded(Measures.parse(name))).as(name).isTrue();
    }
  }

  @Test
  void should_order_two_values_exactly_where_both_are_exact_and_keep_the_first_on_a_tie() {
    Value third = Value.of(1, 3);
    Value sameThird = new Value(Fraction.of(1, 3), 0.3333333333333333); // summed in floating point: another double
    Value near = Value.ofDouble(0.3333333333333333);
    assertThat(Holes.lower(third, Value.of(1, 2))).isSameAs(third);
    assertThat(Holes.lower(Value.of(1, 2), third)).isSameAs(third);
    assertThat(Holes.higher(third, Value.of(1, 2))).isEqualTo(Value.of(1, 2));
    assertThat(Holes.higher(Value.of(1, 2), third)).isEqualTo(Value.of(1, 2));
    assertThat(Holes.lower(third, sameThird)).isSameAs(third);
    assertThat(Holes.higher(third, sameThird)).isSameAs(sameThird);
    // one of them a double only: by the doubles
    assertThat(Holes.lower(Value.ofDouble(0.5), third)).isSameAs(third);
    assertThat(Holes.higher(near, Value.ofDouble(0.25))).isSameAs(near);
    assertThat(Holes.lower(third, Value.ofDouble(0.25)).decimal()).isEqualTo(0.25);
  }

  @Test
  void should_have_no_bounds_in_a_row_scored_without_them() {
    EvalProtocol p = protocol(WORKED, POOLED, "P@5");
    Row r = new QueryScorer(context(p, false)).score(QueryScorerTest.parse(WORKED_RUN), 0).row();
    assertThat(r.low()).isNull();
    assertThat(r.high()).isNull();
    assertThat(context(p, false).bounds()).isFalse();
    assertThat(context(p, true).bounds()).isTrue();
  }

  @Test
  void should_reject_a_row_with_one_list_of_bounds_or_another_size() {
    List<Value> one = List.of(Value.of(1));
    assertThatThrownBy(() -> new Row(1, 1, 0, one, Map.of(), null, 0, 0, 0, List.of(), one, null))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Row(1, 1, 0, one, Map.of(), null, 0, 0, 0, List.of(), null, one))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Row(1, 1, 0, one, Map.of(), null, 0, 0, 0, List.of(), List.of(), one))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Row(1, 1, 0, one, Map.of(), null, 0, 0, 0, List.of(), one, List.of()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(new Row(1, 1, 0, one, Map.of(), null, 0, 0, 0, List.of(), one, one).low()).isEqualTo(one);
  }

  // ---- means ------------------------------------------------------------------------------------------

  @Test
  void should_average_the_bounds_over_the_queries_of_the_mean() {
    // q1 as worked above; q2: AP 1 in [5/6, 1], P@5 1/5 in [1/5, 2/5]; q6 in the set, missing from the run
    Map<String, Map<String, Integer>> qrels = ordered("q1", row("a", 1, "b", 0, "c", 2, "d", 1),
        "q2", row("e", 1, "f", 0), "q6", row("k", 1), "q7", row("m", 0));
    EvalProtocol p = protocol(qrels, POOLED, "P@5", "AP", "nDCG@5", "Judged@5", "GMAP");
    RunResult r = Evaluation.evaluate(p, Protocols.run("q1", List.of("a", "x", "b", "y", "c"), "q2",
        List.of("e", "f", "z"), "q7", List.of("m", "w")), null, true);
    MeasureSummary precision = r.summary(p.measures().get(0));
    // q7 has no relevant document: left out of P@5's mean (EXCLUDE) and of its bounds alike; q6 scores 0 in [0, 0]
    assertThat(precision.count()).isEqualTo(3);
    assertThat(precision.mean()).isEqualTo(Fraction.of(2, 5).plus(Fraction.of(1, 5)).dividedBy(3));
    assertThat(precision.bounds().low().exact()).isEqualTo(Fraction.of(2, 5).plus(Fraction.of(1, 5)).dividedBy(3));
    assertThat(precision.bounds().high().exact()).isEqualTo(Fraction.of(4, 5).plus(Fraction.of(2, 5)).dividedBy(3));
    MeasureSummary ap = r.summary(p.measures().get(1));
    assertThat(ap.bounds().low().exact()).isEqualTo(Fraction.of(7, 15).plus(Fraction.of(5, 6)).dividedBy(3));
    assertThat(ap.bounds().high().exact()).isEqualTo(Fraction.of(71, 100).plus(Fraction.of(1)).dividedBy(3));
    assertThat(ap.bounds().low().decimal()).isCloseTo((7.0 / 15 + 5.0 / 6) / 3, within(1e-15));
    MeasureSummary ndcg = r.summary(p.measures().get(2));
    assertThat(ndcg.bounds().low().isExact()).isFalse();
    assertThat(ndcg.bounds().low().decimal()).isLessThanOrEqualTo(ndcg.decimalMean());
    assertThat(ndcg.bounds().high().decimal()).isGreaterThan(ndcg.decimalMean());
    assertThat(r.summary(p.measures().get(3)).bounds()).isEqualTo(MeasureSummary.Bounds.NONE);
    MeasureSummary gmap = r.summary(p.measures().get(4));
    assertThat(gmap.bounds().low().decimal()).isLessThanOrEqualTo(gmap.decimalMean());
    assertThat(gmap.bounds().high().decimal()).isGreaterThanOrEqualTo(gmap.decimalMean());
    // the values and means are those of an evaluation without bounds, which has none
    RunResult plain = Evaluation.evaluate(p, Protocols.run("q1", List.of("a", "x", "b", "y", "c"), "q2",
        List.of("e", "f", "z"), "q7", List.of("m", "w")));
    assertThat(plain.rows()).isEqualTo(r.rows());
    for (int k = 0; k < p.measures().size(); k++) {
      MeasureSummary s = r.summaries().get(k);
      assertThat(plain.summaries().get(k)).isEqualTo(new MeasureSummary(s.measure(), s.count(), s.mean(),
          s.decimalMean(), s.decimalSum()));
      assertThat(plain.summaries().get(k).bounds()).isNull();
    }
  }

  @Test
  void should_have_no_bound_where_no_query_has_a_value() {
    EvalProtocol p = protocol(ordered("q3", row("g", 0)), POOLED, "AP");
    MeasureSummary s = Evaluation.evaluate(p, Protocols.run("q3", List.of("g", "h")), null, true).summaries().get(0);
    assertThat(s.count()).isZero();
    assertThat(s.bounds()).isEqualTo(MeasureSummary.Bounds.NONE);
    assertThatThrownBy(() -> new MeasureSummary.Bounds(Value.of(1), null)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new MeasureSummary.Bounds(null, Value.of(1))).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void should_give_bounds_equal_to_the_means_under_exhaustive_judgments() {
    Map<String, Map<String, Integer>> qrels = ordered("q1", row("a", 1, "b", 0, "c", 2, "d", 1));
    EvalProtocol p = protocol(qrels, Policy.strict(), "P@5", "AP", "nDCG@5");
    RunResult r = Evaluation.evaluate(p, Protocols.run("q1", List.of("a", "b", "c")), null, true);
    for (MeasureSummary s : r.summaries()) {
      assertThat(s.bounds()).isEqualTo(new MeasureSummary.Bounds(s.value(), s.value()));
    }
  }

  private static double log2(int x) {
    return Math.log(x) / Math.log(2);
  }
}
