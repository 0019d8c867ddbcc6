package dev.caliber.qrels;

import dev.caliber.internal.QrelsColumns;
import dev.caliber.internal.Slots;
import dev.caliber.internal.StringIndex;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.Qrels;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Collects judgments one at a time, as a reader finds them, in columns: a document ID is kept as
 * its UTF-8 bytes, never as an object. A query's judgments need not be consecutive. Whether a
 * repeated (query, document) pair is an error, and in which words, is the caller's decision:
 * {@link #add} reports it and keeps the first. Spent by {@link #build}, which groups the columns
 * by query ({@link QrelsColumns#grouped}) and hands them to a new {@link Qrels}.
 *
 * <p>For caliber's readers (and caliber-spark's), not API: {@link Qrels#of} makes judgments in code.
 */
public final class QrelsBuilder {
  private String[] queries = new String[16];
  private int queryCount;
  private final StringIndex queryIndex = new StringIndex(16);
  private int[] queryOf = new int[16];
  private byte[] docBytes = new byte[256];
  private int[] docStart = new int[17];
  private int[] docHashes = new int[16];
  private int[] labels = new int[16];
  private int[] lines = new int[16];
  private int[] sources = new int[16];
  private String[] sourceNames = new String[4];
  private int sourceCount;
  private int labelScale = 1;
  private int size;
  private int[] pairs = new int[32];
  private boolean built;

  /** An empty builder. */
  public QrelsBuilder() {}

  /**
   * The position of a query, added (with no judgments yet) when new, so that a query can be
   * judged with no document.
   *
   * @param queryId a query ID, not null
   * @return its position, 0-based in order of first appearance, for {@link #add}
   * @throws NullPointerException if {@code queryId} is null
   */
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

  /**
   * Whether the query has been added.
   *
   * @param queryId a query ID, not null
   * @return true when {@link #query} has been called with it
   * @throws NullPointerException if {@code queryId} is null
   */
  public boolean hasQuery(String queryId) {
    return queryIndex.indexOf(queries, queryId) >= 0;
  }

  /**
   * The number of queries added.
   *
   * @return the number of distinct query IDs so far
   */
  public int queryCount() {
    return queryCount;
  }

  /**
   * The query at a position, for messages about a judgment.
   *
   * @param query a position from {@link #query}, {@code 0 <= query < queryCount()}
   * @return the query ID
   * @throws IndexOutOfBoundsException if {@code query} is out of range
   */
  public String queryId(int query) {
    Objects.checkIndex(query, queryCount);
    return queries[query];
  }

  /**
   * {@link #add(int, byte[], int, int, int, int)} with the document ID as a string.
   *
   * @param query a position from {@link #query}
   * @param doc the document ID, not null
   * @param label the label, any integer
   * @param line the line it was read from, or 0 (kept only by {@link #build(String)})
   * @return -1 when added, else the index of the earlier judgment of the pair, and nothing is
   *     added
   * @throws IndexOutOfBoundsException if {@code query} is not a position {@link #query} gave
   * @throws NullPointerException if {@code doc} is null
   */
  public int add(int query, String doc, int label, int line) {
    byte[] b = Objects.requireNonNull(doc, "doc").getBytes(StandardCharsets.UTF_8);
    return add(query, b, 0, b.length, label, line);
  }

  /**
   * Adds a judgment of query {@code query} (a position from {@link #query}) of the document
   * whose ID is the UTF-8 bytes {@code b[from, to)}, unless that query already judges it.
   *
   * @param query a position from {@link #query}
   * @param b the bytes holding the document ID, not null; copied, so the caller may reuse them
   * @param from the first byte of the ID, inclusive
   * @param to the end of the ID, exclusive; {@code from <= to <= b.length}
   * @param label the label, any integer
   * @param line the line it was read from, or 0 (kept only by {@link #build(String)})
   * @return -1 when added, else the index of the earlier judgment of the pair (see {@link
   *     #label(int)} and {@link #line(int)}), and nothing is added
   * @throws IndexOutOfBoundsException if {@code query} is not a position {@link #query} gave, or
   *     {@code [from, to)} is not within {@code b}
   */
  public int add(int query, byte[] b, int from, int to, int label, int line) {
    Objects.checkIndex(query, queryCount);
    Objects.checkFromToIndex(from, to, b.length);
    int h = QrelsColumns.hash(b, from, to);
    int ph = QrelsColumns.pairHash(query, h);
    for (int slot = Slots.first(pairs, ph); Slots.taken(pairs, slot); slot = Slots.next(pairs, slot)) {
      int j = Slots.position(pairs, slot);
      if (queryOf[j] == query && docHashes[j] == h && Arrays.equals(docBytes, docStart[j], docStart[j + 1], b, from, to)) {
        return j;
      }
    }
    if (size == labels.length) {
      int n = size * 2;
      queryOf = Arrays.copyOf(queryOf, n);
      docStart = Arrays.copyOf(docStart, n + 1);
      docHashes = Arrays.copyOf(docHashes, n);
      labels = Arrays.copyOf(labels, n);
      lines = Arrays.copyOf(lines, n);
      sources = Arrays.copyOf(sources, n);
    }
    int end = docStart[size] + (to - from);
    if (end > docBytes.length) {
      docBytes = Arrays.copyOf(docBytes, Math.max(end, docBytes.length * 2));
    }
    System.arraycopy(b, from, docBytes, docStart[size], to - from);
    docStart[size + 1] = end;
    queryOf[size] = query;
    docHashes[size] = h;
    labels[size] = label;
    lines[size] = line;
    sources[size] = -1;
    if (2 * (size + 1) > pairs.length) {
      pairs = new int[pairs.length * 2];
      for (int j = 0; j < size; j++) {
        Slots.put(pairs, QrelsColumns.pairHash(queryOf[j], docHashes[j]), j);
      }
    }
    Slots.put(pairs, ph, size);
    size++;
    return -1;
  }

  /**
   * The label of an earlier judgment, to say how a repeated pair differs.
   *
   * @param judgment an index {@link #add} returned, {@code 0 <= judgment < size()}
   * @return its label
   * @throws IndexOutOfBoundsException if {@code judgment} is out of range
   */
  public int label(int judgment) {
    Objects.checkIndex(judgment, size);
    return labels[judgment];
  }

  /**
   * The line of an earlier judgment, to name both lines of a repeated pair.
   *
   * @param judgment an index {@link #add} returned, {@code 0 <= judgment < size()}
   * @return the line given to {@link #add}, or 0
   * @throws IndexOutOfBoundsException if {@code judgment} is out of range
   */
  public int line(int judgment) {
    Objects.checkIndex(judgment, size);
    return lines[judgment];
  }

  /**
   * The number of judgments added.
   *
   * @return the count, repeated pairs not included
   */
  public int size() {
    return size;
  }

  /**
   * The index of a source, added when new. Once a source is named, every judgment must be given
   * one ({@link #source(int, int)}) before {@link #build}.
   *
   * @param name the source's name, not null
   * @return its index, 0-based in order of first appearance
   */
  public int sourceIndex(String name) {
    Objects.requireNonNull(name, "name");
    for (int i = 0; i < sourceCount; i++) {
      if (sourceNames[i].equals(name)) {
        return i;
      }
    }
    if (sourceCount == sourceNames.length) {
      sourceNames = Arrays.copyOf(sourceNames, sourceCount * 2);
    }
    sourceNames[sourceCount] = name;
    return sourceCount++;
  }

  /**
   * Sets a judgment's source.
   *
   * @param judgment an index, {@code 0 <= judgment < size()}
   * @param source an index from {@link #sourceIndex}
   * @throws IndexOutOfBoundsException if either is out of range
   */
  public void source(int judgment, int source) {
    Objects.checkIndex(judgment, size);
    Objects.checkIndex(source, sourceCount);
    sources[judgment] = source;
  }

  /**
   * A judgment's source, to say which sources label a repeated pair.
   *
   * @param judgment an index, {@code 0 <= judgment < size()}
   * @return its source's index, or -1 when none was set
   */
  public int source(int judgment) {
    Objects.checkIndex(judgment, size);
    return sources[judgment];
  }

  /**
   * A source's name.
   *
   * @param source an index from {@link #sourceIndex}
   * @return its name
   */
  public String sourceName(int source) {
    Objects.checkIndex(source, sourceCount);
    return sourceNames[source];
  }

  /**
   * Replaces a judgment's label (a reader's precedence rule: a higher source's label wins).
   *
   * @param judgment an index, {@code 0 <= judgment < size()}
   * @param label the label, in the builder's current unit ({@link #labelScale()})
   * @param line the line the new label was read from, or 0
   */
  public void relabel(int judgment, int label, int line) {
    Objects.checkIndex(judgment, size);
    labels[judgment] = label;
    lines[judgment] = line;
  }

  /**
   * The builder's label unit: labels given to {@link #add} count {@code 1/labelScale()}.
   *
   * @return 1 until {@link #rescale} is called
   */
  public int labelScale() {
    return labelScale;
  }

  /**
   * Multiplies the label unit's denominator by {@code factor}, and every label so far with it,
   * for a reader that meets a label with more decimals than before.
   *
   * @param factor a power of ten, 10 or more
   * @return false, changing nothing, when a label so far or the scale would leave the int range
   * @throws IllegalArgumentException if {@code factor} is not a power of ten of 10 or more
   */
  public boolean rescale(int factor) {
    if (!canRescale(factor)) {
      return false;
    }
    for (int j = 0; j < size; j++) {
      labels[j] *= factor;
    }
    labelScale *= factor;
    return true;
  }

  /**
   * Whether {@link #rescale} with this factor would succeed, so that a reader with several
   * builders in one unit rescales all or none.
   *
   * @param factor a power of ten, 10 or more
   * @return false when a label so far or the scale would leave the int range
   * @throws IllegalArgumentException if {@code factor} is not a power of ten of 10 or more
   */
  public boolean canRescale(int factor) {
    if (!isPowerOfTen(factor)) {
      throw new IllegalArgumentException("illegal label unit factor: " + factor + ", must be 10, 100, 1000...");
    }
    if ((long) labelScale * factor > Integer.MAX_VALUE) {
      return false;
    }
    for (int j = 0; j < size; j++) {
      long l = (long) labels[j] * factor;
      if (l != (int) l) {
        return false;
      }
    }
    return true;
  }

  /**
   * The judgments, with their lines: {@code origin().locate(q)} is the line of q's first
   * judgment, {@code locate(q, doc)} the line of that judgment, and any other path the file.
   *
   * @param source the file name (or {@code "-"}) that locations name, not null
   * @return the judgments, grouped by query in order of first appearance, file order within each
   * @throws IllegalStateException if the builder was built already
   * @throws NullPointerException if {@code source} is null
   */
  public Qrels build(String source) {
    Objects.requireNonNull(source, "source");
    QrelsColumns columns = spend(true);
    return QrelsAccess.qrels(columns, new JudgmentLines(source, columns));
  }

  /**
   * The judgments, located by {@code origin}; lines are dropped.
   *
   * @param origin where judgments came from, not null; {@link Origin#NONE} for none
   * @return the judgments, grouped by query in order of first appearance, input order within each
   * @throws IllegalStateException if the builder was built already
   * @throws NullPointerException if {@code origin} is null
   */
  public Qrels build(Origin origin) {
    Objects.requireNonNull(origin, "origin");
    return QrelsAccess.qrels(spend(false), origin);
  }

  /** Whether {@code n} is 10, 100, 1000... */
  private static boolean isPowerOfTen(int n) {
    return Integer.toString(n).matches("10+");
  }

  /**
   * The coarsest power-of-ten unit that holds every label exactly: while every label is a
   * multiple of 10, labels and unit are divided by 10, so that whole labels read at a finer unit
   * (a {@code 2} among {@code 0.5}s that a precedence left out) are whole labels again, as every
   * measure reads them.
   */
  private void reduceUnit() {
    while (labelScale > 1 && allMultiplesOfTen()) {
      for (int j = 0; j < size; j++) {
        labels[j] /= 10;
      }
      labelScale /= 10;
    }
  }

  private boolean allMultiplesOfTen() {
    for (int j = 0; j < size; j++) {
      if (labels[j] % 10 != 0) {
        return false;
      }
    }
    return true;
  }

  /** The columns, grouped by query, with or without their lines; the builder is spent. */
  private QrelsColumns spend(boolean keepLines) {
    if (built) {
      throw new IllegalStateException("illegal second build: a QrelsBuilder builds once");
    }
    if (sourceCount > 0) {
      for (int j = 0; j < size; j++) {
        if (sources[j] < 0) {
          throw new IllegalStateException("illegal build: judgment " + j + " has no source, and others have");
        }
      }
    }
    reduceUnit();
    built = true;
    // the query index is kept: positions do not change, and the builder is spent
    return QrelsColumns.grouped(queries, queryCount, queryIndex, queryOf, size, docBytes, docStart, docHashes, labels,
        keepLines ? lines : null, sources, sourceNames, sourceCount, labelScale);
  }
}
