package dev.caliber.eval;

import dev.caliber.io.TrecRunStream;
import dev.caliber.io.text.Fields;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/** A query's judgments keyed by the UTF-8 bytes of the document IDs. */
final class JudgedTable {
  private static final JudgedTable EMPTY = new JudgedTable(new byte[0][], new int[0], new int[0], new int[1], new int[0]);

  final byte[][] docs;
  final int[] labels;
  /** Each judged ID's hash, compared before its bytes. */
  private final int[] hashes;
  private final int[] slots;
  final int[] allLabels;

  private JudgedTable(byte[][] docs, int[] labels, int[] hashes, int[] slots, int[] allLabels) {
    this.docs = docs;
    this.labels = labels;
    this.hashes = hashes;
    this.slots = slots;
    this.allLabels = allLabels;
  }

  static JudgedTable of(Map<String, Integer> row) {
    if (row == null || row.isEmpty()) {
      return EMPTY;
    }
    int j = row.size();
    byte[][] docs = new byte[j][];
    int[] labels = new int[j];
    int[] hashes = new int[j];
    int[] slots = new int[Math.max(4, Integer.highestOneBit(j) * 4)];
    int mask = slots.length - 1;
    int i = 0;
    for (Map.Entry<String, Integer> e : row.entrySet()) {
      docs[i] = e.getKey().getBytes(StandardCharsets.UTF_8);
      labels[i] = e.getValue();
      hashes[i] = TrecRunStream.ParsedBlock.hash(docs[i], 0, docs[i].length);
      int slot = hashes[i] & mask;
      while (slots[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      slots[slot] = i + 1;
      i++;
    }
    return new JudgedTable(docs, labels, hashes, slots, labels);
  }

  /** The index of the judgment of {@code b[from, to)} (hash {@code h}), or -1. */
  int find(byte[] b, int from, int to, int h) {
    int mask = slots.length - 1;
    int slot = h & mask;
    while (slots[slot] != 0) {
      int i = slots[slot] - 1;
      if (hashes[i] == h && Fields.same(b, from, to, docs[i], 0, docs[i].length)) {
        return i;
      }
      slot = (slot + 1) & mask;
    }
    return -1;
  }
}
