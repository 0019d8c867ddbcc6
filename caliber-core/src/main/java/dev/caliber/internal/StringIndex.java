package dev.caliber.internal;

/**
 * The position of each string of an array, found by open addressing over one {@code int[]}: about
 * 8 bytes a key where a {@link java.util.HashMap} from string to boxed position costs about 50.
 * Evaluations at scale index 100,000 query IDs and more, so this is worth its few lines.
 *
 * <p>Grows as keys are added ({@link #add}); the caller owns the key array and passes it to each
 * call, so that keys are stored once. Keys must be distinct and non-null.
 */
public final class StringIndex {
  private int[] slots; // 0 = empty, else position + 1
  private int size;

  /** An empty index sized for about {@code expected} keys. */
  public StringIndex(int expected) {
    slots = new int[capacityFor(Math.max(expected, 4))];
  }

  /** An index of {@code keys[0, n)}, which must be distinct. */
  public static StringIndex of(String[] keys, int n) {
    StringIndex index = new StringIndex(n);
    for (int i = 0; i < n; i++) {
      index.add(keys, i);
    }
    return index;
  }

  private static int capacityFor(int n) {
    // A power of two at least twice n: probes stay short.
    return Integer.highestOneBit(Math.max(n, 2) * 2 - 1) << 1;
  }

  /** The position of {@code key} among {@code keys}, or -1. */
  public int indexOf(String[] keys, String key) {
    int mask = slots.length - 1;
    for (int slot = spread(key.hashCode()) & mask; slots[slot] != 0; slot = (slot + 1) & mask) {
      int i = slots[slot] - 1;
      if (keys[i].equals(key)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Indexes {@code keys[position]}, which must not be indexed yet under another position.
   *
   * @param keys the caller's array, the same at every call (it may have been replaced by a larger
   *     copy holding the same keys)
   */
  public void add(String[] keys, int position) {
    if (2 * (size + 1) > slots.length) {
      int[] old = slots;
      slots = new int[old.length * 2];
      for (int s : old) {
        if (s != 0) {
          place(keys[s - 1], s - 1);
        }
      }
    }
    place(keys[position], position);
    size++;
  }

  private void place(String key, int position) {
    int mask = slots.length - 1;
    int slot = spread(key.hashCode()) & mask;
    while (slots[slot] != 0) {
      slot = (slot + 1) & mask;
    }
    slots[slot] = position + 1;
  }

  /** Spreads a string hash over the low bits that index a table: neighbouring hashes land far apart. */
  public static int spread(int h) {
    h *= 0x9E3779B9; // Fibonacci hashing: neighbouring hashes ("q1", "q2") land far apart
    return h ^ (h >>> 16);
  }

  @Override
  public String toString() {
    return "StringIndex[" + size + " keys in " + slots.length + " slots]";
  }

  /** The number of slots, for tests of the load factor. */
  public int capacity() {
    return slots.length;
  }
}
