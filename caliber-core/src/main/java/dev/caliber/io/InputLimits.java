package dev.caliber.io;

/**
 * What one input may cost before it is rejected, so that a hostile or mistaken file (a gzip bomb,
 * a binary file with no newline) fails with a clear error instead of exhausting memory or disk
 * time.
 *
 * <p>Both limits count bytes after decompression: for an uncompressed file the total is the file
 * size. A line's length excludes its line terminator.
 *
 * @param maxLineBytes the longest line accepted, in UTF-8 bytes; at least 1
 * @param maxDecompressedBytes the most bytes an input may yield after decompression; at least 1
 */
public record InputLimits(int maxLineBytes, long maxDecompressedBytes) {
  /** 1 MiB: far beyond any TREC run or qrels line. */
  public static final int DEFAULT_MAX_LINE_BYTES = 1 << 20;
  /** 64 MiB: room for the longest documents of real corpora in one JSONL line. */
  public static final int DOCUMENT_MAX_LINE_BYTES = 64 << 20;
  /** 64 GiB: generous for real data, finite for a gzip bomb. */
  public static final long DEFAULT_MAX_DECOMPRESSED_BYTES = 64L << 30;

  /** Lines up to 1 MiB, inputs up to 64 GiB. */
  public static final InputLimits DEFAULT = new InputLimits(DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_DECOMPRESSED_BYTES);

  /**
   * Validates both limits.
   *
   * @param maxLineBytes the longest line accepted, in UTF-8 bytes; from 1 to {@code
   *     Integer.MAX_VALUE - 2^20}, so that a line plus one read chunk fits in a Java array
   * @param maxDecompressedBytes the most bytes an input may yield after decompression; at least 1
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
  }

  /**
   * These limits with another maximum line length, such as {@link #DOCUMENT_MAX_LINE_BYTES} for a
   * corpus.
   *
   * @param bytes the longest line accepted, in UTF-8 bytes; from 1 to {@code Integer.MAX_VALUE -
   *     2^20}
   * @return new limits with the same maximum decompressed size
   * @throws IllegalArgumentException if {@code bytes} is out of range
   */
  public InputLimits withMaxLineBytes(int bytes) {
    return new InputLimits(bytes, maxDecompressedBytes);
  }

  /**
   * These limits with another maximum decompressed size.
   *
   * @param bytes the most bytes an input may yield after decompression; at least 1
   * @return new limits with the same maximum line length
   * @throws IllegalArgumentException if {@code bytes} is below 1
   */
  public InputLimits withMaxDecompressedBytes(long bytes) {
    return new InputLimits(maxLineBytes, bytes);
  }
}
