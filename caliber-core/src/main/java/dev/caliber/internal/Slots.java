package dev.caliber.internal;

/**
 * caliber's one open-addressing scheme, for every hash index it keeps (query IDs, judgments, a
 * ranking's documents, a row's measures): a table is an {@code int[]} whose length is a power of
 * two, a slot holds a position plus one (0 is empty), and a key's probe sequence starts at its
 * hash's low bits and steps by one. Positions index the caller's own arrays, so keys are stored
 * once, where they already are; the caller compares keys, this class only places and walks.
 *
 * <p>Hand-written rather than a library map because a {@link java.util.HashMap} from a key to a
 * boxed position costs about 50 bytes an entry against 8 here, and evaluations index hundreds of
 * thousands of IDs; the methods are static and small so that a JIT inlines them into each loop.
 *
 * <p>A lookup reads:
 *
 * <pre>{@code
 * for (int s = Slots.first(table, h); Slots.taken(table, s); s = Slots.next(table, s)) {
 *   int i = Slots.position(table, s);
 *   if (matches(i)) return i;
 * }
 * return -1;
 * }</pre>
 */
public final class Slots {
  private Slots() {}

  /** A table for {@code n} keys that stays at most half full: a power of two at least 2n, and at least 4. */
  public static int[] forKeys(int n) {
    return new int[capacity(n)];
  }

  /** The length {@link #forKeys} gives for {@code n} keys. */
  public static int capacity(int n) {
    return Integer.highestOneBit(Math.max(n, 2) * 2 - 1) << 1;
  }

  /** The first slot of the probe sequence of hash {@code h}. */
  public static int first(int[] table, int h) {
    return h & (table.length - 1);
  }

  /** The slot after {@code slot} in every probe sequence. */
  public static int next(int[] table, int slot) {
    return (slot + 1) & (table.length - 1);
  }

  /** Whether {@code slot} holds a position. */
  public static boolean taken(int[] table, int slot) {
    return table[slot] != 0;
  }

  /** The position held at {@code slot} (which must be {@link #taken}). */
  public static int position(int[] table, int slot) {
    return table[slot] - 1;
  }

  /** Stores {@code position} (at least 0) in the first free slot of hash {@code h}'s probe sequence. */
  public static void put(int[] table, int h, int position) {
    int s = first(table, h);
    while (taken(table, s)) {
      s = next(table, s);
    }
    table[s] = position + 1;
  }
}
