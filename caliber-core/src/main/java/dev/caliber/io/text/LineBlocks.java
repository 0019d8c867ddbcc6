package dev.caliber.io.text;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.Remedy;
import dev.caliber.io.InputLimits;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * Reads an input in blocks of whole lines, so that worker threads can check and parse the lines
 * of one block while the next is read. The counterpart of {@link LineReader}, with the same rules
 * and the same first error for every input.
 *
 * <p>The thread that calls {@link #next} only moves bytes: it finds where a block ends (the caller
 * chooses among line ends with a {@link Cutter}) and hands the buffer over. A worker walks the
 * block's lines with a {@link BlockCursor}, which applies {@link LineReader}'s line rules. Line numbers
 * in a cursor count from the block's first line (numbered 1), since the reading thread does not
 * count lines; whoever merges the blocks in order adds the lines of the blocks before ({@link
 * #relocate}).
 *
 * <p>A block holds at most {@link InputLimits#maxQueryBytes()} bytes beyond where it could have
 * been cut: when the cutter finds no line to cut at within that many bytes (one query's lines, a
 * run of blank lines), the input ends there with a "query too large" error, so that the bytes held
 * never depend on the input's size. Buffers handed out are sized to the block, not to the largest
 * block so far, and only buffers of the usual size are kept for reuse.
 *
 * <p>Errors that belong to the stream (a line too long to find its end, an input beyond its size
 * limit, a query beyond its limit, a broken gzip stream) end the block they happen in: its cursor first gives every
 * complete line before them, as {@link LineReader} does, then throws the error at the next line.
 */
public final class LineBlocks implements Closeable {
  private static final int CHUNK = 1 << 16;

  /** Chooses where a block ends. */
  @FunctionalInterface
  public interface Cutter {
    /**
     * Where to end the block that starts at {@code from}: a line start in {@code (from, to]}, or
     * {@code from} to ask for more bytes first.
     *
     * @param b the buffer
     * @param from the block's first byte
     * @param to the end of the last complete line in the buffer (just after its {@code \n})
     */
    int cut(byte[] b, int from, int to);
  }

  private final String source;
  private final InputStream in;
  private final InputLimits limits;
  private byte[] buf;
  private int limit;
  private boolean eof;
  private boolean overflow;
  private GzipDecoder.MalformedGzipException broken;
  private long total;
  private long delivered;
  private int index;
  private boolean done;
  /** The least bytes a block holds, as the caller asks: buffers of about this size are reused. */
  private int usual;
  /**
   * Where the last line starts of the bytes the cutter has already found no cut in ({@code [0,
   * scanned]} is one query), so that a long query is scanned once, not once per read.
   */
  private int scanned;
  /** Buffers of blocks done with, for the next blocks: no garbage per block, nothing for the GC to promote. */
  private final Buffers spare;

  private LineBlocks(String source, InputStream in, InputLimits limits, Buffers spare) {
    this.source = source;
    this.in = in;
    this.limits = limits;
    this.spare = spare;
  }

  /**
   * Block buffers done with, kept for later blocks: those of one input, or of inputs read one after
   * another with the same least block size (a call that evaluates many runs), so that a block's
   * buffer is garbage neither per block nor per input. Any thread may give a buffer back; at most
   * 64 are kept.
   */
  public static final class Buffers {
    private static final int KEPT = 64;
    private final java.util.concurrent.ConcurrentLinkedQueue<byte[]> spare = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final java.util.concurrent.atomic.AtomicInteger size = new java.util.concurrent.atomic.AtomicInteger();

    /** None kept yet. */
    public Buffers() {}

    /** A kept buffer of exactly {@code length} bytes, or null (one of another length is let go). */
    byte[] poll(int length) {
      byte[] b = spare.poll();
      if (b == null) {
        return null;
      }
      size.decrementAndGet();
      return b.length == length ? b : null;
    }

    void offer(byte[] b) {
      if (size.incrementAndGet() <= KEPT) {
        spare.offer(b);
      } else {
        size.decrementAndGet();
      }
    }
  }

  /**
   * Reads {@code bytes}, decompressing gzip when it starts with {@code 1f 8b}.
   *
   * @param source the name errors give for this input
   * @param bytes the raw input; closed by {@link #close()}
   * @param limits the bounds on line length and decompressed size
   * @throws IOException if reading the first bytes fails
   */
  public static LineBlocks of(String source, InputStream bytes, InputLimits limits) throws IOException {
    return of(source, bytes, limits, new Buffers());
  }

  /**
   * {@link #of(String, InputStream, InputLimits)}, taking block buffers from {@code buffers} and
   * giving them back there ({@link #recycle}, and the reading buffer on {@link #close()}).
   *
   * @param source the name errors give for this input
   * @param bytes the raw input; closed by {@link #close()}
   * @param limits the bounds on line length and decompressed size
   * @param buffers shared with the inputs read before and after this one, not null
   * @return the blocks of the input
   * @throws IOException if reading the first bytes fails
   */
  public static LineBlocks of(String source, InputStream bytes, InputLimits limits, Buffers buffers) throws IOException {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(limits, "limits");
    Objects.requireNonNull(buffers, "buffers");
    return new LineBlocks(source, Compression.decoded(source, Objects.requireNonNull(bytes, "bytes")), limits, buffers);
  }

  /**
   * {@link #of(String, InputStream, InputLimits, Buffers)} of bytes read as plain text as they are,
   * without looking for a compression's magic bytes: a part of a plain file cut at a line ({@code
   * TrecRunStream.openPart}), whose first bytes are a line's, not the file's.
   *
   * @param source the name errors give for this input
   * @param bytes the raw input; closed by {@link #close()}
   * @param limits the bounds on line length
   * @param buffers shared with the inputs read before and after this one, not null
   * @return the blocks of the input
   */
  public static LineBlocks plain(String source, InputStream bytes, InputLimits limits, Buffers buffers) {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(limits, "limits");
    Objects.requireNonNull(buffers, "buffers");
    return new LineBlocks(source, Objects.requireNonNull(bytes, "bytes"), limits, buffers);
  }

  /** The input's name, as errors give it. */
  public String source() {
    return source;
  }

  /** Bytes handed out in blocks so far (after decompression). */
  public long bytesDelivered() {
    return delivered;
  }

  /**
   * The next block: at least {@code minBytes} unless the input ends first, ending where {@code
   * cutter} says (or at the end of the input), or null when the input is exhausted.
   *
   * @throws IOException if reading fails (not for malformed input: that is the cursor's error)
   */
  public Block next(int minBytes, Cutter cutter) throws IOException {
    if (done) {
      return null;
    }
    if (buf == null) {
      usual = Math.max(minBytes, CHUNK) + CHUNK;
      buf = spare.poll(usual);
      if (buf == null) {
        buf = new byte[usual];
      }
    }
    while (true) {
      boolean more = !eof && !overflow && broken == null;
      if (more && limit < minBytes) {
        fill();
        continue;
      }
      int lastNewline = LineReader.lastIndexOfNewline(buf, 0, limit);
      int end = lastNewline + 1;
      if (!more) {
        if (!eof || limit - end > limits.maxLineBytes() + LineReader.SLACK) {
          return last(end, streamError(end));
        }
        if (limit == 0) {
          done = true;
          return null;
        }
        return last(limit, null); // the input ended cleanly: its last line needs no \n
      }
      if (limit - end > limits.maxLineBytes() + LineReader.SLACK) {
        return last(end, streamError(end));
      }
      int cut = end <= scanned ? scanned : cutter.cut(buf, scanned, end);
      if (cut == scanned) {
        if (end > limits.maxQueryBytes()) {
          // Cut where the limit is, not where the last read ended, so that the error's line
          // never depends on how the input was read.
          return last(LineReader.lastIndexOfNewline(buf, 0, limits.maxQueryBytes()) + 1, StreamError.QUERY_TOO_LARGE);
        }
        scanned = end == 0 ? 0 : LineReader.lastIndexOfNewline(buf, 0, end - 1) + 1;
        fill();
        continue;
      }
      return hand(cut);
    }
  }

  /** The error that ends the input after {@code [0, end)}: a line too long, or what stopped reading. */
  private StreamError streamError(int end) {
    if (limit - end > limits.maxLineBytes() + LineReader.SLACK) {
      return StreamError.TOO_LONG;
    }
    if (overflow) {
      return StreamError.TOO_LARGE;
    }
    return new StreamError(broken.reason, broken.detail);
  }

  private Block last(int end, StreamError error) {
    done = true;
    Block b = new Block(source, limits, index++, buf, end, error, error == null);
    delivered += end;
    buf = null;
    return b;
  }

  private Block hand(int cut) {
    Block b = new Block(source, limits, index++, buf, cut, null, false);
    delivered += cut;
    int size = Math.max(usual, limit - cut + 2 * CHUNK);
    byte[] next = size <= usual ? spare.poll(usual) : null;
    if (next == null) {
      next = new byte[size];
    }
    System.arraycopy(buf, cut, next, 0, limit - cut);
    limit -= cut;
    buf = next;
    scanned = 0;
    return b;
  }

  private void fill() throws IOException {
    if (limit == buf.length) {
      buf = java.util.Arrays.copyOf(buf, buf.length * 2);
    }
    int n;
    try {
      do {
        n = in.read(buf, limit, buf.length - limit);
      } while (n == 0);
    } catch (GzipDecoder.MalformedGzipException e) {
      broken = e;
      return;
    }
    if (n < 0) {
      eof = true;
      return;
    }
    limit += n;
    total += n;
    if (total > limits.maxDecompressedBytes()) {
      limit -= (int) (total - limits.maxDecompressedBytes());
      overflow = true;
    }
  }

  /**
   * Gives a block's buffer back for a later block, once nothing reads the block any more (any
   * thread may call this; a block must not be used afterwards).
   */
  public void recycle(Block block) {
    if (block.data.length == usual) {
      spare.offer(block.data);
    }
  }

  /**
   * {@code e} as thrown by a cursor of a block whose first line is line {@code firstLine} of the
   * input: the same error, with the line numbered in the whole input.
   */
  public static InputSyntaxException relocate(InputSyntaxException e, long firstLine) {
    Location at = e.location();
    if (at.line() == 0) {
      return e;
    }
    return e.at(new Location(at.source(), at.line() + firstLine - 1, at.column(), at.path()));
  }

  /**
   * The error for a query whose lines, from its first line's first byte to line {@code line}'s
   * line end, hold more than {@link InputLimits#maxQueryBytes()} bytes: both the reading thread
   * (which stops there, having found no other query) and a block's parser (which sees the query
   * whole) give it, at the same line.
   *
   * @param source the input's name
   * @param line the first line that ends past the limit
   * @param limits the limits read under
   * @return the error, with the remedy of a larger query limit
   */
  public static InputSyntaxException queryTooLarge(String source, long line, InputLimits limits) {
    return new InputSyntaxException(Location.ofLine(source, line), "query too large",
        "more than " + limits.maxQueryBytes() + " bytes of lines with one query ID (or blank lines) in a row; expected at most "
            + limits.maxQueryBytes() + " (the query limit)", Remedy.RAISE_QUERY_LIMIT);
  }

  /** Closes the underlying input; the reading buffer (never a block's) goes back to the buffers. */
  @Override
  public void close() throws IOException {
    if (buf != null && buf.length == usual) {
      spare.offer(buf);
    }
    buf = null;
    in.close();
  }

  /** An error of the stream, thrown at the line after a block's last complete line. */
  record StreamError(String reason, String detail) {
    static final StreamError TOO_LONG = new StreamError(null, null);
    static final StreamError TOO_LARGE = new StreamError(null, null);
    static final StreamError QUERY_TOO_LARGE = new StreamError(null, null);

    InputSyntaxException at(String source, long line, InputLimits limits) {
      if (this == TOO_LONG) {
        return LineReader.tooLong(source, line, limits);
      }
      if (this == TOO_LARGE) {
        return LineReader.tooLarge(source, line, limits);
      }
      if (this == QUERY_TOO_LARGE) {
        return queryTooLarge(source, line, limits);
      }
      return new InputSyntaxException(Location.ofLine(source, line), reason, detail);
    }
  }

  /** A block of whole lines, handed to one worker; immutable once handed out. */
  public static final class Block {
    final String source;
    final InputLimits limits;
    final int index;
    final byte[] data;
    final int length;
    final StreamError error;
    final boolean end;

    private Block(String source, InputLimits limits, int index, byte[] data, int length, StreamError error, boolean end) {
      this.source = source;
      this.limits = limits;
      this.index = index;
      this.data = data;
      this.length = length;
      this.error = error;
      this.end = end;
    }

    /** Whether the input ended cleanly with this block: nothing follows its last line. */
    public boolean endsInput() {
      return end;
    }

    /** 0 for the input's first block, then 1, 2... */
    public int index() {
      return index;
    }

    /** The buffer; the block's bytes are {@code [0, length())}. */
    public byte[] data() {
      return data;
    }

    /** The number of bytes in the block. */
    public int length() {
      return length;
    }

    /** A cursor over the block's lines, numbered from 1. */
    public BlockCursor cursor() {
      return new BlockCursor(this);
    }
  }
}
