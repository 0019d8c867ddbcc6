package dev.caliber.protocol;

import dev.caliber.error.Location;
import dev.caliber.internal.IdHash;
import dev.caliber.internal.Slots;
import dev.caliber.internal.StringIndex;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Relevance judgments: query ID to (document ID to integer label), in input order. A missing cell
 * is not a 0: whether an unjudged document is an error or non-relevant is the protocol's decision,
 * not this container's.
 *
 * <p>Held as columns: the judgments grouped by query, their document IDs as UTF-8 bytes one after
 * the other, with each ID's hash, label and (when read from a line file) line, one hash table over
 * the query IDs and one over (query, document) pairs. Qrels of 100,000 queries (MS MARCO's
 * training qrels have 500,000) held as a hash map of maps cost about 380 bytes a query at one
 * judgment each, and as much again in garbage while they were read; as columns about 90, half of
 * it the query ID's string. {@link #row} and {@link #asMap} hand out unmodifiable views, made on
 * each call, whose document IDs are strings made as they are read; a scorer matches bytes
 * instead ({@link #queryPosition}, {@link #docHash}, {@link #docEquals}).
 */
public final class Qrels {
  private final String[] queries;
  private final StringIndex queryIndex;
  /** Query i's judgments are {@code [start[i], start[i + 1])}. */
  private final int[] start;
  /** Every document ID's UTF-8 bytes, one after the other; judgment j's are {@code [docStart[j], docStart[j + 1])}. */
  private final byte[] docBytes;
  private final int[] docStart;
  /** {@link #hash} of each document ID's bytes. */
  private final int[] docHashes;
  private final int[] labels;
  /** The line of each judgment, or null when not read from a line file. */
  private final int[] lines;
  /** Judgment index + 1 by (query, document), open addressing; 0 is empty. */
  private final int[] pairs;
  private final Origin origin;
  /** The subtopic judgments these labels were derived from, or null for plain qrels. */
  private final Subtopics subtopics;
  /** Each judgment's source, an index into {@link #sourceNames}; null when the judgments name none. */
  private final int[] sources;
  private final String[] sourceNames;
  /** Labels are held as integers in units of 1/labelScale: 1 for whole labels, 10^d for d decimals. */
  private final int labelScale;
  private final Map<String, Map<String, Integer>> all = new QrelsRows.All(this);

  /** The same judgments, sharing every column, with subtopic judgments attached. */
  private Qrels(Qrels base, Subtopics subtopics) {
    queries = base.queries;
    queryIndex = base.queryIndex;
    start = base.start;
    docBytes = base.docBytes;
    docStart = base.docStart;
    docHashes = base.docHashes;
    labels = base.labels;
    lines = base.lines;
    pairs = base.pairs;
    origin = base.origin;
    sources = base.sources;
    sourceNames = base.sourceNames;
    labelScale = base.labelScale;
    this.subtopics = subtopics;
  }

  /**
   * These judgments with the subtopic judgments they summarise, for the intent-aware measures
   * (what {@code SubtopicQrelsReader} reads: each document's label here is its largest over its
   * subtopics).
   *
   * @param subtopics the subtopic judgments of these qrels' judgments, not null
   * @return new qrels sharing these columns
   * @throws IllegalArgumentException if {@code subtopics} was made for other qrels
   */
  public Qrels withSubtopics(Subtopics subtopics) {
    if (subtopics.judgments() != labels.length) {
      throw new IllegalArgumentException("illegal subtopics: " + subtopics.judgments() + " judgments, these qrels have " + labels.length);
    }
    return new Qrels(this, subtopics);
  }

  /**
   * The subtopic judgments, when these qrels were read from a subtopic file.
   *
   * @return the subtopic judgments, or null for plain qrels
   */
  public Subtopics subtopics() {
    return subtopics;
  }

  private Qrels(Builder b, String lineSource, Origin origin) {
    int nq = b.queryCount;
    int nj = b.size;
    queries = Arrays.copyOf(b.queries, nq);
    queryIndex = b.queryIndex; // positions do not change; the builder is spent
    start = new int[nq + 1];
    for (int j = 0; j < nj; j++) {
      start[b.queryOf[j] + 1]++;
    }
    for (int i = 0; i < nq; i++) {
      start[i + 1] += start[i];
    }
    // A stable counting sort by query: file order within each query, queries in order of first
    // appearance. Judgments of a file grouped by query (the usual case) keep their places.
    int[] next = Arrays.copyOf(start, nq);
    int[] to = new int[nj];
    for (int j = 0; j < nj; j++) {
      to[j] = next[b.queryOf[j]]++;
    }
    docStart = new int[nj + 1];
    for (int j = 0; j < nj; j++) {
      docStart[to[j] + 1] = b.docStart[j + 1] - b.docStart[j];
    }
    for (int j = 0; j < nj; j++) {
      docStart[j + 1] += docStart[j];
    }
    docBytes = new byte[docStart[nj]];
    docHashes = new int[nj];
    labels = new int[nj];
    lines = lineSource == null ? null : new int[nj];
    sources = b.sourceCount == 0 ? null : new int[nj];
    sourceNames = Arrays.copyOf(b.sourceNames, b.sourceCount);
    labelScale = b.labelScale;
    for (int j = 0; j < nj; j++) {
      int t = to[j];
      System.arraycopy(b.docBytes, b.docStart[j], docBytes, docStart[t], docStart[t + 1] - docStart[t]);
      docHashes[t] = b.docHashes[j];
      labels[t] = b.labels[j];
      if (lines != null) {
        lines[t] = b.lines[j];
      }
      if (sources != null) {
        sources[t] = b.sources[j];
      }
    }
    pairs = Slots.forKeys(nj);
    for (int i = 0; i < nq; i++) {
      for (int j = start[i]; j < start[i + 1]; j++) {
        Slots.put(pairs, pairHash(i, docHashes[j]), j);
      }
    }
    this.origin = lineSource == null ? origin : new JudgmentLines(lineSource);
    this.subtopics = null;
  }

  /**
   * The hash of a document ID's UTF-8 bytes that {@link #docHash} gives, the same that the
   * streaming run reader computes for each ranked document, so that a scorer compares hashes
   * before bytes.
   *
   * @param b the bytes, not null
   * @param from the first byte of the ID, inclusive
   * @param to the end of the ID, exclusive; {@code from <= to <= b.length}
   * @return the hash; equal IDs always hash equal, so a different hash proves a different ID
   */
  public static int hash(byte[] b, int from, int to) {
    return IdHash.of(b, from, to);
  }

  /** {@link #hash} of a string's UTF-8 bytes, without encoding it when it is ASCII. */
  static int hash(String s) {
    return IdHash.of(s);
  }

  /** Whether {@code s}'s UTF-8 bytes are {@code b[from, to)}, without encoding it when it is ASCII. */
  static boolean sameBytes(String s, byte[] b, int from, int to) {
    int n = s.length();
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        byte[] e = s.getBytes(StandardCharsets.UTF_8);
        return Arrays.equals(e, 0, e.length, b, from, to);
      }
      if (from + i >= to || b[from + i] != c) {
        return false;
      }
    }
    return n == to - from;
  }

  private static int pairHash(int query, int docHash) {
    return StringIndex.spread(docHash + query * 0x61C88647);
  }

  /**
   * Judgments in the given order (deep-copied).
   *
   * @param labels query ID to (document ID to label), in the order to keep; any integer label,
   *     negative ones included (trec_eval's "in the pool, not judged"). A query with an empty row
   *     is kept as judged with no document
   * @param origin where each judgment was read from, not null; {@link Origin#NONE} for none
   * @return the judgments
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

  /**
   * Judgments built in code, whose errors name no file.
   *
   * @param labels query ID to (document ID to label), deep-copied; nothing null
   * @return the judgments, with {@link Origin#NONE}
   * @throws NullPointerException for a null query ID, row, document ID or label
   */
  public static Qrels of(Map<String, ? extends Map<String, Integer>> labels) {
    return of(labels, Origin.NONE);
  }

  /**
   * The judged row of a query; a view made on each call, so a scorer that matches many documents
   * should use {@link #queryPosition} instead.
   *
   * @param queryId a query ID, compared exactly; null is never judged
   * @return document ID to label in input order, unmodifiable; null when the query is not judged,
   *     empty when it was given with no judgment
   */
  public Map<String, Integer> row(String queryId) {
    int i = queryId == null ? -1 : queryIndex.indexOf(queries, queryId);
    return i < 0 ? null : new QrelsRows.Row(this, i);
  }

  /**
   * The judged query IDs.
   *
   * @return an unmodifiable list in input order (order of first appearance)
   */
  public List<String> queryIds() {
    return Collections.unmodifiableList(Arrays.asList(queries));
  }

  /**
   * Every row, as the fingerprint hashes them.
   *
   * @return query ID to row, in input order, an unmodifiable view; rows are made as they are read
   */
  public Map<String, Map<String, Integer>> asMap() {
    return all;
  }

  /**
   * Where each judgment came from, so that a late violation can name its file and line.
   *
   * @return the origin, located by query ID and by (query ID, document ID); {@link Origin#NONE}
   *     for judgments built in code
   */
  public Origin origin() {
    return origin;
  }

  /**
   * The number of judged queries.
   *
   * @return the number of queries, those with an empty row included
   */
  public int queryCount() {
    return queries.length;
  }

  /**
   * The number of judgments over all queries.
   *
   * @return the number of (query, document) pairs, 0 or more
   */
  public int size() {
    return labels.length;
  }

  // ---- the judgments as bytes, for a scorer that matches document IDs without making strings ----

  /**
   * The position of a judged query; its judgments are {@code [judgmentsFrom, judgmentsTo)}.
   *
   * @param queryId a query ID, compared exactly; may be null
   * @return the position in {@link #queryIds()}, or -1 when the query is not judged or null
   */
  public int queryPosition(String queryId) {
    return queryId == null ? -1 : queryIndex.indexOf(queries, queryId);
  }

  /**
   * The first judgment of a query.
   *
   * @param position a query's position from {@link #queryPosition}, {@code 0 <= position <
   *     queryCount()}
   * @return the index of its first judgment, inclusive; equal to {@link #judgmentsTo} when the
   *     query judges nothing
   */
  public int judgmentsFrom(int position) {
    return start[position];
  }

  /**
   * The end of a query's judgments.
   *
   * @param position a query's position from {@link #queryPosition}, {@code 0 <= position <
   *     queryCount()}
   * @return one past the index of its last judgment, exclusive
   */
  public int judgmentsTo(int position) {
    return start[position + 1];
  }

  /**
   * A judgment's label.
   *
   * @param j a judgment's index, {@code 0 <= j < size()}; a query's are {@code [judgmentsFrom,
   *     judgmentsTo)}
   * @return the label as given; may be negative
   */
  public int label(int j) {
    return labels[j];
  }

  /**
   * The unit of the labels: every label here ({@link #label}, {@link #row}, {@link #asMap}) is an
   * integer count of {@code 1/labelScale()}. Whole labels have scale 1, whatever the file; decimal
   * labels (an LLM judge's {@code 0.7}) 10^d for the most decimals d a label has, so that they are
   * held exactly ({@code 0.7} is 7 at scale 10).
   *
   * @return 1 for whole labels, else a power of ten
   */
  public int labelScale() {
    return labelScale;
  }

  /**
   * A judgment's label exactly, as a decimal: {@code label(j) / labelScale()}.
   *
   * @param j a judgment's index, {@code 0 <= j < size()}
   * @return the label, without trailing zeros ({@code 0.7}, {@code 2})
   */
  public java.math.BigDecimal exactLabel(int j) {
    return decimal(labels[j]);
  }

  /**
   * A label in this judgments' unit as an exact decimal.
   *
   * @param scaled a label as {@link #label} gives it
   * @return {@code scaled / labelScale()}, without trailing zeros
   */
  public java.math.BigDecimal decimal(int scaled) {
    java.math.BigDecimal d = java.math.BigDecimal.valueOf(scaled);
    return labelScale == 1 ? d : d.divide(java.math.BigDecimal.valueOf(labelScale)).stripTrailingZeros();
  }

  /**
   * The sources the judgments name ({@code nist}, {@code llm:gpt-4o}), in order of first
   * appearance; empty for judgments that name none (TREC, JSON and CSV qrels).
   *
   * @return an unmodifiable list
   */
  public List<String> sources() {
    return List.of(sourceNames);
  }

  /**
   * How many labels each source gave (the labels held here: after a source precedence, those that
   * count).
   *
   * @return source name to label count, in order of the sources' first appearance; empty when the
   *     judgments name no source
   */
  public Map<String, Integer> labelsPerSource() {
    int[] counts = new int[sourceNames.length];
    for (int j = 0; sources != null && j < sources.length; j++) {
      counts[sources[j]]++;
    }
    Map<String, Integer> out = new java.util.LinkedHashMap<>();
    for (int i = 0; i < counts.length; i++) {
      out.put(sourceNames[i], counts[i]);
    }
    return Collections.unmodifiableMap(out);
  }

  /**
   * A judgment's source.
   *
   * @param j a judgment's index, {@code 0 <= j < size()}
   * @return its index in {@link #sources()}, or -1 when the judgments name no source
   */
  public int source(int j) {
    Objects.checkIndex(j, labels.length);
    return sources == null ? -1 : sources[j];
  }

  /**
   * The hash of a judgment's document ID, which a scorer compares before the bytes.
   *
   * @param j a judgment's index, {@code 0 <= j < size()}; a query's are {@code [judgmentsFrom,
   *     judgmentsTo)}
   * @return {@link #hash} of the ID's UTF-8 bytes
   */
  public int docHash(int j) {
    return docHashes[j];
  }

  /**
   * Whether a judgment's document ID is the given bytes, compared without making a string.
   *
   * @param j a judgment's index, {@code 0 <= j < size()}; a query's are {@code [judgmentsFrom,
   *     judgmentsTo)}
   * @param b the bytes, not null
   * @param from the first byte of the ID, inclusive
   * @param to the end of the ID, exclusive; {@code from <= to <= b.length}
   * @return true when the ID's UTF-8 bytes are exactly {@code b[from, to)}
   */
  public boolean docEquals(int j, byte[] b, int from, int to) {
    return Arrays.equals(docBytes, docStart[j], docStart[j + 1], b, from, to);
  }

  /**
   * A judgment's document ID, for messages and views.
   *
   * @param j a judgment's index, {@code 0 <= j < size()}; a query's are {@code [judgmentsFrom,
   *     judgmentsTo)}
   * @return a new string decoded from the ID's UTF-8 bytes
   */
  public String docId(int j) {
    return new String(docBytes, docStart[j], docStart[j + 1] - docStart[j], StandardCharsets.UTF_8);
  }

  @Override
  public String toString() {
    return "Qrels[" + queries.length + " queries, " + labels.length + " judgments]";
  }

  /**
   * Collects judgments one at a time, as a reader finds them, in columns: a document ID is kept as
   * its UTF-8 bytes, never as an object. A query's judgments need not be consecutive. Whether a
   * repeated (query, document) pair is an error, and in which words, is the caller's decision:
   * {@link #add} reports it and keeps the first. Spent by {@link #build}.
   */
  public static final class Builder {
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
    public Builder() {}

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
      int h = hash(b, from, to);
      int ph = pairHash(query, h);
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
          Slots.put(pairs, pairHash(queryOf[j], docHashes[j]), j);
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
      return new Qrels(spend(), Objects.requireNonNull(source, "source"), null);
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
      return new Qrels(spend(), null, Objects.requireNonNull(origin, "origin"));
    }

    private static boolean isPowerOfTen(int n) {
      int m = n;
      while (m >= 10 && m % 10 == 0) {
        m /= 10;
      }
      return n >= 10 && m == 1;
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

    private Builder spend() {
      if (built) {
        throw new IllegalStateException("illegal second build: a Qrels.Builder builds once");
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
      return this;
    }
  }

  /** The judgment of {@code doc} among query {@code query}'s, or -1. */
  int find(int query, Object doc) {
    if (!(doc instanceof String d)) {
      return -1;
    }
    int h = hash(d);
    int from = start[query];
    int to = start[query + 1];
    for (int slot = Slots.first(pairs, pairHash(query, h)); Slots.taken(pairs, slot); slot = Slots.next(pairs, slot)) {
      int j = Slots.position(pairs, slot);
      if (j >= from && j < to && docHashes[j] == h && sameBytes(d, docBytes, docStart[j], docStart[j + 1])) {
        return j;
      }
    }
    return -1;
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
}
