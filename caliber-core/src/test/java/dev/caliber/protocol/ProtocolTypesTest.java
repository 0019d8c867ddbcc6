package dev.caliber.protocol;

import static dev.caliber.testkit.HelpCentre.ordered;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.testkit.HelpCentre;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The protocol's containers: exact IDs in input order, defensive copies, nulls refused. */
class ProtocolTypesTest {

  @Test
  void a_corpus_keeps_exact_ids_in_order_and_copies_its_input() {
    Map<String, String> texts = ordered("d2", "two", "D1", null, " d1", "padded");
    Corpus corpus = Corpus.of(texts);
    texts.put("d9", "later");
    assertThat(corpus.ids()).containsExactly("d2", "D1", " d1");
    assertThat(corpus.contains("d1")).isFalse();
    assertThat(corpus.text("d2")).contains("two");
    assertThat(corpus.text("D1")).isEmpty();
    assertThat(corpus.size()).isEqualTo(3);
    assertThat(corpus.asMap()).containsEntry("D1", null);
    assertThatThrownBy(() -> corpus.asMap().put("x", "y")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> Corpus.of(null)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void queries_select_a_split_in_input_order() {
    Queries queries = HelpCentre.QUERIES;
    assertThat(queries.inSplit("test")).containsExactly("q2", "q3", "q4", "q5");
    assertThat(queries.inSplit("dev")).containsExactly("q1");
    assertThat(queries.inSplit("Test")).isEmpty();
    assertThat(queries.get("q9")).isNull();
    assertThat(queries.size()).isEqualTo(5);
    assertThatThrownBy(() -> queries.inSplit("test").add("q9")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> new Query("t", null)).isInstanceOf(NullPointerException.class).hasMessage("split");
  }

  @Test
  void qrels_are_deep_copies_that_refuse_null_labels() {
    Map<String, Map<String, Integer>> labels = HelpCentre.qrelsMap();
    Qrels qrels = Qrels.of(labels);
    labels.get("q2").put("d1", 1);
    assertThat(qrels.row("q2")).containsEntry("d1", 0);
    assertThat(qrels.row("q9")).isNull();
    assertThatThrownBy(() -> qrels.row("q2").put("d1", 1)).isInstanceOf(UnsupportedOperationException.class);
    Map<String, Integer> row = new LinkedHashMap<>();
    row.put("d1", null);
    assertThatThrownBy(() -> Qrels.of(Map.of("q1", row))).isInstanceOf(NullPointerException.class).hasMessage("label");
  }

  @Test
  void a_run_tells_missing_from_empty_and_copies_its_rankings() {
    List<String> ranking = new ArrayList<>(List.of("d3"));
    Run run = Run.of("mine", ordered("q2", ranking, "q5", List.of()));
    ranking.add("d4");
    assertThat(run.name()).isEqualTo("mine");
    assertThat(run.ranking("q2")).containsExactly("d3");
    assertThat(run.has("q5")).isTrue();
    assertThat(run.ranking("q5")).isEmpty();
    assertThat(run.has("q4")).isFalse();
    assertThat(run.ranking("q4")).isEmpty();
    assertThat(run.asMap().keySet()).containsExactly("q2", "q5");
    assertThat(run.origin()).isSameAs(Origin.NONE);
    assertThat(Origin.NONE.locate("q2", 0)).isEqualTo(dev.caliber.error.Location.NONE);
    assertThatThrownBy(() -> Run.of(null, Map.of())).isInstanceOf(NullPointerException.class).hasMessage("name");
  }

  @Test
  void a_protocol_needs_all_three_parts() {
    assertThatThrownBy(() -> new Protocol(null, HelpCentre.QUERIES, HelpCentre.QRELS)).hasMessage("corpus");
    assertThatThrownBy(() -> new Protocol(HelpCentre.CORPUS, null, HelpCentre.QRELS)).hasMessage("queries");
    assertThatThrownBy(() -> new Protocol(HelpCentre.CORPUS, HelpCentre.QUERIES, null)).hasMessage("qrels");
  }
}
