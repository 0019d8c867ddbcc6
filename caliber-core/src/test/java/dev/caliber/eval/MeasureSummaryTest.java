package dev.caliber.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.api.Eval;
import dev.caliber.api.Preset;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A mean of any measure: the exact fraction where there is one, else the double, and never a null to trip over. */
class MeasureSummaryTest {
  private static final RunResult RESULT = Eval.evaluate(
      Eval.qrels(Map.of("q1", Map.of("d1", 2, "d2", 0, "d3", 1), "q2", Map.of("d4", 1, "d5", 1))),
      Eval.run("bm25", Map.of("q1", Map.of("d1", 0.9, "d2", 1.7, "d3", 0.4), "q2", Map.of("d5", 2.5, "d6", 1.0))),
      Preset.TREC_EVAL, "nDCG@10", "AP", "GMAP");

  @Test
  void should_give_ndcg_s_mean_as_a_double_value_where_mean_is_null() {
    // GIVEN nDCG@10, whose values are doubles
    MeasureSummary ndcg = RESULT.summary(Measures.parse("nDCG@10"));
    // WHEN / THEN no fraction, but a value: the double trec_eval computes
    assertThat(ndcg.mean()).isNull();
    assertThat(ndcg.value().isExact()).isFalse();
    assertThat(ndcg.value().decimal()).isEqualTo(ndcg.decimalMean());
  }

  @Test
  void should_give_ap_s_mean_as_the_exact_fraction_with_trec_eval_s_double() {
    MeasureSummary ap = RESULT.summary(Measures.parse("AP"));
    assertThat(ap.mean()).isNotNull();
    assertThat(ap.value()).isEqualTo(new Value(ap.mean(), ap.decimalMean()));
    assertThat(ap.value().exact()).isEqualTo(ap.mean());
  }

  @Test
  void should_give_a_geometric_mean_as_a_double_value() {
    MeasureSummary gmap = RESULT.summary(Measures.parse("GMAP"));
    assertThat(gmap.mean()).isNull();
    assertThat(gmap.value()).isEqualTo(Value.ofDouble(gmap.decimalMean()));
  }

  @Test
  void should_have_no_value_when_no_query_has_one() {
    // GIVEN a mean over no query: NaN as trec_eval's double, no fraction
    MeasureSummary none = new MeasureSummary(Measures.parse("RR"), 0, null, Double.NaN, 0.0);
    // WHEN / THEN no mean at all, rather than NaN or an exception
    assertThat(none.value()).isNull();
  }

  @Test
  void should_keep_an_exact_mean_s_fraction_and_its_double() {
    MeasureSummary half = new MeasureSummary(Measures.parse("RR"), 2, Fraction.of(1, 2), 0.5, 1.0);
    assertThat(half.value()).isEqualTo(Value.of(Fraction.of(1, 2)));
  }

  @Test
  void should_average_rows_built_elsewhere_as_an_evaluation_averages_them() {
    // GIVEN the rows of a result, taken out of it (a plain list, not the result's table)
    java.util.List<QueryResult> rows = new java.util.ArrayList<>(RESULT.rows());
    // WHEN each measure is summarized over them
    // THEN the summary is the evaluation's own, exact and geometric means included
    for (dev.caliber.measure.Measure m : RESULT.measures()) {
      assertThat(Evaluation.summarize(m, rows)).isEqualTo(RESULT.summary(m));
    }
    // no row: no value, a count of 0
    MeasureSummary none = Evaluation.summarize(Measures.parse("AP"), java.util.List.of());
    assertThat(none.count()).isZero();
    assertThat(none.mean()).isNull();
    assertThat(none.decimalMean()).isNaN();
    // a measure the rows do not have is named
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Evaluation.summarize(Measures.parse("P@5"), rows))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("the rows have no P@5; they have [nDCG@10, AP, GMAP]");
  }
}
