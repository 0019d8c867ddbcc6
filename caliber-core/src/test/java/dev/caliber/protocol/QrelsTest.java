package dev.caliber.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.internal.StringIndex;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link Qrels}' map API: its views behave as the map of maps they stand for. The builder and the
 * lines it keeps: {@code dev.caliber.qrels.QrelsBuilderTest}; the columns' byte-level accessors:
 * {@code dev.caliber.internal.QrelsColumnsTest}.
 */
class QrelsTest {
  @Nested
  class Views {
    private final Qrels qrels;
    private final Map<String, Map<String, Integer>> expected = new LinkedHashMap<>();

    Views() {
      Map<String, Integer> q1 = new LinkedHashMap<>();
      q1.put("Aa", 1); // "Aa" and "BB" share a String hash code
      q1.put("BB", 2);
      q1.put("d3", 0);
      expected.put("q1", q1);
      expected.put("q2", new LinkedHashMap<>());
      expected.put("q3", new LinkedHashMap<>(Map.of("Aa", 3)));
      qrels = Qrels.of(expected);
    }

    @Test
    void should_equal_the_maps_it_was_built_from_in_their_order() {
      assertThat(qrels.asMap()).isEqualTo(expected).hasSameHashCodeAs(expected);
      assertThat(List.copyOf(qrels.asMap().keySet())).containsExactly("q1", "q2", "q3");
      assertThat(qrels.asMap().keySet()).contains("q2").doesNotContain("q9");
      assertThat(qrels.asMap().keySet().size()).isEqualTo(3);
      assertThat(qrels.asMap().keySet().contains(2)).isFalse();
      assertThat(qrels.queryIds()).containsExactly("q1", "q2", "q3");
      assertThatThrownBy(() -> qrels.queryIds().set(0, "x")).isInstanceOf(UnsupportedOperationException.class);
      assertThat(List.copyOf(qrels.row("q1").keySet())).containsExactly("Aa", "BB", "d3");
      assertThat(List.copyOf(qrels.row("q1").values())).containsExactly(1, 2, 0);
      assertThat(qrels.row("q1")).isEqualTo(expected.get("q1")).hasSameHashCodeAs(expected.get("q1"));
      assertThat(qrels.queryCount()).isEqualTo(3);
      assertThat(qrels.size()).isEqualTo(4);
      assertThat(qrels).hasToString("Qrels[3 queries, 4 judgments]");
    }

    @Test
    void should_look_up_each_document_within_its_own_query_only() {
      assertThat(qrels.row("q1").get("Aa")).isEqualTo(1);
      assertThat(qrels.row("q1").get("BB")).isEqualTo(2);
      assertThat(qrels.row("q3").get("Aa")).isEqualTo(3);
      assertThat(qrels.row("q3").get("BB")).isNull();
      assertThat(qrels.row("q3").containsKey("d3")).isFalse();
      assertThat(qrels.row("q1").get(7)).isNull();
      assertThat(qrels.row("q1").containsKey(null)).isFalse();
      assertThat(qrels.row("q2")).isEmpty();
      assertThat(qrels.row("q9")).isNull();
      assertThat(qrels.row(null)).isNull();
      assertThat(qrels.asMap().get("q9")).isNull();
      assertThat(qrels.asMap().get(1)).isNull();
      assertThat(qrels.asMap().containsKey("q2")).isTrue();
      assertThat(qrels.asMap().containsKey(2)).isFalse();
    }

    @Test
    void should_refuse_changes() {
      assertThatThrownBy(() -> qrels.row("q1").put("d9", 1)).isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(() -> qrels.row("q1").remove("Aa")).isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(() -> qrels.asMap().put("q9", Map.of())).isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(() -> qrels.asMap().clear()).isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(() -> qrels.row("q1").entrySet().iterator().next().setValue(5))
          .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void should_end_its_iterators() {
      var rows = qrels.asMap().entrySet().iterator();
      rows.next();
      rows.next();
      rows.next();
      assertThat(rows.hasNext()).isFalse();
      assertThatThrownBy(rows::next).isInstanceOf(java.util.NoSuchElementException.class);
      var docs = qrels.row("q3").entrySet().iterator();
      assertThat(docs.next()).isEqualTo(Map.entry("Aa", 3));
      assertThatThrownBy(docs::next).isInstanceOf(java.util.NoSuchElementException.class);
    }
  }

  @Test
  void should_refuse_nulls_given_as_maps() {
    Map<String, Map<String, Integer>> nullRow = new LinkedHashMap<>();
    nullRow.put("q", null);
    assertThatThrownBy(() -> Qrels.of(nullRow)).isInstanceOf(NullPointerException.class).hasMessage("row");
    Map<String, Map<String, Integer>> nullQuery = new LinkedHashMap<>();
    nullQuery.put(null, Map.of());
    assertThatThrownBy(() -> Qrels.of(nullQuery)).isInstanceOf(NullPointerException.class).hasMessage("query ID");
    Map<String, Integer> row = new LinkedHashMap<>();
    row.put(null, 1);
    assertThatThrownBy(() -> Qrels.of(Map.of("q", row))).isInstanceOf(NullPointerException.class).hasMessage("document ID");
    assertThatThrownBy(() -> Qrels.of(Map.of(), null)).isInstanceOf(NullPointerException.class).hasMessage("origin");
  }

  @Test
  void should_name_a_judgment_s_exact_label_and_its_source_by_query_and_document() {
    Map<String, Map<String, Integer>> labels = new LinkedHashMap<>();
    labels.put("q1", Map.of("d1", 2));
    labels.put("q2", Map.of());
    Qrels qrels = Qrels.of(labels);
    assertThat(qrels.exactLabel("q1", "d1")).isEqualByComparingTo("2");
    assertThat(qrels.exactLabel("q1", "d2")).isNull();
    assertThat(qrels.exactLabel("q2", "d1")).isNull();
    assertThat(qrels.exactLabel("q9", "d1")).isNull();
    assertThat(qrels.exactLabel(null, null)).isNull();
    assertThat(qrels.decimal(7)).isEqualByComparingTo("7");
    assertThat(qrels.source("q1", "d1")).as("judgments that name no source").isNull();
    assertThat(qrels.sources()).isEmpty();
    assertThat(qrels.labelsPerSource()).isEmpty();
    assertThat(qrels.subtopics()).isNull();
    assertThat(qrels.origin()).isSameAs(Origin.NONE);
  }

  @Test
  void string_index_finds_every_key_as_it_grows_and_nothing_else() {
    String[] keys = new String[3000];
    StringIndex index = new StringIndex(1);
    for (int i = 0; i < keys.length; i++) {
      keys[i] = i % 2 == 0 ? "k" + i : (i % 4 == 1 ? "Aa" : "BB") + i / 4; // "Aa0" and "BB0" collide, and so on
      index.add(keys, i);
      assertThat(index.indexOf(keys, keys[i])).isEqualTo(i);
    }
    for (int i = 0; i < keys.length; i++) {
      assertThat(index.indexOf(keys, keys[i])).isEqualTo(i);
    }
    assertThat(index.indexOf(keys, "k1")).isEqualTo(-1);
    assertThat(index.capacity()).as("at most half full").isBetween(2 * keys.length, 4 * keys.length);
    assertThat(StringIndex.of(keys, 10).indexOf(keys, keys[10])).isEqualTo(-1);
    assertThat(StringIndex.of(keys, 10)).hasToString("StringIndex[10 keys in 32 slots]");
  }
}
