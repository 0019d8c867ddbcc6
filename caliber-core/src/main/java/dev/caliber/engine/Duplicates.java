package dev.caliber.engine;

import dev.caliber.internal.Slots;
import dev.caliber.io.text.EntryBlock;
import dev.caliber.io.text.Fields;
import java.util.Arrays;

/**
 * Finds a document ranked twice for one query of an {@link EntryBlock}: the first repetition in
 * file order (the one whose second line comes first). One table of the query's entries, by the
 * hashes the block was written with, serves query after query without being cleared.
 *
 * <p>Not thread-safe: one per scorer.
 */
final class Duplicates {
  /** The table's first size, and the size it returns to after a long query. */
  private static final int TABLE_SLOTS = 2048;
  private int[] table = new int[TABLE_SLOTS];
  private int[] stamps = new int[TABLE_SLOTS];
  private int generation;
  private int entry;
  private int firstEntry;

  /**
   * Whether the query's {@code n} entries from {@code from} rank a document twice; then {@link
   * #entry()} and {@link #firstEntry()} say where. The table walks {@link Slots}' probe sequences,
   * but a slot is taken when it carries this query's stamp, so that it needs no clearing.
   */
  boolean find(EntryBlock block, int from, int n) {
    int size = Slots.capacity(Math.max(8, n));
    // Grown for one long query, the table shrinks again, so that what a worker keeps does not
    // depend on the longest query it has seen.
    if (table.length < size || oversized(size)) {
      table = new int[size];
      stamps = new int[size];
    }
    int stamp = ++generation; // a slot is taken when it carries this query's stamp: no clearing
    if (stamp == 0) {
      Arrays.fill(stamps, 0);
      stamp = generation = 1;
    }
    byte[] data = block.data();
    int[] ds = block.docStarts();
    int[] de = block.docEnds();
    int[] hashes = block.docHashes();
    for (int i = 0; i < n; i++) {
      int e = from + i;
      int slot = Slots.first(table, hashes[e]);
      while (stamps[slot] == stamp) {
        int j = from + table[slot];
        if (hashes[j] == hashes[e] && Fields.same(data, ds[e], de[e], data, ds[j], de[j])) {
          entry = i;
          firstEntry = j - from;
          return true;
        }
        slot = Slots.next(table, slot);
      }
      table[slot] = i;
      stamps[slot] = stamp;
    }
    return false;
  }

  /** The repetition the last {@link #find} found: its entry, 0-based within the query. */
  int entry() {
    return entry;
  }

  /** The first occurrence of the document the last {@link #find} found repeated: its entry within the query. */
  int firstEntry() {
    return firstEntry;
  }

  /** Whether the table, grown for a long query, is far larger than {@code needed} slots. */
  private boolean oversized(int needed) {
    return table.length > (1 << 16) && table.length > 16 * needed;
  }

  /** Lets go of a table grown for one long query, so that a kept scorer stays small. */
  void trim() {
    if (oversized(Slots.capacity(8))) {
      table = new int[TABLE_SLOTS];
      stamps = new int[TABLE_SLOTS];
    }
  }
}
