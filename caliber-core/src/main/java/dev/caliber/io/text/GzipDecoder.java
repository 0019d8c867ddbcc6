package dev.caliber.io.text;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decompresses a gzip stream (RFC 1952) of one or more members, strictly.
 *
 * <p>Why not {@link java.util.zip.GZIPInputStream}: it silently ignores whatever follows the last
 * member when that is not a gzip header (a half-copied second file, padding), and reports a
 * truncated stream as a bare {@link java.io.EOFException}. Here every byte of the input must
 * belong to a complete member whose CRC-32 and length check out; anything else is a {@link
 * MalformedGzipException}.
 */
final class GzipDecoder extends InputStream {
  /** Bad gzip data: thrown as an IOException from {@code read}, turned into an input error by the caller. */
  static final class MalformedGzipException extends IOException {
    private static final long serialVersionUID = 1L;
    final String reason;
    final String detail;

    MalformedGzipException(String reason, String detail) {
      super(reason + " (" + detail + ")");
      this.reason = reason;
      this.detail = detail;
    }
  }

  static final String TRUNCATED = "truncated gzip stream";
  static final String CORRUPT = "corrupt gzip stream";

  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;
  private static final int RESERVED = 0xE0;

  private final InputStream raw;
  private final byte[] in = new byte[1 << 16];
  private int inPos;
  private int inLimit;
  private final Inflater inflater = new Inflater(true);
  private final CRC32 crc = new CRC32();
  private final CRC32 headerCrc = new CRC32();
  private long memberBytes;
  private long members;
  private boolean inBody;
  private boolean done;

  /** A decoder over {@code raw}, positioned at the first byte of the first member's header. */
  GzipDecoder(InputStream raw) {
    this.raw = raw;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    while (!done) {
      if (!inBody) {
        readHeader();
        inBody = true;
      }
      int n;
      try {
        n = inflater.inflate(b, off, len);
      } catch (DataFormatException e) {
        throw new MalformedGzipException(CORRUPT, "invalid deflate data in member " + (members + 1) + ": " + e.getMessage());
      }
      if (n > 0) {
        crc.update(b, off, n);
        memberBytes += n;
        return n;
      }
      if (inflater.finished()) {
        inPos = inLimit - inflater.getRemaining();
        readTrailer();
        members++;
        inBody = false;
        inflater.reset();
        crc.reset();
        memberBytes = 0;
        if (atEnd()) {
          done = true;
        } else if (peek() != 0x1f) {
          throw new MalformedGzipException(CORRUPT, "trailing bytes after gzip member " + members
              + "; expected end of file or another gzip member");
        }
      } else if (inflater.needsDictionary()) {
        throw new MalformedGzipException(CORRUPT, "member " + (members + 1) + " asks for a preset dictionary");
      } else if (inflater.needsInput()) {
        if (!fill()) {
          throw new MalformedGzipException(TRUNCATED, "the compressed data of member " + (members + 1)
              + " ends early; expected a complete gzip file");
        }
        inflater.setInput(in, inPos, inLimit - inPos);
        inPos = inLimit;
      }
    }
    return -1;
  }

  private void readHeader() throws IOException {
    headerCrc.reset();
    int id1 = headerByte();
    int id2 = headerByte();
    if (id1 != 0x1f || id2 != 0x8b) {
      throw new MalformedGzipException(CORRUPT, "bad magic bytes " + hex(id1) + " " + hex(id2) + " at member "
          + (members + 1) + "; expected 1f 8b");
    }
    int method = headerByte();
    if (method != 8) {
      throw new MalformedGzipException(CORRUPT, "compression method " + method + "; expected 8 (deflate)");
    }
    int flags = headerByte();
    if ((flags & RESERVED) != 0) {
      throw new MalformedGzipException(CORRUPT, "reserved header flags set (" + hex(flags) + ")");
    }
    for (int i = 0; i < 6; i++) {
      headerByte(); // MTIME, XFL, OS: informative only
    }
    if ((flags & FEXTRA) != 0) {
      int xlen = headerByte() | headerByte() << 8;
      for (int i = 0; i < xlen; i++) {
        headerByte();
      }
    }
    if ((flags & FNAME) != 0) {
      while (headerByte() != 0) {
        // skip the zero-terminated original file name
      }
    }
    if ((flags & FCOMMENT) != 0) {
      while (headerByte() != 0) {
        // skip the zero-terminated comment
      }
    }
    if ((flags & FHCRC) != 0) {
      int expected = (int) (headerCrc.getValue() & 0xffff);
      int stored = headerByte() | headerByte() << 8;
      if (stored != expected) {
        throw new MalformedGzipException(CORRUPT, "header CRC mismatch in member " + (members + 1));
      }
    }
    inflater.setInput(in, inPos, inLimit - inPos);
    inPos = inLimit;
  }

  private void readTrailer() throws IOException {
    long storedCrc = trailerInt();
    long storedSize = trailerInt();
    if (storedCrc != crc.getValue()) {
      throw new MalformedGzipException(CORRUPT, "CRC-32 mismatch in member " + (members + 1) + ": stored "
          + Long.toHexString(storedCrc) + ", computed " + Long.toHexString(crc.getValue()));
    }
    if (storedSize != (memberBytes & 0xffffffffL)) {
      throw new MalformedGzipException(CORRUPT, "length mismatch in member " + (members + 1) + ": stored "
          + storedSize + ", decompressed " + memberBytes + " (mod 2^32)");
    }
  }

  private long trailerInt() throws IOException {
    long v = 0;
    for (int i = 0; i < 4; i++) {
      v |= (long) nextByte("trailer") << (8 * i);
    }
    return v;
  }

  private int headerByte() throws IOException {
    int b = nextByte("header");
    headerCrc.update(b);
    return b;
  }

  private int nextByte(String part) throws IOException {
    if (inPos == inLimit && !fill()) {
      throw new MalformedGzipException(TRUNCATED, "the " + part + " of member " + (members + 1)
          + " ends early; expected a complete gzip file");
    }
    return in[inPos++] & 0xff;
  }

  private boolean atEnd() throws IOException {
    return inPos == inLimit && !fill();
  }

  private int peek() {
    return in[inPos] & 0xff;
  }

  /** Refills the empty input buffer; false at end of input. */
  private boolean fill() throws IOException {
    int n;
    do {
      n = raw.read(in, 0, in.length);
    } while (n == 0);
    if (n < 0) {
      inPos = inLimit = 0;
      return false;
    }
    inPos = 0;
    inLimit = n;
    return true;
  }

  private static String hex(int b) {
    return String.format(java.util.Locale.ROOT, "%02x", b);
  }

  @Override
  public void close() throws IOException {
    inflater.end();
    raw.close();
  }
}
