package dev.caliber.io.text;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.internal.IdHash;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A block of run entries as the evaluation engine scores them: per entry the document ID's bytes
 * in {@link #data()} with their {@link #hash}, the score, the rank column and the line (counted
 * from the block's first line, or 0 for entries that come from no file); and the queries, as runs
 * of consecutive entries with one query ID. A TREC run's parser fills one per block of the file;
 * an in-memory run is written into one query by query. The arrays are shared, not copied: read
 * them, never write them.
 */
public final class EntryBlock {
  private byte[] data;
  private String source;
  private int size;
  private int[] docStart;
  private int[] docEnd;
  private int[] docHash;
  private double[] scores;
  private long[] ranks;
  private int[] lineNumbers;
  private int queries;
  private String[] queryIds = new String[16];
  private int[] queryStart = new int[17];
  private InputSyntaxException error;
  private int lines;
  /** Arrays of at most this many entries are kept when the block is reset (4 MiB in all). */
  private static final int LARGE = 1 << 17;
  /** The capacity first asked for. */
  private final int capacity;

  /**
   * An empty block over {@code data}.
   *
   * @param data the bytes the document spans will index
   * @param source the input's name
   * @param capacity the expected number of entries (the arrays grow past it)
   */
  public EntryBlock(byte[] data, String source, int capacity) {
    this.capacity = capacity;
    this.data = data;
    this.source = source;
    allocate(capacity);
  }

  private void allocate(int n) {
    docStart = new int[n];
    docEnd = new int[n];
    docHash = new int[n];
    scores = new double[n];
    ranks = new long[n];
    lineNumbers = new int[n];
  }

  /**
   * Empty, over new bytes, keeping the arrays unless one long block made them {@link #large()}
   * (then they start again at the capacity first asked for, at most 131,072 entries, so that what a
   * reused block keeps does not depend on the largest block it has held).
   */
  public EntryBlock reset(byte[] bytes) {
    return reset(bytes, source);
  }

  /** {@link #reset(byte[])}, for the bytes of another input, named {@code source}. */
  public EntryBlock reset(byte[] bytes, String source) {
    this.source = source;
    if (large()) {
      allocate(Math.min(capacity, LARGE));
    }
    data = bytes;
    size = 0;
    queries = 0;
    queryStart[0] = 0;
    error = null;
    lines = 0;
    return this;
  }

  /**
   * Whether the arrays hold room for more than 131,072 entries (4 MiB): a holder that keeps the
   * block between uses may rather let it go.
   *
   * @return true when {@link #reset} would start the arrays again
   */
  public boolean large() {
    return docStart.length > LARGE;
  }

  /** Starts the entries of query {@code qid}. */
  public void startQuery(String qid) {
    if (queries + 1 == queryIds.length) {
      queryIds = Arrays.copyOf(queryIds, queryIds.length * 2);
      queryStart = Arrays.copyOf(queryStart, queryIds.length + 1);
    }
    queryIds[queries] = qid;
    queryStart[queries] = size;
    queries++;
    queryStart[queries] = size;
  }

  /** Adds an entry to the current query: its document ID is {@code data()[from, to)} with hash {@code hash}. */
  public void add(int from, int to, int hash, double score, long rank, int line) {
    if (size == docStart.length) {
      int n = size * 2;
      docStart = Arrays.copyOf(docStart, n);
      docEnd = Arrays.copyOf(docEnd, n);
      docHash = Arrays.copyOf(docHash, n);
      scores = Arrays.copyOf(scores, n);
      ranks = Arrays.copyOf(ranks, n);
      lineNumbers = Arrays.copyOf(lineNumbers, n);
    }
    docStart[size] = from;
    docEnd[size] = to;
    docHash[size] = hash;
    scores[size] = score;
    ranks[size] = rank;
    lineNumbers[size] = line;
    size++;
    queryStart[queries] = size;
  }

  /** The block's bytes, which the document spans index. */
  public byte[] data() {
    return data;
  }

  /** The input's name. */
  public String source() {
    return source;
  }

  /** Records the outcome of parsing: the lines read and the first malformed line's error (or null). */
  public void parsed(int lines, InputSyntaxException error) {
    this.lines = lines;
    this.error = error;
  }

  /** The first malformed line's error (lines counted from the block's first), or null. */
  public InputSyntaxException error() {
    return error;
  }

  /** The lines of the block read (up to the error, if any). */
  public int lines() {
    return lines;
  }

  /** The number of query runs in the block. */
  public int queries() {
    return queries;
  }

  /** The query ID of run {@code q}. */
  public String queryId(int q) {
    return queryIds[q];
  }

  /** The first entry of query run {@code q}; its entries end where run {@code q + 1} starts. */
  public int queryStart(int q) {
    return queryStart[q];
  }

  /** Where each entry's document ID starts in {@link #data()}. */
  public int[] docStarts() {
    return docStart;
  }

  /** Where each entry's document ID ends (exclusive). */
  public int[] docEnds() {
    return docEnd;
  }

  /** Each entry's document ID's {@link #hash}. */
  public int[] docHashes() {
    return docHash;
  }

  /**
   * The hash of a document ID's bytes {@code b[from, to)} that {@link #docHashes()} holds and that
   * judgments keep for each judged ID, so that a scorer compares hashes before bytes: {@link
   * IdHash#of(byte[], int, int)}, the one rule.
   */
  public static int hash(byte[] b, int from, int to) {
    return IdHash.of(b, from, to);
  }

  /** Each entry's score. */
  public double[] scores() {
    return scores;
  }

  /** Each entry's rank column. */
  public long[] ranks() {
    return ranks;
  }

  /** Each entry's line, counted from the block's first line. */
  public int[] lineNumbers() {
    return lineNumbers;
  }

  /** A document ID as a String. */
  public String doc(int entry) {
    return new String(data, docStart[entry], docEnd[entry] - docStart[entry], StandardCharsets.UTF_8);
  }
}
