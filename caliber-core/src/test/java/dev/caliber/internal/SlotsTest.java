package dev.caliber.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The one open-addressing scheme: placement, probing, capacity. */
class SlotsTest {
  @Test
  void a_table_is_a_power_of_two_at_least_twice_its_keys_and_at_least_four() {
    assertThat(Slots.capacity(0)).isEqualTo(4);
    assertThat(Slots.capacity(1)).isEqualTo(4);
    assertThat(Slots.capacity(2)).isEqualTo(4);
    assertThat(Slots.capacity(3)).isEqualTo(8);
    assertThat(Slots.capacity(4)).isEqualTo(8);
    assertThat(Slots.capacity(5)).isEqualTo(16);
    assertThat(Slots.capacity(1000)).isEqualTo(2048);
    assertThat(Slots.forKeys(5)).hasSize(16).containsOnly(0);
  }

  @Test
  void colliding_hashes_probe_to_the_next_free_slot_and_wrap_around() {
    int[] t = Slots.forKeys(2); // 4 slots
    Slots.put(t, 3, 7);
    Slots.put(t, 3, 8); // slot 3 taken: wraps to 0
    Slots.put(t, 7, 9); // 7 & 3 = 3: then 0, then 1
    assertThat(t).containsExactly(9, 10, 0, 8);
    assertThat(Slots.first(t, 3)).isEqualTo(3);
    assertThat(Slots.next(t, 3)).isZero();
    assertThat(Slots.taken(t, 2)).isFalse();
    assertThat(Slots.position(t, 0)).isEqualTo(8);
    assertThat(Slots.position(t, 1)).isEqualTo(9);
  }

  /** Every key placed is found along its probe sequence, before an empty slot, with its own position. */
  @Property
  void every_placed_position_is_found_from_its_hash(@ForAll @Size(max = 300) List<@IntRange(min = -50, max = 50) Integer> hashes) {
    int[] t = Slots.forKeys(hashes.size());
    for (int i = 0; i < hashes.size(); i++) {
      Slots.put(t, hashes.get(i), i);
    }
    Map<Integer, List<Integer>> found = new HashMap<>();
    for (int i = 0; i < hashes.size(); i++) {
      List<Integer> seen = new ArrayList<>();
      for (int s = Slots.first(t, hashes.get(i)); Slots.taken(t, s); s = Slots.next(t, s)) {
        seen.add(Slots.position(t, s));
      }
      assertThat(seen).contains(i);
      found.put(i, seen);
    }
    long taken = java.util.Arrays.stream(t).filter(x -> x != 0).count();
    assertThat(taken).isEqualTo(hashes.size());
    assertThat(2L * hashes.size()).isLessThanOrEqualTo(Math.max(4, t.length));
  }
}
