package dev.caliber.io.text;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.Remedy;
import dev.caliber.io.InputLimits;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Reads an input line by line, strictly, giving each line's bytes without copying them.
 *
 * <p>The rules, the same for every line format caliber reads:
 *
 * <ul>
 *   <li>Gzip is decompressed transparently when the input starts with the gzip magic bytes
 *       {@code 1f 8b}, whatever its name. A truncated or corrupt stream, or bytes after the last
 *       gzip member, is an {@link InputSyntaxException} ("truncated gzip stream", "corrupt gzip
 *       stream"), never a bare {@link java.io.EOFException}.
 *   <li>Lines end at {@code \n}; a {@code \r} right before it is dropped (CRLF files). A
 *       {@code \r} anywhere else is an error: it would otherwise end up inside an ID.
 *   <li>The text must be UTF-8: malformed bytes (overlong forms, encoded surrogates, truncated
 *       sequences) are an error naming the line and column, never replacement characters. A UTF-8
 *       byte order mark at the very start is skipped; a UTF-16 one is an error.
 *   <li>The final {@code \n} ends the last line; it does not start an empty one. A last line
 *       without {@code \n} is read like any other.
 *   <li>Bounds ({@link InputLimits}): a line longer than {@code maxLineBytes} and an input longer
 *       than {@code maxDecompressedBytes} (counted after decompression) are errors that name the
 *       limit.
 * </ul>
 *
 * <p>Errors come in file order and never depend on how the input arrives in reads: a line of more
 * than {@code maxLineBytes} + 4 bytes is "more than maxLineBytes bytes" long, a shorter one that
 * is still too long is named with its length; an input too large fails at the line holding its
 * first byte beyond the limit, after every line before it; a broken gzip stream fails at the line
 * being read when it broke. {@link LineBlocks}, which reads the same inputs in blocks for worker
 * threads, follows the same rules, so both report the same first error.
 *
 * <p>A line is valid until the next call to {@link #next()}: {@link #bytes()} from {@link
 * #start()} (inclusive) to {@link #end()} (exclusive), or as a String from {@link #text()}.
 */
public final class LineReader implements Line, Closeable {
  private static final int CHUNK = 1 << 16;
  /** Bytes a line may carry beyond its content while still unsplit: a byte order mark and a \r. */
  static final int SLACK = 4;
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final long NEWLINES = ONES * '\n';
  private static final long RETURNS = ONES * '\r';

  private final String source;
  private final InputStream in;
  private final InputLimits limits;
  private byte[] buf = new byte[CHUNK];
  private int pos;
  private int limit;
  private boolean eof;
  private boolean overflow;
  private long total;
  private long lineNumber;
  private int lineStart;
  private int lineEnd;

  private LineReader(String source, InputStream in, InputLimits limits) {
    this.source = source;
    this.in = in;
    this.limits = limits;
  }

  /**
   * Reads {@code bytes}, decompressing gzip when it starts with {@code 1f 8b}.
   *
   * @param source the name errors give for this input (a path as given, or {@code -})
   * @param bytes the raw input; closed by {@link #close()}
   * @param limits the bounds on line length and decompressed size
   * @throws IOException if reading the first bytes fails
   */
  public static LineReader of(String source, InputStream bytes, InputLimits limits) throws IOException {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(bytes, "bytes");
    Objects.requireNonNull(limits, "limits");
    return new LineReader(source, Compression.decoded(source, bytes), limits);
  }

  @Override
  public String source() {
    return source;
  }

  /** The 1-based number of the current line; 0 before the first call to {@link #next()}. */
  @Override
  public long lineNumber() {
    return lineNumber;
  }

  @Override
  public byte[] bytes() {
    return buf;
  }

  @Override
  public int start() {
    return lineStart;
  }

  @Override
  public int end() {
    return lineEnd;
  }

  /** The current line, decoded. */
  public String text() {
    return new String(buf, lineStart, lineEnd - lineStart, StandardCharsets.UTF_8);
  }

  /** Whether the current line holds nothing but spaces and tabs. */
  public boolean isBlank() {
    for (int i = lineStart; i < lineEnd; i++) {
      if (buf[i] != ' ' && buf[i] != '\t') {
        return false;
      }
    }
    return true;
  }

  @Override
  public Location location() {
    return Location.ofLine(source, lineNumber);
  }

  @Override
  public InputSyntaxException error(String reason, String detail) {
    return new InputSyntaxException(location(), reason, detail);
  }

  /**
   * Moves to the next line.
   *
   * @return false at the end of the input
   * @throws InputSyntaxException if the line breaks one of the rules above
   * @throws IOException if reading fails
   */
  public boolean next() throws IOException {
    int scan = pos;
    while (true) {
      int nl = indexOfNewline(buf, scan, limit);
      if (nl >= 0) {
        if (nl - pos > limits.maxLineBytes() + SLACK) {
          throw tooLong(source, lineNumber + 1, limits); // as if read in small pieces: never depends on reads
        }
        accept(pos, nl, true);
        pos = nl + 1;
        return true;
      }
      if (limit - pos > limits.maxLineBytes() + SLACK) {
        throw tooLong(source, lineNumber + 1, limits);
      }
      if (overflow) {
        throw tooLarge(source, lineNumber + 1, limits);
      }
      if (eof) {
        if (pos == limit) {
          return false;
        }
        accept(pos, limit, false);
        pos = limit;
        return true;
      }
      scan = limit - pos;
      fill();
      scan += pos;
    }
  }

  /** The index of the first {@code \n} in {@code [from, to)}, or -1; eight bytes at a time. */
  static int indexOfNewline(byte[] b, int from, int to) {
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long w = (long) LONGS.get(b, i) ^ NEWLINES;
      long zero = (w - ONES) & ~w & HIGHS; // the lowest flagged byte is exactly the first zero byte
      if (zero != 0) {
        return i + (Long.numberOfTrailingZeros(zero) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  /** The index of the last {@code \n} in {@code [from, to)}, or -1. */
  static int lastIndexOfNewline(byte[] b, int from, int to) {
    for (int i = to - 1; i >= from; i--) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  /** Moves the unread bytes to the front (growing the buffer if a long line needs it) and reads more. */
  private void fill() throws IOException {
    int unread = limit - pos;
    if (pos > 0) {
      System.arraycopy(buf, pos, buf, 0, unread);
      pos = 0;
      limit = unread;
    } else if (limit == buf.length) {
      int cap = Math.max(CHUNK, limits.maxLineBytes() + SLACK + 1);
      buf = java.util.Arrays.copyOf(buf, (int) Math.min(cap, 2L * buf.length));
    }
    int n;
    try {
      do {
        n = in.read(buf, limit, buf.length - limit);
      } while (n == 0);
    } catch (GzipDecoder.MalformedGzipException e) {
      // The location is the line being read when the stream broke.
      throw new InputSyntaxException(Location.ofLine(source, lineNumber + 1), e.reason, e.detail);
    }
    if (n < 0) {
      eof = true;
      return;
    }
    limit += n;
    total += n;
    if (total > limits.maxDecompressedBytes()) {
      // Keep the bytes within the limit: their lines come first, then the error.
      limit -= (int) (total - limits.maxDecompressedBytes());
      overflow = true;
    }
  }

  static InputSyntaxException tooLarge(String source, long line, InputLimits limits) {
    return tooLarge(Location.ofLine(source, line), limits);
  }

  static InputSyntaxException tooLarge(Location at, InputLimits limits) {
    return new InputSyntaxException(at, "input too large",
        "more than " + limits.maxDecompressedBytes() + " bytes after decompression; expected at most "
            + limits.maxDecompressedBytes() + " (the limit on an input's size after decompression)", Remedy.RAISE_INPUT_LIMIT);
  }

  private void accept(int from, int to, boolean newline) {
    lineNumber++;
    long span = accept(source, lineNumber, lineNumber == 1, buf, from, to, newline, limits);
    lineStart = (int) (span >>> 32);
    lineEnd = (int) span;
  }

  /**
   * The rules every line obeys, whoever reads it: the byte order mark of line 1, CRLF, the length
   * limit, no lone {@code \r}, strict UTF-8.
   *
   * @return the line's content as {@code start << 32 | end}
   */
  static long accept(String source, long lineNumber, boolean firstOfInput, byte[] b, int from, int to, boolean newline,
      InputLimits limits) {
    if (firstOfInput) {
      from = skipByteOrderMark(source, b, from, to);
    }
    if (newline && to > from && b[to - 1] == '\r') {
      to--;
    }
    if (to - from > limits.maxLineBytes()) {
      throw new InputSyntaxException(Location.ofLine(source, lineNumber), "line too long",
          (to - from) + " bytes; expected at most " + limits.maxLineBytes()
              + " (the line limit)", Remedy.RAISE_LINE_LIMIT);
    }
    if (!plainAscii(b, from, to)) {
      checkText(source, lineNumber, b, from, to);
    }
    return (long) from << 32 | to;
  }

  /** Whether {@code [from, to)} is ASCII without {@code \r}: the common case, eight bytes at a time. */
  private static boolean plainAscii(byte[] b, int from, int to) {
    int i = from;
    long any = 0;
    for (; i + 8 <= to; i += 8) {
      long w = (long) LONGS.get(b, i);
      long cr = w ^ RETURNS;
      any |= w & HIGHS | (cr - ONES) & ~cr & HIGHS;
    }
    if (any != 0) {
      return false;
    }
    for (; i < to; i++) {
      if (b[i] < 0 || b[i] == '\r') {
        return false;
      }
    }
    return true;
  }

  private static void checkText(String source, long lineNumber, byte[] b, int from, int to) {
    boolean ascii = true;
    for (int i = from; i < to; i++) {
      byte x = b[i];
      if (x == '\r') {
        throw new InputSyntaxException(new Location(source, lineNumber, Utf8.column(b, from, i), ""),
            "carriage return inside a line", "a \\r not followed by \\n; expected \\n or \\r\\n line ends");
      }
      if (x < 0) {
        ascii = false;
      }
    }
    if (!ascii) {
      int bad = Utf8.firstMalformed(b, from, to);
      if (bad >= 0) {
        throw new InputSyntaxException(new Location(source, lineNumber, Utf8.column(b, from, bad), ""),
            "malformed UTF-8", "byte 0x" + String.format(java.util.Locale.ROOT, "%02x", b[bad] & 0xff)
                + " at byte offset " + (bad - from) + " of the line; expected UTF-8 text");
      }
    }
  }

  private static int skipByteOrderMark(String source, byte[] buf, int from, int to) {
    if (to - from >= 3 && (buf[from] & 0xff) == 0xEF && (buf[from + 1] & 0xff) == 0xBB && (buf[from + 2] & 0xff) == 0xBF) {
      return from + 3;
    }
    if (to - from >= 2 && ((buf[from] & 0xff) == 0xFF && (buf[from + 1] & 0xff) == 0xFE
        || (buf[from] & 0xff) == 0xFE && (buf[from + 1] & 0xff) == 0xFF)) {
      throw new InputSyntaxException(Location.ofLine(source, 1), "UTF-16 text",
          "starts with a UTF-16 byte order mark; expected UTF-8");
    }
    return from;
  }

  static InputSyntaxException tooLong(String source, long line, InputLimits limits) {
    return new InputSyntaxException(Location.ofLine(source, line), "line too long",
        "more than " + limits.maxLineBytes() + " bytes; expected at most " + limits.maxLineBytes()
            + " (the line limit)", Remedy.RAISE_LINE_LIMIT);
  }

  /** Closes the underlying input. */
  @Override
  public void close() throws IOException {
    in.close();
  }
}
