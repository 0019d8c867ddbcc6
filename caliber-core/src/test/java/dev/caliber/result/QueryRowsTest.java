package dev.caliber.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.measure.Value;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A result's rows given as a plain list: copied, checked, and found by query without a scan. */
class QueryRowsTest {
  private static final Measure RR = Measures.parse("RR@10");
  private static final Measure AP = Measures.parse("AP");
  private static final EvalProtocol PROTOCOL = new EvalProtocol(Qrels.of(Map.of("q1", Map.of("d1", 1))),
      List.of("q1", "q2", "q3"), "test", Corpus.of(Map.of("d1", "")), Policy.strict(), List.of(RR, AP));

  private static QueryResult row(String q, Value rr, Value ap) {
    Map<Measure, Value> values = new LinkedHashMap<>();
    values.put(RR, rr);
    values.put(AP, ap);
    return new QueryResult(q, false, 10, 2, 0, values, Map.of(), 1);
  }

  private static RunResult result(List<QueryResult> rows) {
    return new RunResult("r", PROTOCOL, PROTOCOL.sha256(), rows, List.of(), List.of(), List.of(), List.of());
  }

  @Test
  void should_copy_a_plain_list_and_find_each_query_first_row() {
    // GIVEN
    List<QueryResult> rows = new ArrayList<>(List.of(row("q1", Value.of(1), Value.of(1, 2)),
        row("q2", Value.of(0), Value.of(0)), row("q1", Value.of(1, 3), Value.of(1, 4))));
    // WHEN
    RunResult r = result(rows);
    rows.clear(); // a copy: the caller's list is not kept
    // THEN
    assertThat(r.rows()).hasSize(3).isInstanceOf(QueryRows.class);
    assertThat(r.row("q1")).isEqualTo(row("q1", Value.of(1), Value.of(1, 2)));
    assertThat(r.row("q2").value(RR)).isEqualTo(Value.of(0));
    assertThat(r.row("q9")).isNull();
    assertThat(r.row(null)).isNull();
    assertThat(QueryRows.of(r.rows())).isSameAs(r.rows());
    assertThat(result(r.rows()).rows()).isSameAs(r.rows());
  }

  @Test
  void should_refuse_rows_whose_measures_differ_from_the_first_row() {
    QueryResult other = new QueryResult("q2", false, 1, 1, 0, Map.of(RR, Value.of(1)), Map.of());
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> result(List.of(row("q1", Value.of(1), Value.of(1)), other)))
        .withMessage("illegal row 1 (query q2): its measures [RR@10] must be [RR@10, AP], in that order");
    Map<Measure, Value> reversed = new LinkedHashMap<>();
    reversed.put(AP, Value.of(1));
    reversed.put(RR, Value.of(1));
    QueryResult swapped = new QueryResult("q3", false, 1, 1, 0, reversed, Map.of(), 1);
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> result(List.of(row("q1", Value.of(1), Value.of(1)), swapped)))
        .withMessage("illegal row 1 (query q3): its measures [AP, RR@10] must be [RR@10, AP], in that order");
    assertThat(result(List.of()).rows()).isEmpty();
    assertThatExceptionOfType(NullPointerException.class).isThrownBy(() -> QueryRows.of(null));
  }
}
