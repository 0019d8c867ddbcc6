package dev.caliber.internal;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * An unmodifiable map in insertion order over two arrays (and, beyond {@value #LINEAR} entries, an
 * open-addressing index), null values allowed, null keys not. Evaluations at scale hold one per
 * query for the judgments and a few per row of results: 100,000 queries hold 100,000 of each,
 * where a {@link java.util.LinkedHashMap} behind an unmodifiable view costs several times the
 * memory. Small maps are searched linearly, which is also faster than hashing for a few keys.
 */
public final class CompactMap<K, V> extends AbstractMap<K, V> {
  private static final int LINEAR = 8;
  private static final CompactMap<Object, Object> EMPTY = new CompactMap<>(new Object[0], new Object[0]);

  private final Object[] keys;
  private final Object[] values;
  private final int[] index;

  private CompactMap(Object[] keys, Object[] values) {
    this.keys = keys;
    this.values = values;
    if (keys.length <= LINEAR) {
      this.index = null;
      return;
    }
    int[] slots = Slots.forKeys(keys.length);
    for (int i = 0; i < keys.length; i++) {
      Slots.put(slots, spread(keys[i].hashCode()), i);
    }
    this.index = slots;
  }

  private static int spread(int h) {
    return h ^ (h >>> 16);
  }

  /**
   * A copy of {@code m} in its iteration order.
   *
   * @throws NullPointerException if a key is null
   */
  @SuppressWarnings("unchecked")
  public static <K, V> Map<K, V> copyOf(Map<? extends K, ? extends V> m) {
    if (m instanceof CompactMap<?, ?> c) {
      return (Map<K, V>) c;
    }
    if (m.isEmpty()) {
      return (Map<K, V>) EMPTY;
    }
    Object[] k = new Object[m.size()];
    Object[] v = new Object[m.size()];
    int i = 0;
    for (Map.Entry<? extends K, ? extends V> e : m.entrySet()) {
      k[i] = java.util.Objects.requireNonNull(e.getKey(), "key");
      v[i] = e.getValue();
      i++;
    }
    return new CompactMap<>(k, v);
  }

  /**
   * A map of {@code keys[i]} to {@code values[i]}, both taken as they are, not copied: many maps
   * may share one keys array (every row of a result has the same measures). The caller gives up
   * {@code values} and must not change {@code keys}.
   *
   * @throws IllegalArgumentException if the lengths differ
   * @throws NullPointerException if a key is null
   */
  public static <K, V> Map<K, V> withKeys(K[] keys, V[] values) {
    if (keys.length != values.length) {
      throw new IllegalArgumentException("illegal lengths " + keys.length + " and " + values.length + ", must be equal");
    }
    for (K k : keys) {
      java.util.Objects.requireNonNull(k, "key");
    }
    return new CompactMap<>(keys, values);
  }

  @Override
  public int size() {
    return keys.length;
  }

  @Override
  public boolean containsKey(Object key) {
    return indexOf(key) >= 0;
  }

  @Override
  @SuppressWarnings("unchecked")
  public V get(Object key) {
    int i = indexOf(key);
    return i < 0 ? null : (V) values[i];
  }

  private int indexOf(Object key) {
    if (key == null) {
      return -1;
    }
    if (index == null) {
      for (int i = 0; i < keys.length; i++) {
        if (keys[i].equals(key)) {
          return i;
        }
      }
      return -1;
    }
    for (int slot = Slots.first(index, spread(key.hashCode())); Slots.taken(index, slot); slot = Slots.next(index, slot)) {
      int i = Slots.position(index, slot);
      if (keys[i].equals(key)) {
        return i;
      }
    }
    return -1;
  }

  @Override
  @SuppressWarnings("unchecked")
  public void forEach(java.util.function.BiConsumer<? super K, ? super V> action) {
    for (int i = 0; i < keys.length; i++) {
      action.accept((K) keys[i], (V) values[i]);
    }
  }

  @Override
  public Set<Map.Entry<K, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return keys.length;
      }

      @Override
      public Iterator<Map.Entry<K, V>> iterator() {
        return new Iterator<>() {
          private int i;

          @Override
          public boolean hasNext() {
            return i < keys.length;
          }

          @Override
          @SuppressWarnings("unchecked")
          public Map.Entry<K, V> next() {
            if (i >= keys.length) {
              throw new NoSuchElementException();
            }
            Map.Entry<K, V> e = new SimpleImmutableEntry<>((K) keys[i], (V) values[i]);
            i++;
            return e;
          }
        };
      }
    };
  }
}
