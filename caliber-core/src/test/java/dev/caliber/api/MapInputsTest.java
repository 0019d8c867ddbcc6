package dev.caliber.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The in-memory shapes Python tools take, through {@link Eval}: queries in code point order
 * whatever the map's order, and every null or non-finite value refused with a message naming the
 * query and document.
 */
class MapInputsTest {
  /** A map in the order given, which is not code point order. */
  @SafeVarargs
  private static <V> Map<String, V> ordered(Map.Entry<String, V>... entries) {
    Map<String, V> m = new LinkedHashMap<>();
    for (Map.Entry<String, V> e : entries) {
      m.put(e.getKey(), e.getValue());
    }
    return m;
  }

  /** A map with one entry whose key or value may be null. */
  private static <V> Map<String, V> withNull(String key, V value) {
    Map<String, V> m = new HashMap<>();
    m.put(key, value);
    return m;
  }

  @Nested
  class Qrels_maps {
    @Test
    void should_take_queries_in_code_point_order_and_keep_each_row() {
      // GIVEN queries given as q2, q10, Q1 (code points: Q1 < q10 < q2)
      Map<String, Map<String, Integer>> labels = ordered(Map.entry("q2", Map.of("d1", 1)), Map.entry("q10", Map.of("d2", 0)),
          Map.entry("Q1", Map.of("d3", -1)));
      // WHEN
      Qrels qrels = Eval.qrels(labels);
      // THEN
      assertThat(qrels.queryIds()).containsExactly("Q1", "q10", "q2");
      assertThat(qrels.row("Q1")).containsExactly(Map.entry("d3", -1));
    }

    @Test
    void should_refuse_a_null_query_id() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.qrels(withNull(null, Map.of("d1", 1))))
          .withMessage("illegal qrels: a null query ID");
    }

    @Test
    void should_refuse_a_null_row_naming_its_query() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.qrels(withNull("q1", null)))
          .withMessage("illegal qrels: query \"q1\" has a null row, must be a map of document ID to label");
    }

    @Test
    void should_refuse_a_null_document_id_naming_its_query() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.qrels(Map.of("q1", withNull(null, 1))))
          .withMessage("illegal qrels: query \"q1\" has a null document ID");
    }
  }

  @Nested
  class Score_maps {
    @Test
    void should_take_queries_in_code_point_order_and_read_any_number_as_a_double() {
      // GIVEN
      Map<String, Map<String, Number>> scores = ordered(Map.entry("q2", Map.of("d1", 3)), Map.entry("q10", Map.of("d1", 2L)),
          Map.entry("Q1", Map.of("d1", 0.5f)));
      // WHEN
      ScoredRun run = Eval.run("r", scores);
      // THEN
      assertThat(run.asMap().keySet()).containsExactly("Q1", "q10", "q2");
      assertThat(List.of(run.list("q2").score(0), run.list("q10").score(0), run.list("Q1").score(0))).containsExactly(3.0, 2.0, 0.5);
    }

    @Test
    void should_rank_by_score_with_ranks_one_to_n_and_keep_an_empty_query() {
      // WHEN
      ScoredRun run = Eval.run("r", Map.of("q", Map.of("d1", 0.1, "d2", 0.7, "d3", 0.4), "empty", Map.of()));
      // THEN
      RankedList q = run.list("q");
      assertThat(q.docs()).containsExactly("d2", "d3", "d1");
      assertThat(List.of(q.rank(0), q.rank(1), q.rank(2))).containsExactly(1L, 2L, 3L);
      assertThat(run.list("empty").size()).isZero();
    }

    @Test
    void should_refuse_an_empty_or_missing_run_name() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.run("", Map.of("q", Map.of("d", 1))))
          .withMessage("illegal run name: \"\", must be a non-empty string");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.run(null, Map.of("q", Map.of("d", 1))))
          .withMessage("illegal run name: null, must be a non-empty string");
    }

    @Test
    void should_say_that_a_query_that_retrieved_nothing_maps_to_an_empty_map() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.run("r", Map.of()))
          .withMessage("illegal scores: no query, must have at least one (a query the system retrieved nothing for maps to an empty map)");
    }

    @Test
    void should_refuse_a_null_query_id_row_or_document_id() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.run("r", withNull(null, Map.of("d1", 1))))
          .withMessage("illegal scores: a null query ID");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.run("r", withNull("q1", null)))
          .withMessage("illegal scores: query \"q1\" has a null row, must be a map of document ID to score");
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.run("r", Map.of("q1", withNull(null, 1.0))))
          .withMessage("illegal scores: query \"q1\" has a null document ID");
    }

    @Test
    void should_refuse_a_null_or_infinite_score_naming_query_and_document() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.run("r", Map.of("q1", withNull("d1", null))))
          .withMessage("illegal scores: query \"q1\", document \"d1\" has score null, must be a finite number");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Eval.run("r", Map.of("q1", Map.of("d1", Double.NEGATIVE_INFINITY))))
          .withMessage("illegal scores: query \"q1\", document \"d1\" has score -Infinity, must be a finite number");
    }
  }

  @Nested
  class Ranked_lists {
    @Test
    void should_take_queries_in_code_point_order_and_each_list_as_given_ranked_one_to_n() {
      // GIVEN
      Map<String, List<String>> rankings = ordered(Map.entry("q2", List.of("d3", "d1")), Map.entry("q10", List.of()),
          Map.entry("Q1", List.of("d1")));
      // WHEN
      ScoredRun run = Eval.rankings("r", rankings);
      // THEN
      assertThat(run.asMap().keySet()).containsExactly("Q1", "q10", "q2");
      assertThat(run.list("q2").docs()).containsExactly("d3", "d1");
      assertThat(List.of(run.list("q2").rank(0), run.list("q2").rank(1))).containsExactly(1L, 2L);
      assertThat(run.list("q10").size()).isZero();
    }

    @Test
    void should_say_that_a_query_that_retrieved_nothing_maps_to_an_empty_list() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.rankings("r", Map.of()))
          .withMessage("illegal rankings: no query, must have at least one (a query the system retrieved nothing for maps to an empty list)");
    }

    @Test
    void should_refuse_a_null_list_naming_its_query() {
      assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> Eval.rankings("r", withNull("q1", null)))
          .withMessage("illegal rankings: query \"q1\" has a null list, must be a list of document IDs");
    }

    @Test
    void should_refuse_a_null_document_id_at_its_rank() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Eval.rankings("r", Map.of("q1", Arrays.asList("d1", "d2", null))))
          .withMessage("illegal rankings: query \"q1\" has a null document ID at rank 3");
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> Eval.rankings("r", Map.of("q1", Arrays.asList((String) null))))
          .withMessage("illegal rankings: query \"q1\" has a null document ID at rank 1");
    }
  }
}
