package dev.caliber.io;

/**
 * What one input may cost before it is rejected, so that a hostile or mistaken file (a gzip bomb,
 * a binary file with no newline) fails with a clear error instead of exhausting memory or disk
 * time.
 *
 * <p>The limits count bytes after decompression: for an uncompressed file the total is the file
 * size. A line's length excludes its line terminator. A TREC run read while it is scored is cut
 * into blocks of whole queries; {@link #maxQueryBytes()} bounds one query's lines (and anything
 * else with no change of query ID in it, such as a run of blank lines), so that the memory a
 * streamed run takes does not grow with its size. A run read whole (JSON, or {@code
 * --no-streaming}) is held in memory and needs no such bound.
 *
 * @param maxLineBytes the longest line accepted, in UTF-8 bytes; at least 1
 * @param maxDecompressedBytes the most bytes an input may yield after decompression; at least 1
 * @param maxQueryBytes the most bytes of one query's consecutive lines in a streamed TREC run;
 *     at least {@code maxLineBytes}
 */
public record InputLimits(int maxLineBytes, long maxDecompressedBytes, int maxQueryBytes) {
  /** 1 MiB: far beyond any TREC run or qrels line. */
  public static final int DEFAULT_MAX_LINE_BYTES = 1 << 20;
  /**
   * 64 MiB: room for the longest documents of real corpora in one JSONL line; the default line
   * limit times {@link #DOCUMENT_LINE_FACTOR} (see {@link #forDocuments()}).
   */
  public static final int DOCUMENT_MAX_LINE_BYTES = 64 << 20;
  /** How many times the line limit a corpus line (one document) may be. */
  public static final int DOCUMENT_LINE_FACTOR = 64;
  /** 64 GiB: generous for real data, finite for a gzip bomb. */
  public static final long DEFAULT_MAX_DECOMPRESSED_BYTES = 64L << 30;

  /**
   * 8 MiB: a query of about 150,000 ranked documents; the deepest real runs (depth 1,000 or
   * 10,000) need well under 1 MiB.
   */
  public static final int DEFAULT_MAX_QUERY_BYTES = 8 << 20;
  /** The most a query limit may be: a block of that many bytes, plus room to find its end, is one Java array. */
  public static final int MAX_QUERY_BYTES = 1 << 30;

  /** Lines up to 1 MiB, inputs up to 64 GiB, a streamed query's lines up to 8 MiB. */
  public static final InputLimits DEFAULT = new InputLimits(DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_DECOMPRESSED_BYTES,
      DEFAULT_MAX_QUERY_BYTES);

  /**
   * Validates the limits.
   *
   * @param maxLineBytes the longest line accepted, in UTF-8 bytes; from 1 to {@code
   *     Integer.MAX_VALUE - 2^20}, so that a line plus one read chunk fits in a Java array
   * @param maxDecompressedBytes the most bytes an input may yield after decompression; at least 1
   * @param maxQueryBytes the most bytes of one query's lines in a streamed run; from {@code
   *     maxLineBytes} (at most {@link #MAX_QUERY_BYTES}) to {@link #MAX_QUERY_BYTES}
   * @throws IllegalArgumentException if a limit is out of range
   */
  public InputLimits {
    if (maxLineBytes < 1) {
      throw new IllegalArgumentException("illegal maxLineBytes value: " + maxLineBytes + ", must be at least 1");
    }
    // The line buffer holds a line plus one read chunk; keep it addressable as a Java array.
    if (maxLineBytes > Integer.MAX_VALUE - (1 << 20)) {
      throw new IllegalArgumentException("illegal maxLineBytes value: " + maxLineBytes
          + ", must be at most " + (Integer.MAX_VALUE - (1 << 20)));
    }
    if (maxDecompressedBytes < 1) {
      throw new IllegalArgumentException("illegal maxDecompressedBytes value: " + maxDecompressedBytes
          + ", must be at least 1");
    }
    if (maxQueryBytes < Math.min(maxLineBytes, MAX_QUERY_BYTES) || maxQueryBytes > MAX_QUERY_BYTES) {
      throw new IllegalArgumentException("illegal maxQueryBytes value: " + maxQueryBytes + ", must be from "
          + Math.min(maxLineBytes, MAX_QUERY_BYTES) + " to " + MAX_QUERY_BYTES);
    }
  }

  /**
   * These limits with another maximum line length, such as {@link #DOCUMENT_MAX_LINE_BYTES} for a
   * corpus.
   *
   * @param bytes the longest line accepted, in UTF-8 bytes; from 1 to {@code Integer.MAX_VALUE -
   *     2^20}
   * @return new limits with the same maximum decompressed size, and a query limit raised to the
   *     line limit if it was below
   * @throws IllegalArgumentException if {@code bytes} is out of range
   */
  public InputLimits withMaxLineBytes(int bytes) {
    return new InputLimits(bytes, maxDecompressedBytes, Math.max(maxQueryBytes, Math.min(bytes, MAX_QUERY_BYTES)));
  }

  /**
   * The limits for a corpus, whose lines are whole documents: the line limit times {@link
   * #DOCUMENT_LINE_FACTOR} (so 64 MiB by default), at most {@code Integer.MAX_VALUE - 2^20}.
   *
   * @return new limits with a longer line limit and the same other limits
   */
  public InputLimits forDocuments() {
    long bytes = Math.min((long) maxLineBytes * DOCUMENT_LINE_FACTOR, Integer.MAX_VALUE - (1 << 20));
    return withMaxLineBytes((int) bytes);
  }

  /**
   * These limits with another maximum decompressed size.
   *
   * @param bytes the most bytes an input may yield after decompression; at least 1
   * @return new limits with the same maximum line length and query size
   * @throws IllegalArgumentException if {@code bytes} is below 1
   */
  public InputLimits withMaxDecompressedBytes(long bytes) {
    return new InputLimits(maxLineBytes, bytes, maxQueryBytes);
  }

  /**
   * These limits with another maximum for one query's lines in a streamed run.
   *
   * @param bytes the most bytes of one query's lines; from {@link #maxLineBytes()} (at most {@link
   *     #MAX_QUERY_BYTES}) to {@link #MAX_QUERY_BYTES}
   * @return new limits with the same line and size limits
   * @throws IllegalArgumentException if {@code bytes} is out of range
   */
  public InputLimits withMaxQueryBytes(int bytes) {
    return new InputLimits(maxLineBytes, maxDecompressedBytes, bytes);
  }
}
