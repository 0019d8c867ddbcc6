package dev.caliber.internal;


import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompactMapTest {
  @Test
  void should_keep_insertion_order_values_and_equality_of_the_map_it_copies() {
    for (int size : new int[] {0, 1, 8, 9, 100}) {
      // GIVEN
      Map<String, Integer> source = new LinkedHashMap<>();
      for (int i = size - 1; i >= 0; i--) {
        source.put("d" + i, i % 3 == 0 ? null : i);
      }
      // WHEN
      Map<String, Integer> copy = CompactMap.copyOf(source);
      // THEN
      assertThat(List.copyOf(copy.keySet())).containsExactlyElementsOf(source.keySet());
      assertThat(copy).isEqualTo(source).hasSameHashCodeAs(source).hasSize(size);
      for (int i = 0; i < size; i++) {
        assertThat(copy.get("d" + i)).isEqualTo(source.get("d" + i));
        assertThat(copy.containsKey("d" + i)).isTrue();
      }
      assertThat(copy.get("absent")).isNull();
      assertThat(copy.containsKey("absent")).isFalse();
      assertThat(copy.containsKey(null)).isFalse();
    }
  }

  @Test
  void should_be_unmodifiable_and_reject_null_keys() {
    Map<String, Integer> copy = CompactMap.copyOf(Map.of("a", 1));
    assertThatThrownBy(() -> copy.put("b", 2)).isInstanceOf(UnsupportedOperationException.class);
    Map<String, Integer> withNull = new HashMap<>();
    withNull.put(null, 1);
    assertThatThrownBy(() -> CompactMap.copyOf(withNull)).isInstanceOf(NullPointerException.class).hasMessage("key");
  }
}
