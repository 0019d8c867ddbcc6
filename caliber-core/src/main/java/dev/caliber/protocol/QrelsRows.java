package dev.caliber.protocol;

import dev.caliber.internal.QrelsColumns;
import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The map views of {@link Qrels}: one query's row ({@link Qrels#row}) and every row ({@link
 * Qrels#asMap}), unmodifiable and made as they are read from its columns ({@link QrelsColumns}).
 */
final class QrelsRows {
  private QrelsRows() {}

  /** One query's judgments. */
  static final class Row extends AbstractMap<String, Integer> {
    private final QrelsColumns q;
    private final int query;

    Row(QrelsColumns q, int query) {
      this.q = q;
      this.query = query;
    }

    @Override
    public int size() {
      return q.judgmentsTo(query) - q.judgmentsFrom(query);
    }

    @Override
    public boolean isEmpty() {
      return size() == 0;
    }

    @Override
    public boolean containsKey(Object key) {
      return q.find(query, key) >= 0;
    }

    @Override
    public Integer get(Object key) {
      int j = q.find(query, key);
      return j < 0 ? null : q.label(j);
    }

    @Override
    public Collection<Integer> values() {
      return new AbstractCollection<>() {
        @Override
        public Iterator<Integer> iterator() {
          return java.util.stream.IntStream.range(q.judgmentsFrom(query), q.judgmentsTo(query)).map(q::label).iterator();
        }

        @Override
        public int size() {
          return Row.this.size();
        }
      };
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super Integer> action) {
      for (int j = q.judgmentsFrom(query), end = q.judgmentsTo(query); j < end; j++) {
        action.accept(q.docId(j), q.label(j));
      }
    }

    @Override
    public Set<Map.Entry<String, Integer>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public int size() {
          return Row.this.size();
        }

        @Override
        public Iterator<Map.Entry<String, Integer>> iterator() {
          return new Iterator<>() {
            private int j = q.judgmentsFrom(query);

            @Override
            public boolean hasNext() {
              return j < q.judgmentsTo(query);
            }

            @Override
            public Map.Entry<String, Integer> next() {
              if (!hasNext()) {
                throw new NoSuchElementException();
              }
              Map.Entry<String, Integer> e = new SimpleImmutableEntry<>(q.docId(j), q.label(j));
              j++;
              return e;
            }
          };
        }
      };
    }
  }

  /** Every query's row. */
  static final class All extends AbstractMap<String, Map<String, Integer>> {
    private final QrelsColumns q;

    All(QrelsColumns q) {
      this.q = q;
    }

    @Override
    public int size() {
      return q.queryCount();
    }

    @Override
    public boolean containsKey(Object key) {
      return key instanceof String id && q.queryPosition(id) >= 0;
    }

    @Override
    public Map<String, Integer> get(Object key) {
      int i = key instanceof String id ? q.queryPosition(id) : -1;
      return i < 0 ? null : new Row(q, i);
    }

    @Override
    public Set<String> keySet() {
      return new AbstractSet<>() {
        @Override
        public Iterator<String> iterator() {
          return q.queryIds().iterator();
        }

        @Override
        public int size() {
          return q.queryCount();
        }

        @Override
        public boolean contains(Object o) {
          return containsKey(o);
        }
      };
    }

    @Override
    public Set<Map.Entry<String, Map<String, Integer>>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public int size() {
          return q.queryCount();
        }

        @Override
        public Iterator<Map.Entry<String, Map<String, Integer>>> iterator() {
          return new Iterator<>() {
            private int i;

            @Override
            public boolean hasNext() {
              return i < q.queryCount();
            }

            @Override
            public Map.Entry<String, Map<String, Integer>> next() {
              if (!hasNext()) {
                throw new NoSuchElementException();
              }
              Map.Entry<String, Map<String, Integer>> e = new SimpleImmutableEntry<>(q.queryIds().get(i), new Row(q, i));
              i++;
              return e;
            }
          };
        }
      };
    }
  }
}
