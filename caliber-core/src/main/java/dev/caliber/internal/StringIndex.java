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
  private int[] slots; // a Slots table
  private int size;

  /** An empty index sized for about {@code expected} keys. */
  public StringIndex(int expected) {
    slots = Slots.forKeys(Math.max(expected, 4));
  }

  /** An index of {@code keys[0, n)}, which must be distinct. */
  public static StringIndex of(String[] keys, int n) {
    StringIndex index = new StringIndex(n);
    for (int i = 0; i < n; i++) {
      index.add(keys, i);
    }
    return index;
  }

  /** The position of {@code key} among {@code keys}, or -1. */
  public int indexOf(String[] keys, String key) {
    for (int slot = Slots.first(slots, spread(key.hashCode())); Slots.taken(slots, slot); slot = Slots.next(slots, slot)) {
      int i = Slots.position(slots, slot);
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
      for (int s = 0; s < old.length; s++) {
        if (Slots.taken(old, s)) {
          place(keys[Slots.position(old, s)], Slots.position(old, s));
        }
      }
    }
    place(keys[position], position);
    size++;
  }

  private void place(String key, int position) {
    Slots.put(slots, spread(key.hashCode()), position);
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
