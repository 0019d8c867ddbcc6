package dev.caliber.internal;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The columns behind {@code dev.caliber.protocol.Qrels}, and the byte-level accessors a scorer
 * matches document IDs with, without making strings: the judgments grouped by query, their
 * document IDs as UTF-8 bytes one after the other, with each ID's hash ({@link IdHash}), label and
 * (when read from a line file) line, one hash table over the query IDs and one over (query,
 * document) pairs. Qrels of 100,000 queries held as a hash map of maps cost about 380 bytes a query
 * at one judgment each, and as much again in garbage while they were read; as columns about 90,
 * half of it the query ID's string.
 *
 * <p>A judgment is named by its index {@code j}; a query's judgments are {@code
 * [judgmentsFrom(p), judgmentsTo(p))} for its position {@code p} ({@link #queryPosition}). Labels
 * are integers in units of {@code 1/labelScale()}. Immutable: the arrays are handed over by the
 * one who filled them ({@code dev.caliber.qrels.QrelsBuilder} through {@link #grouped}, or {@link
 * #of} for maps) and never change.
 *
 * <p>Here, in a package no module reads, so that the exported {@code Qrels} keeps only its map API.
 * The engine and the readers reach a {@code Qrels}' columns through {@code
 * dev.caliber.qrels.QrelsAccess}, which opens the door ({@link QrelsSecrets}) that {@code Qrels}
 * installs.
 */
public final class QrelsColumns {
  private final String[] queries;
  private final StringIndex queryIndex;
  /** Query i's judgments are {@code [start[i], start[i + 1])}. */
  private final int[] start;
  /** Every document ID's UTF-8 bytes, one after the other; judgment j's are {@code [docStart[j], docStart[j + 1])}. */
  private final byte[] docBytes;
  private final int[] docStart;
  /** {@link IdHash} of each document ID's bytes. */
  private final int[] docHashes;
  private final int[] labels;
  /** The line of each judgment, or null when not read from a line file. */
  private final int[] lines;
  /** Each judgment's source, an index into {@link #sourceNames}; null when the judgments name none. */
  private final int[] sources;
  private final String[] sourceNames;
  /** Labels are held as integers in units of 1/labelScale: 1 for whole labels, 10^d for d decimals. */
  private final int labelScale;
  /** Judgment index + 1 by (query, document), open addressing ({@link Slots}); 0 is empty. */
  private final int[] pairs;

  /** Takes the columns as they are, grouped by query, and indexes the (query, document) pairs. */
  private QrelsColumns(String[] queries, StringIndex queryIndex, int[] start, byte[] docBytes, int[] docStart, int[] docHashes,
      int[] labels, int[] lines, int[] sources, String[] sourceNames, int labelScale) {
    this.queries = queries;
    this.queryIndex = queryIndex;
    this.start = start;
    this.docBytes = docBytes;
    this.docStart = docStart;
    this.docHashes = docHashes;
    this.labels = labels;
    this.lines = lines;
    this.sources = sources;
    this.sourceNames = sourceNames;
    this.labelScale = labelScale;
    pairs = Slots.forKeys(labels.length);
    for (int i = 0; i < queries.length; i++) {
      for (int j = start[i]; j < start[i + 1]; j++) {
        Slots.put(pairs, pairHash(i, docHashes[j]), j);
      }
    }
  }

  /**
   * The columns of judgments collected in any order, grouped by query: a stable counting sort, so
   * that each query's judgments keep their order and the queries theirs (of first appearance).
   * Judgments of a file grouped by query (the usual case) keep their places. The arrays are read,
   * not kept: they may be longer than the counts.
   *
   * @param queries the query IDs, the first {@code nq} distinct
   * @param nq the number of queries
   * @param queryIndex the index of the first {@code nq} query IDs, kept
   * @param queryOf per judgment, its query's position
   * @param nj the number of judgments
   * @param docBytes the document IDs' UTF-8 bytes, one after the other
   * @param docStart judgment j's ID is {@code docBytes[docStart[j], docStart[j + 1])}
   * @param docHashes each ID's {@link IdHash}
   * @param labels each judgment's label, in units of {@code 1/labelScale}
   * @param lines each judgment's line, or null to keep none
   * @param sources each judgment's source, an index into {@code sourceNames}; ignored when {@code ns} is 0
   * @param sourceNames the sources' names, the first {@code ns} used
   * @param ns the number of sources, 0 when the judgments name none
   * @param labelScale 1 for whole labels, else a power of ten
   * @return the columns
   */
  public static QrelsColumns grouped(String[] queries, int nq, StringIndex queryIndex, int[] queryOf, int nj, byte[] docBytes,
      int[] docStart, int[] docHashes, int[] labels, int[] lines, int[] sources, String[] sourceNames, int ns, int labelScale) {
    int[] start = new int[nq + 1];
    for (int j = 0; j < nj; j++) {
      start[queryOf[j] + 1]++;
    }
    for (int i = 0; i < nq; i++) {
      start[i + 1] += start[i];
    }
    int[] next = Arrays.copyOf(start, nq);
    int[] to = new int[nj];
    for (int j = 0; j < nj; j++) {
      to[j] = next[queryOf[j]]++;
    }
    int[] ds = new int[nj + 1];
    for (int j = 0; j < nj; j++) {
      ds[to[j] + 1] = docStart[j + 1] - docStart[j];
    }
    for (int j = 0; j < nj; j++) {
      ds[j + 1] += ds[j];
    }
    byte[] bytes = new byte[ds[nj]];
    int[] hashes = new int[nj];
    int[] ls = new int[nj];
    int[] ln = lines == null ? null : new int[nj];
    int[] ss = ns == 0 ? null : new int[nj];
    for (int j = 0; j < nj; j++) {
      int t = to[j];
      System.arraycopy(docBytes, docStart[j], bytes, ds[t], ds[t + 1] - ds[t]);
      hashes[t] = docHashes[j];
      ls[t] = labels[j];
      if (ln != null) {
        ln[t] = lines[j];
      }
      if (ss != null) {
        ss[t] = sources[j];
      }
    }
    return new QrelsColumns(Arrays.copyOf(queries, nq), queryIndex, start, bytes, ds, hashes, ls, ln, ss,
        Arrays.copyOf(sourceNames, ns), labelScale);
  }

  /**
   * The columns of judgments given as maps (what {@code Qrels.of} takes): whole labels, no line,
   * no source.
   *
   * @param labels query ID to (document ID to label), in the order to keep
   * @return the columns
   * @throws NullPointerException for a null query ID, row, document ID or label
   */
  public static QrelsColumns of(Map<String, ? extends Map<String, Integer>> labels) {
    String[] queries = new String[Math.max(labels.size(), 1)];
    int[] start = new int[queries.length + 1];
    byte[] bytes = new byte[256];
    int[] docStart = new int[17];
    int[] hashes = new int[16];
    int[] scaled = new int[16];
    int nq = 0;
    int nj = 0;
    for (Map.Entry<String, ? extends Map<String, Integer>> e : labels.entrySet()) {
      String query = Objects.requireNonNull(e.getKey(), "query ID");
      Map<String, Integer> row = Objects.requireNonNull(e.getValue(), "row");
      if (nq == queries.length) {
        queries = Arrays.copyOf(queries, nq * 2);
        start = Arrays.copyOf(start, nq * 2 + 1);
      }
      queries[nq++] = query;
      for (Map.Entry<String, Integer> d : row.entrySet()) {
        byte[] b = Objects.requireNonNull(d.getKey(), "document ID").getBytes(StandardCharsets.UTF_8);
        int label = Objects.requireNonNull(d.getValue(), "label");
        if (nj == scaled.length) {
          hashes = Arrays.copyOf(hashes, nj * 2);
          scaled = Arrays.copyOf(scaled, nj * 2);
          docStart = Arrays.copyOf(docStart, nj * 2 + 1);
        }
        int end = docStart[nj] + b.length;
        if (end > bytes.length) {
          bytes = Arrays.copyOf(bytes, Math.max(end, bytes.length * 2));
        }
        System.arraycopy(b, 0, bytes, docStart[nj], b.length);
        docStart[nj + 1] = end;
        hashes[nj] = IdHash.of(b, 0, b.length);
        scaled[nj++] = label;
      }
      start[nq] = nj;
    }
    queries = Arrays.copyOf(queries, nq);
    return new QrelsColumns(queries, StringIndex.of(queries, nq), Arrays.copyOf(start, nq + 1),
        Arrays.copyOf(bytes, docStart[nj]), Arrays.copyOf(docStart, nj + 1), Arrays.copyOf(hashes, nj),
        Arrays.copyOf(scaled, nj), null, null, new String[0], 1);
  }

  // ---- hashes ----

  /**
   * The hash of a document ID's UTF-8 bytes that {@link #docHash} gives, the same that the
   * streaming run reader computes for each ranked document ({@link IdHash}), so that a scorer
   * compares hashes before bytes.
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

  /** The hash of a (query position, document hash) pair in the pair table. */
  public static int pairHash(int query, int docHash) {
    return StringIndex.spread(docHash + query * 0x61C88647);
  }

  // ---- queries ----

  /** @return the number of queries, those with no judgment included */
  public int queryCount() {
    return queries.length;
  }

  /** @return the query IDs in order, an unmodifiable view */
  public List<String> queryIds() {
    return Collections.unmodifiableList(Arrays.asList(queries));
  }

  /**
   * The position of a judged query; its judgments are {@code [judgmentsFrom, judgmentsTo)}.
   *
   * @param queryId a query ID, compared exactly; may be null
   * @return its position in {@link #queryIds()}, or -1 when the query is not judged or null
   */
  public int queryPosition(String queryId) {
    return queryId == null ? -1 : queryIndex.indexOf(queries, queryId);
  }

  /**
   * @param position a query's position, {@code 0 <= position < queryCount()}
   * @return the index of its first judgment; equal to {@link #judgmentsTo} when it judges nothing
   */
  public int judgmentsFrom(int position) {
    return start[position];
  }

  /**
   * @param position a query's position, {@code 0 <= position < queryCount()}
   * @return one past the index of its last judgment
   */
  public int judgmentsTo(int position) {
    return start[position + 1];
  }

  // ---- judgments ----

  /** @return the number of judgments over all queries */
  public int size() {
    return labels.length;
  }

  /**
   * @param j a judgment's index, {@code 0 <= j < size()}
   * @return its label as given, in units of {@code 1/labelScale()}; may be negative
   */
  public int label(int j) {
    return labels[j];
  }

  /** @return 1 for whole labels, else the power of ten every label is a count of the inverse of */
  public int labelScale() {
    return labelScale;
  }

  /**
   * @param scaled a label as {@link #label} gives it
   * @return {@code scaled / labelScale()} exactly, without trailing zeros
   */
  public BigDecimal decimal(int scaled) {
    BigDecimal d = BigDecimal.valueOf(scaled);
    return labelScale == 1 ? d : d.divide(BigDecimal.valueOf(labelScale)).stripTrailingZeros();
  }

  /**
   * @param j a judgment's index, {@code 0 <= j < size()}
   * @return its label exactly, {@code label(j) / labelScale()}, without trailing zeros
   */
  public BigDecimal exactLabel(int j) {
    return decimal(labels[j]);
  }

  /** @return the sources' names in order of first appearance; empty when the judgments name none */
  public List<String> sourceNames() {
    return List.of(sourceNames);
  }

  /**
   * @param j a judgment's index, {@code 0 <= j < size()}
   * @return its index in {@link #sourceNames()}, or -1 when the judgments name no source
   * @throws IndexOutOfBoundsException if {@code j} is out of range
   */
  public int source(int j) {
    Objects.checkIndex(j, labels.length);
    return sources == null ? -1 : sources[j];
  }

  /**
   * @param j a judgment's index, {@code 0 <= j < size()}
   * @return the line it was read from, or 0 when the judgments keep no line
   */
  public int line(int j) {
    return lines == null ? 0 : lines[j];
  }

  /**
   * The hash of a judgment's document ID, which a scorer compares before the bytes.
   *
   * @param j a judgment's index, {@code 0 <= j < size()}
   * @return {@link #hash} of the ID's UTF-8 bytes
   */
  public int docHash(int j) {
    return docHashes[j];
  }

  /**
   * Whether a judgment's document ID is the given bytes, compared without making a string.
   *
   * @param j a judgment's index, {@code 0 <= j < size()}
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
   * @param j a judgment's index, {@code 0 <= j < size()}
   * @return a new string decoded from the ID's UTF-8 bytes
   */
  public String docId(int j) {
    return new String(docBytes, docStart[j], docStart[j + 1] - docStart[j], StandardCharsets.UTF_8);
  }

  /**
   * The judgment of a document among a query's.
   *
   * @param query a query's position, {@code 0 <= query < queryCount()}
   * @param doc a document ID; anything but a string is never judged
   * @return the judgment's index, or -1
   */
  public int find(int query, Object doc) {
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

  @Override
  public String toString() {
    return "QrelsColumns[" + queries.length + " queries, " + labels.length + " judgments]";
  }
}
