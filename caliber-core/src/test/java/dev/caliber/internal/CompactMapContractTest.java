package dev.caliber.internal;


import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.caliber.protocol.Qrels;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

/** {@link CompactMap#withKeys}, its entry set, and {@link Qrels} rows given as compact maps. */
class CompactMapContractTest {
  @Test
  void should_map_shared_keys_to_their_values_in_order() {
    String[] keys = {"a", "b", "c"};
    Map<String, Integer> m = CompactMap.withKeys(keys, new Integer[] {1, null, 3});
    assertThat(List.copyOf(m.keySet())).containsExactly("a", "b", "c");
    assertThat(m).containsEntry("a", 1).containsEntry("b", null).containsEntry("c", 3).hasSize(3);
    assertThat(m.entrySet()).hasSize(3);
    List<String> seen = new ArrayList<>();
    m.forEach((k, v) -> seen.add(k + "=" + v));
    assertThat(seen).containsExactly("a=1", "b=null", "c=3");
  }

  @Test
  void should_reject_keys_and_values_of_different_lengths_and_null_keys() {
    assertThatThrownBy(() -> CompactMap.withKeys(new String[] {"a", "b"}, new Integer[] {1}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal lengths 2 and 1, must be equal");
    assertThatThrownBy(() -> CompactMap.withKeys(new String[] {"a", null}, new Integer[] {1, 2}))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("key");
  }

  @Test
  void should_end_its_entry_iteration_with_no_such_element() {
    for (int size : new int[] {0, 2, 12}) {
      Map<String, Integer> source = new LinkedHashMap<>();
      for (int i = 0; i < size; i++) {
        source.put("k" + i, i);
      }
      Iterator<Map.Entry<String, Integer>> it = CompactMap.copyOf(source).entrySet().iterator();
      for (int i = 0; i < size; i++) {
        assertThat(it.next()).isEqualTo(Map.entry("k" + i, i));
      }
      assertThat(it.hasNext()).isFalse();
      assertThatThrownBy(it::next).isInstanceOf(NoSuchElementException.class);
    }
  }

  @Test
  void should_find_colliding_keys_among_many() {
    // GIVEN "Aa" and "BB" (the same String hash), and enough keys for the hash index
    Map<String, Integer> source = new LinkedHashMap<>();
    source.put("Aa", 1);
    for (int i = 0; i < 20; i++) {
      source.put("x" + i, i);
    }
    source.put("BB", 2);
    Map<String, Integer> copy = CompactMap.copyOf(source);
    assertThat(copy.get("Aa")).isEqualTo(1);
    assertThat(copy.get("BB")).isEqualTo(2);
    assertThat(copy.get("C#")).isNull();
    assertThat(copy).isEqualTo(source);
  }

  @Test
  void should_reject_a_compact_row_with_a_null_label_in_qrels() {
    Map<String, Integer> row = CompactMap.withKeys(new String[] {"d1", "d2"}, new Integer[] {1, null});
    assertThatThrownBy(() -> Qrels.of(Map.of("q", row)))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("label");
    Map<String, Integer> good = CompactMap.withKeys(new String[] {"d1"}, new Integer[] {1});
    assertThat(Qrels.of(Map.of("q", good)).row("q")).isEqualTo(Map.of("d1", 1));
  }
}
