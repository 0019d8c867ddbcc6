package dev.caliber.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A retriever's output collected entry by entry: the order added, the rank column, declared queries, snapshots and checks. */
class RunBuilderTest {
  @Test
  void should_keep_each_querys_entries_in_the_order_added_with_ranks_one_to_n() {
    // WHEN hits are added worst first
    ScoredRun run = new RunBuilder("r").add("q", "d3", 0.1).add("q", "d1", 0.9).add("q", "d2", 0.5).build();
    // THEN the order and the scores as added; the rank column is the position
    RankedList list = run.list("q");
    assertThat(list.docs()).containsExactly("d3", "d1", "d2");
    assertThat(List.of(list.score(0), list.score(1), list.score(2))).containsExactly(0.1, 0.9, 0.5);
    assertThat(List.of(list.rank(0), list.rank(1), list.rank(2))).containsExactly(1L, 2L, 3L);
    assertThat(run.name()).isEqualTo("r");
  }

  @Test
  void should_grow_past_its_first_capacity_without_losing_an_entry() {
    // GIVEN
    RunBuilder b = new RunBuilder("r");
    IntStream.rangeClosed(1, 20).forEach(i -> b.add("q", "d" + i, -i));
    // WHEN
    RankedList list = b.build().list("q");
    // THEN
    List<String> expected = new ArrayList<>();
    IntStream.rangeClosed(1, 20).forEach(i -> expected.add("d" + i));
    assertThat(list.docs()).isEqualTo(expected);
    assertThat(list.rank(19)).isEqualTo(20);
    assertThat(list.score(19)).isEqualTo(-20.0);
  }

  @Test
  void should_list_queries_in_the_order_first_seen() {
    ScoredRun run = new RunBuilder("r").add("q2", "d1", 1).query("q10").add("q1", "d1", 1).add("q2", "d2", 0).build();
    assertThat(run.asMap().keySet()).containsExactly("q2", "q10", "q1");
    assertThat(run.list("q2").docs()).containsExactly("d1", "d2");
  }

  @Test
  void should_count_entries_added_and_not_queries_declared() {
    // GIVEN
    RunBuilder b = new RunBuilder("r").query("empty").add("q1", "d1", 1).add("q1", "d2", 1).add("q2", "d1", 1);
    // THEN
    assertThat(b.size()).isEqualTo(3);
    assertThat(new RunBuilder("r").query("q").size()).isZero();
  }

  @Test
  void should_declare_a_query_with_an_empty_ranking_and_change_nothing_when_declared_again() {
    // WHEN
    ScoredRun run = new RunBuilder("r").query("empty").add("q", "d1", 1).query("q").query("empty").build();
    // THEN
    assertThat(run.has("empty")).isTrue();
    assertThat(run.list("empty").size()).isZero();
    assertThat(run.list("q").docs()).containsExactly("d1");
  }

  @Test
  void should_hand_out_snapshots_that_later_additions_do_not_change() {
    // GIVEN
    RunBuilder b = new RunBuilder("r").add("q", "d1", 1);
    ScoredRun first = b.build();
    // WHEN
    b.add("q", "d2", 0).add("p", "d1", 1);
    // THEN
    assertThat(first.list("q").docs()).containsExactly("d1");
    assertThat(first.has("p")).isFalse();
    assertThat(b.build().list("q").docs()).containsExactly("d1", "d2");
  }

  @Test
  void should_accept_a_document_added_twice_leaving_it_to_the_evaluation() {
    assertThat(new RunBuilder("r").add("q", "d1", 1).add("q", "d1", 0).build().list("q").docs()).containsExactly("d1", "d1");
  }

  @Test
  void should_refuse_a_null_query_or_document_naming_both() {
    assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> new RunBuilder("r").add(null, "d1", 1))
        .withMessage("illegal entry: query null, document \"d1\", IDs must be non-null");
    assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> new RunBuilder("r").add("q1", null, 1))
        .withMessage("illegal entry: query \"q1\", document null, IDs must be non-null");
    assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> new RunBuilder("r").add(null, null, 1))
        .withMessage("illegal entry: query null, document null, IDs must be non-null");
  }

  @Test
  void should_refuse_a_score_that_is_not_finite() {
    assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> new RunBuilder("r").add("q1", "d1", Double.NaN))
        .withMessage("illegal entry: query \"q1\", document \"d1\" has score NaN, must be a finite number");
    assertThatExceptionOfType(IllegalArgumentException.class)
        .isThrownBy(() -> new RunBuilder("r").add("q1", "d\"2", Double.NEGATIVE_INFINITY))
        .withMessage("illegal entry: query \"q1\", document \"d\\\"2\" has score -Infinity, must be a finite number");
  }

  @Test
  void should_add_nothing_for_a_refused_entry() {
    // GIVEN
    RunBuilder b = new RunBuilder("r").add("q", "d1", 1);
    // WHEN
    assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> b.add("q", "d2", Double.NaN));
    assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> b.add("p", null, 1));
    // THEN
    assertThat(b.size()).isEqualTo(1);
    assertThat(b.build().asMap().keySet()).containsExactly("q");
  }

  @Test
  void should_refuse_a_null_query_declared() {
    assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> new RunBuilder("r").query(null))
        .withMessage("illegal query: null, IDs must be non-null");
  }

  @Test
  void should_refuse_an_empty_run_name() {
    assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> new RunBuilder(""))
        .withMessage("illegal run name: \"\", must be a non-empty string");
  }
}
