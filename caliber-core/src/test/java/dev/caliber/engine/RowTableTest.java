package dev.caliber.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.math.Fraction;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** RowTable, the columns behind every RunResult's rows: what comes back, and what the builder refuses. */
class RowTableTest {
  private static final Measure RR = Measures.parse("RR@10");
  private static final Measure AP = Measures.parse("AP");
  private static final List<Measure> MEASURES = List.of(RR, AP);

  private static QueryResult row(String q, Value rr, Value ap) {
    Map<Measure, Value> values = new LinkedHashMap<>();
    values.put(RR, rr);
    values.put(AP, ap);
    return new QueryResult(q, false, 10, 2, 0, values, Map.of(), 1);
  }

  private static RowTable table(QueryResult... rows) {
    RowTable.Builder b = new RowTable.Builder(rows.length, MEASURES);
    for (int i = rows.length - 1; i >= 0; i--) {
      b.set(i, rows[i]);
    }
    return b.build();
  }

  @Nested
  class Values {
    @Test
    void should_give_small_fractions_back_from_values_cache() {
      // GIVEN 1/3, in Value's cache
      RowTable t = table(row("q1", Value.of(1, 3), Value.of(0)));
      // THEN the very same object, not a copy
      assertThat(t.get(0).value(RR)).isSameAs(Value.of(1, 3));
      assertThat(t.get(0).value(AP)).isSameAs(Value.of(0));
    }

    @Test
    void should_keep_a_double_that_is_not_the_fractions_nearest() {
      // GIVEN AP = 1/3 summed in floating point the trec_eval way, one unit above the nearest double
      Value ap = new Value(Fraction.of(1, 3), Math.nextUp(1.0 / 3));
      // WHEN
      Value back = table(row("q1", null, ap)).get(0).value(AP);
      // THEN
      assertThat(back).isEqualTo(ap);
      assertThat(back.decimal()).isEqualTo(Math.nextUp(1.0 / 3));
      assertThat(back.exact()).isEqualTo(Fraction.of(1, 3));
    }

    @Test
    void should_keep_fractions_beyond_longs_doubles_and_no_value() {
      // GIVEN
      Fraction huge = Fraction.of(BigInteger.ONE, BigInteger.TEN.pow(25));
      QueryResult row = row("q1", Value.ofDouble(0.25), Value.of(huge));
      QueryResult none = row("q2", null, null);
      // WHEN
      RowTable t = table(row, none);
      // THEN
      assertThat(t.get(0)).isEqualTo(row);
      assertThat(t.get(0).value(AP).exact()).isEqualTo(huge);
      assertThat(t.get(0).value(RR).isExact()).isFalse();
      assertThat(t.get(1)).isEqualTo(none);
      assertThat(t.get(1).values()).containsEntry(RR, null).containsEntry(AP, null);
      assertThat(t.exact(0, 1)).isEqualTo(huge);
      assertThat(t.exact(0, 0)).isNull();
      assertThat(Double.isNaN(t.decimal(1, 1))).isTrue();
    }

    @Test
    void should_keep_the_flags_ties_and_rank() {
      // GIVEN
      QueryResult ordered = row("q1", Value.of(0), Value.of(0));
      QueryResult withTies = new QueryResult("q2", true, 0, 3, 7, ordered.values(), Map.of(10, 4), null);
      // WHEN
      RowTable t = table(withTies, row("q3", Value.of(1), Value.of(1)));
      // THEN
      assertThat(t.get(0)).isEqualTo(withTies);
      assertThat(t.get(0).tiesAtCutoff()).containsExactly(Map.entry(10, 4));
      assertThat(t.get(0).firstRelevantRank()).isNull();
      assertThat(t.get(0).missing()).isTrue();
      assertThat(t.missing(0)).isTrue();
      assertThat(t.missing(1)).isFalse();
      assertThat(t.get(1).tiesAtCutoff()).isEmpty();
      assertThat(t.get(1).firstRelevantRank()).isEqualTo(1);
    }

    @Test
    void should_be_a_random_access_list_that_refuses_changes() {
      RowTable t = table(row("q1", Value.of(1), Value.of(1)));
      assertThat(t).isInstanceOf(RandomAccess.class);
      assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> t.add(t.get(0)));
      assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> t.set(0, t.get(0)));
      assertThatExceptionOfType(IndexOutOfBoundsException.class).isThrownBy(() -> t.get(1));
    }
  }

  @Nested
  class Builder_errors {
    private final QueryResult q1 = row("q1", Value.of(1), Value.of(1));

    @Test
    void should_refuse_an_index_out_of_range() {
      RowTable.Builder b = new RowTable.Builder(2, MEASURES);
      assertThatExceptionOfType(IndexOutOfBoundsException.class).isThrownBy(() -> b.set(2, q1));
      assertThatExceptionOfType(IndexOutOfBoundsException.class).isThrownBy(() -> b.set(-1, q1));
      assertThatExceptionOfType(IndexOutOfBoundsException.class).isThrownBy(() -> b.isSet(2));
    }

    @Test
    void should_refuse_a_row_set_twice() {
      RowTable.Builder b = new RowTable.Builder(2, MEASURES);
      b.set(1, q1);
      assertThat(b.isSet(1)).isTrue();
      assertThat(b.isSet(0)).isFalse();
      assertThatExceptionOfType(IllegalStateException.class).isThrownBy(() -> b.set(1, q1))
          .withMessage("row 1 is already set");
    }

    @Test
    void should_refuse_to_build_with_a_row_unset_and_name_it() {
      RowTable.Builder b = new RowTable.Builder(3, MEASURES);
      b.set(0, q1);
      b.set(2, q1);
      assertThatExceptionOfType(IllegalStateException.class).isThrownBy(b::build).withMessage("row 1 of 3 is not set");
    }

    @Test
    void should_be_spent_once_built() {
      RowTable.Builder b = new RowTable.Builder(1, MEASURES);
      b.set(0, q1);
      b.build();
      assertThatExceptionOfType(IllegalStateException.class).isThrownBy(b::build).withMessage("the table is already built");
    }

    @Test
    void should_refuse_other_measures_or_another_order_and_stay_unchanged() {
      // GIVEN
      RowTable.Builder b = new RowTable.Builder(1, MEASURES);
      Map<Measure, Value> reversed = new LinkedHashMap<>();
      reversed.put(AP, Value.of(1));
      reversed.put(RR, Value.of(1));
      QueryResult swapped = new QueryResult("q1", false, 1, 1, 0, reversed, Map.of());
      QueryResult fewer = new QueryResult("q1", false, 1, 1, 0, Map.of(RR, Value.of(1)), Map.of());
      // WHEN / THEN
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> b.set(0, swapped))
          .withMessage("illegal row 0 (query q1): its measures [AP, RR@10] must be [RR@10, AP], in that order");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> b.set(0, fewer))
          .withMessage("illegal row 0 (query q1): its measures [RR@10] must be [RR@10, AP], in that order");
      assertThat(b.isSet(0)).isFalse();
      b.set(0, q1);
      assertThat(b.build().get(0)).isEqualTo(q1);
    }

    @Test
    void should_refuse_a_negative_size_and_a_repeated_measure() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> new RowTable.Builder(-1, MEASURES))
          .withMessage("illegal size: -1, must be >= 0");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> new RowTable.Builder(1, List.of(RR, RR)))
          .withMessage("illegal measures [RR@10, RR@10]: a measure repeats");
    }
  }

  @Nested
  class In_a_run_result {
    private final EvalProtocol protocol = new EvalProtocol(Qrels.of(Map.of("q1", Map.of("d1", 1))), List.of("q1", "q2", "q3"),
        "test", Corpus.of(Map.of("d1", "")), Policy.strict(), MEASURES);

    private RunResult result(List<QueryResult> rows) {
      return new RunResult("r", protocol, protocol.sha256(), rows, List.of(), List.of(), List.of(), List.of());
    }

    @Test
    void should_turn_a_plain_list_into_columns_with_equal_rows() {
      // GIVEN
      List<QueryResult> rows = new ArrayList<>(List.of(row("q1", Value.of(1, 2), Value.of(Fraction.of(7, 90))),
          row("q2", null, null), row("q3", Value.of(0), Value.ofDouble(0.1))));
      // WHEN
      RunResult r = result(dev.caliber.eval.Evaluation.rows(rows));
      rows.clear(); // a copy: the caller's list is not kept
      // THEN
      assertThat(r.rows()).isInstanceOf(RowTable.class).hasSize(3);
      assertThat(r.rows().get(0)).isEqualTo(row("q1", Value.of(1, 2), Value.of(Fraction.of(7, 90))));
      assertThat(r.rows().get(2).value(AP)).isEqualTo(Value.ofDouble(0.1));
      assertThat(result(r.rows()).rows()).isSameAs(r.rows()); // already columns: kept as is
      assertThat(RowTable.copyOf(r.rows())).isSameAs(r.rows());
      assertThat(r.row("q3").value(AP)).isEqualTo(Value.ofDouble(0.1));
      assertThat(r.row("q9")).isNull();
      assertThat(r.row(null)).isNull();
    }

    @Test
    void should_take_the_measures_of_the_first_row_and_refuse_rows_that_differ() {
      QueryResult other = new QueryResult("q2", false, 1, 1, 0, Map.of(RR, Value.of(1)), Map.of());
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> result(List.of(row("q1", Value.of(1), Value.of(1)), other)))
          .withMessage("illegal row 1 (query q2): its measures [RR@10] must be [RR@10, AP], in that order");
      assertThat(result(List.of()).rows()).isEmpty();
    }

    @Test
    void should_find_a_row_by_query_or_give_null() {
      // GIVEN q2 twice: the first row is the one found, as a scan would
      RunResult r = result(List.of(row("q1", Value.of(1), Value.of(1)), row("q2", Value.of(0), Value.of(0)),
          row("q2", Value.of(1), Value.of(1))));
      // THEN
      assertThat(r.row("q2")).isEqualTo(row("q2", Value.of(0), Value.of(0)));
      assertThat(r.row("q1").value(RR)).isEqualTo(Value.of(1));
      assertThat(r.row("q9")).isNull();
      assertThat(r.row(null)).isNull();
    }

    @Test
    void should_equal_a_result_made_from_the_same_rows_as_a_list() {
      // records compare their rows by value, so a table equals the list it came from
      List<QueryResult> rows = List.of(row("q1", Value.of(1), Value.of(1)));
      assertThat(result(rows)).isEqualTo(result(new ArrayList<>(rows)));
      assertThat(result(rows).rows()).isEqualTo(rows);
    }
  }
}
