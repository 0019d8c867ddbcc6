package dev.caliber.protocol;

import dev.caliber.error.Location;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Relevance judgments: query ID to (document ID to integer label), in input order. A missing cell
 * is not a 0: whether an unjudged document is an error or non-relevant is the protocol's decision,
 * not this container's.
 *
 * <p>Held as columns: the judgments grouped by query in one array each of document IDs, labels
 * and (when read from a line file) line numbers, with one hash table over the query IDs and one
 * over (query, document) pairs. Qrels of 100,000 queries (MS MARCO's training qrels have
 * 500,000) held as a hash map of maps cost about 380 bytes a query, and as much again in garbage
 * while they were read; as columns about 120, most of it the ID strings themselves. {@link #row}
 * and {@link #asMap} hand out unmodifiable views, made on each call.
 */
public final class Qrels {
  private final String[] queries;
  private final StringIndex queryIndex;
  /** Query i's judgments are {@code [start[i], start[i + 1])}. */
  private final int[] start;
  private final String[] docs;
  private final int[] labels;
  /** The line of each judgment, or null when not read from a line file. */
  private final int[] lines;
  private final PairIndex pairs;
  private final Origin origin;
  private final AllRows all = new AllRows();

  private Qrels(Builder b, String lineSource, Origin origin) {
    int nq = b.queryCount;
    int nj = b.size;
    queries = Arrays.copyOf(b.queries, nq);
    queryIndex = StringIndex.of(queries, nq);
    start = new int[nq + 1];
    for (int j = 0; j < nj; j++) {
      start[b.queryOf[j] + 1]++;
    }
    for (int i = 0; i < nq; i++) {
      start[i + 1] += start[i];
    }
    // A stable counting sort by query: file order within each query, queries in order of first
    // appearance. Judgments of a file grouped by query (the usual case) do not move.
    int[] next = Arrays.copyOf(start, nq);
    docs = new String[nj];
    labels = new int[nj];
    lines = lineSource == null ? null : new int[nj];
    for (int j = 0; j < nj; j++) {
      int to = next[b.queryOf[j]]++;
      docs[to] = b.docs[j];
      labels[to] = b.labels[j];
      if (lines != null) {
        lines[to] = b.lines[j];
      }
    }
    pairs = new PairIndex(nj);
    for (int i = 0; i < nq; i++) {
      for (int j = start[i]; j < start[i + 1]; j++) {
        pairs.add(i, docs, j);
      }
    }
    this.origin = lineSource == null ? origin : new JudgmentLines(lineSource);
  }

  /**
   * Judgments in the given order (deep-copied).
   *
   * @throws NullPointerException for a null query ID, row, document ID or label
   */
  public static Qrels of(Map<String, ? extends Map<String, Integer>> labels, Origin origin) {
    Objects.requireNonNull(labels, "labels");
    Builder b = new Builder();
    labels.forEach((q, row) -> {
      int i = b.query(Objects.requireNonNull(q, "query ID"));
      Objects.requireNonNull(row, "row").forEach((d, label) ->
          b.add(i, Objects.requireNonNull(d, "document ID"), Objects.requireNonNull(label, "label"), 0));
    });
    return new Qrels(b, null, Objects.requireNonNull(origin, "origin"));
  }

  /** Judgments built in code. */
  public static Qrels of(Map<String, ? extends Map<String, Integer>> labels) {
    return of(labels, Origin.NONE);
  }

  /** The judged row of a query (document ID to label, in input order), or null when the query has none. */
  public Map<String, Integer> row(String queryId) {
    int i = queryId == null ? -1 : queryIndex.indexOf(queries, queryId);
    return i < 0 ? null : new Row(i);
  }

  /** The judged query IDs in input order, unmodifiable. */
  public List<String> queryIds() {
    return Collections.unmodifiableList(Arrays.asList(queries));
  }

  /** Query to row, in input order, unmodifiable. */
  public Map<String, Map<String, Integer>> asMap() {
    return all;
  }

  /** Where each judgment came from. */
  public Origin origin() {
    return origin;
  }

  /** The number of judged queries. */
  public int queryCount() {
    return queries.length;
  }

  /** The number of judgments. */
  public int size() {
    return docs.length;
  }

  @Override
  public String toString() {
    return "Qrels[" + queries.length + " queries, " + docs.length + " judgments]";
  }

  /**
   * Collects judgments one at a time, as a reader finds them, in columns: no object per judgment
   * beyond its document ID. A query's judgments need not be consecutive. Whether a repeated
   * (query, document) pair is an error, and in which words, is the caller's decision: {@link #add}
   * reports it and keeps the first.
   */
  public static final class Builder {
    private String[] queries = new String[16];
    private int queryCount;
    private final StringIndex queryIndex = new StringIndex(16);
    private int[] queryOf = new int[16];
    private String[] docs = new String[16];
    private int[] labels = new int[16];
    private int[] lines = new int[16];
    private int size;
    private final PairIndex pairs = new PairIndex(16);

    /** An empty builder. */
    public Builder() {}

    /** The position of a query, added (with no judgments yet) when new. */
    public int query(String queryId) {
      int i = queryIndex.indexOf(queries, queryId);
      if (i >= 0) {
        return i;
      }
      if (queryCount == queries.length) {
        queries = Arrays.copyOf(queries, queryCount * 2);
      }
      queries[queryCount] = queryId;
      queryIndex.add(queries, queryCount);
      return queryCount++;
    }

    /** Whether the query has been added. */
    public boolean hasQuery(String queryId) {
      return queryIndex.indexOf(queries, queryId) >= 0;
    }

    /** The number of queries added. */
    public int queryCount() {
      return queryCount;
    }

    /** The query at a position. */
    public String queryId(int query) {
      Objects.checkIndex(query, queryCount);
      return queries[query];
    }

    /**
     * Adds a judgment of query {@code query} (a position from {@link #query}), unless that query
     * already judges {@code doc}.
     *
     * @param line the line it was read from (kept only by {@link #build(String)})
     * @return -1 when added, else the index of the earlier judgment of the pair (see {@link
     *     #label(int)} and {@link #line(int)}), and nothing is added
     */
    public int add(int query, String doc, int label, int line) {
      Objects.checkIndex(query, queryCount);
      Objects.requireNonNull(doc, "doc");
      if (size == docs.length) {
        int n = size * 2;
        queryOf = Arrays.copyOf(queryOf, n);
        docs = Arrays.copyOf(docs, n);
        labels = Arrays.copyOf(labels, n);
        lines = Arrays.copyOf(lines, n);
      }
      int earlier = pairs.find(query, doc, queryOf, docs);
      if (earlier >= 0) {
        return earlier;
      }
      queryOf[size] = query;
      docs[size] = doc;
      labels[size] = label;
      lines[size] = line;
      pairs.addGrowing(query, docs, queryOf, size);
      size++;
      return -1;
    }

    /** The label of the judgment at an index {@link #add} returned. */
    public int label(int judgment) {
      Objects.checkIndex(judgment, size);
      return labels[judgment];
    }

    /** The line of the judgment at an index {@link #add} returned. */
    public int line(int judgment) {
      Objects.checkIndex(judgment, size);
      return lines[judgment];
    }

    /** The number of judgments added. */
    public int size() {
      return size;
    }

    /**
     * The judgments, with their lines: {@code origin().locate(q)} is the line of q's first
     * judgment, {@code locate(q, doc)} the line of that judgment, and any other path the file.
     */
    public Qrels build(String source) {
      return new Qrels(this, Objects.requireNonNull(source, "source"), null);
    }

    /** The judgments, located by {@code origin}; lines are dropped. */
    public Qrels build(Origin origin) {
      return new Qrels(this, null, Objects.requireNonNull(origin, "origin"));
    }
  }

  /**
   * Open addressing over (query position, document ID) pairs: the index of the judgment, found
   * without a map per query.
   */
  private static final class PairIndex {
    private int[] slots; // 0 = empty, else judgment index + 1
    private int size;

    PairIndex(int expected) {
      slots = new int[Integer.highestOneBit(Math.max(expected, 2) * 2 - 1) << 1];
    }

    private static int hash(int query, String doc) {
      return StringIndex.spread(doc.hashCode() + query * 0x61C88647);
    }

    /** For the finished table, where every query's documents are distinct. */
    void add(int query, String[] docs, int judgment) {
      place(hash(query, docs[judgment]), judgment);
      size++;
    }

    /** For the builder, which grows. */
    void addGrowing(int query, String[] docs, int[] queryOf, int judgment) {
      if (2 * (size + 1) > slots.length) {
        int[] old = slots;
        slots = new int[old.length * 2];
        for (int s : old) {
          if (s != 0) {
            place(hash(queryOf[s - 1], docs[s - 1]), s - 1);
          }
        }
      }
      place(hash(query, docs[judgment]), judgment);
      size++;
    }

    private void place(int h, int judgment) {
      int mask = slots.length - 1;
      int slot = h & mask;
      while (slots[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      slots[slot] = judgment + 1;
    }

    /** The judgment of the pair, or -1; {@code queryOf} gives each judgment's query. */
    int find(int query, String doc, int[] queryOf, String[] docs) {
      int mask = slots.length - 1;
      for (int slot = hash(query, doc) & mask; slots[slot] != 0; slot = (slot + 1) & mask) {
        int j = slots[slot] - 1;
        if (queryOf[j] == query && docs[j].equals(doc)) {
          return j;
        }
      }
      return -1;
    }

    /** The same, for the finished table, where judgments are grouped by query. */
    int find(int query, String doc, int from, int to, String[] docs) {
      int mask = slots.length - 1;
      for (int slot = hash(query, doc) & mask; slots[slot] != 0; slot = (slot + 1) & mask) {
        int j = slots[slot] - 1;
        if (j >= from && j < to && docs[j].equals(doc)) {
          return j;
        }
      }
      return -1;
    }
  }

  private int find(int query, Object doc) {
    return doc instanceof String d ? pairs.find(query, d, start[query], start[query + 1], docs) : -1;
  }

  /** The lines of a file's judgments. */
  private final class JudgmentLines implements Origin {
    private final String source;

    JudgmentLines(String source) {
      this.source = source;
    }

    @Override
    public Location locate(Object... path) {
      if (path.length >= 1 && path[0] instanceof String q) {
        int i = queryIndex.indexOf(queries, q);
        if (i >= 0 && path.length == 1 && start[i] < start[i + 1]) {
          return Location.ofLine(source, lines[start[i]]);
        }
        int j = i >= 0 && path.length == 2 ? find(i, path[1]) : -1;
        if (j >= 0) {
          return Location.ofLine(source, lines[j]);
        }
      }
      return Location.ofFile(source);
    }
  }

  /** One query's judgments. */
  private final class Row extends AbstractMap<String, Integer> {
    private final int query;

    Row(int query) {
      this.query = query;
    }

    @Override
    public int size() {
      return start[query + 1] - start[query];
    }

    @Override
    public boolean isEmpty() {
      return size() == 0;
    }

    @Override
    public boolean containsKey(Object key) {
      return find(query, key) >= 0;
    }

    @Override
    public Integer get(Object key) {
      int j = find(query, key);
      return j < 0 ? null : labels[j];
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super Integer> action) {
      for (int j = start[query], end = start[query + 1]; j < end; j++) {
        action.accept(docs[j], labels[j]);
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
            private int j = start[query];

            @Override
            public boolean hasNext() {
              return j < start[query + 1];
            }

            @Override
            public Map.Entry<String, Integer> next() {
              if (!hasNext()) {
                throw new NoSuchElementException();
              }
              Map.Entry<String, Integer> e = new SimpleImmutableEntry<>(docs[j], labels[j]);
              j++;
              return e;
            }
          };
        }
      };
    }
  }

  /** Every query's row. */
  private final class AllRows extends AbstractMap<String, Map<String, Integer>> {
    @Override
    public int size() {
      return queries.length;
    }

    @Override
    public boolean containsKey(Object key) {
      return key instanceof String q && queryIndex.indexOf(queries, q) >= 0;
    }

    @Override
    public Map<String, Integer> get(Object key) {
      return key instanceof String q ? row(q) : null;
    }

    @Override
    public Set<String> keySet() {
      return new AbstractSet<>() {
        @Override
        public Iterator<String> iterator() {
          return queryIds().iterator();
        }

        @Override
        public int size() {
          return queries.length;
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
          return queries.length;
        }

        @Override
        public Iterator<Map.Entry<String, Map<String, Integer>>> iterator() {
          return new Iterator<>() {
            private int i;

            @Override
            public boolean hasNext() {
              return i < queries.length;
            }

            @Override
            public Map.Entry<String, Map<String, Integer>> next() {
              if (!hasNext()) {
                throw new NoSuchElementException();
              }
              Map.Entry<String, Map<String, Integer>> e = new SimpleImmutableEntry<>(queries[i], new Row(i));
              i++;
              return e;
            }
          };
        }
      };
    }
  }
}
