package dev.caliber.io.text;

import dev.caliber.io.InputLimits;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/** Builds inputs in memory: text, bytes, gzip members with chosen header fields. */
public final class TestInputs {
  private TestInputs() {}

  /** UTF-8 bytes of the text. */
  public static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** A reader over the bytes with the given limits. */
  public static LineReader reader(String source, byte[] bytes, InputLimits limits) {
    try {
      return LineReader.of(source, new ByteArrayInputStream(bytes), limits);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every line of the input, as text. */
  public static List<String> lines(byte[] bytes) throws IOException {
    return lines(bytes, InputLimits.DEFAULT);
  }

  /** Every line of the input, as text, with the given limits. */
  public static List<String> lines(byte[] bytes, InputLimits limits) throws IOException {
    List<String> out = new ArrayList<>();
    try (LineReader r = reader("test.txt", bytes, limits)) {
      while (r.next()) {
        out.add(r.text());
      }
    }
    return out;
  }

  /** The bytes gzipped by the JDK. */
  public static byte[] gzip(byte[] bytes) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
        gz.write(bytes);
      }
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One gzip member written by hand, with an extra field, file name, comment and header CRC. */
  public static byte[] gzipWithAllHeaderFields(byte[] bytes) {
    GzipMember member = new GzipMember(bytes).flags(GzipMember.FHCRC | GzipMember.FEXTRA | GzipMember.FNAME | GzipMember.FCOMMENT);
    member.extraLength = 3;
    return member.bytes();
  }

  /** The arrays one after the other. */
  public static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  /**
   * The bytes as a stream that gives at most {@code step} bytes per read and, on every other call,
   * none at all: a slow pipe, which no reader may treat as the end.
   */
  public static Pieces inPieces(byte[] bytes, int step) {
    return new Pieces(bytes, step);
  }

  /** The stream {@link #inPieces} returns; it records whether it was closed. */
  public static final class Pieces extends InputStream {
    private final byte[] bytes;
    private final int step;
    private int pos;
    private boolean zero;
    /** Whether {@link #close()} was called. */
    public boolean closed;

    Pieces(byte[] bytes, int step) {
      this.bytes = bytes;
      this.step = step;
    }

    @Override
    public int read() {
      return pos < bytes.length ? bytes[pos++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      zero = !zero;
      if (zero && len > 0) {
        return 0;
      }
      if (pos == bytes.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, step), bytes.length - pos);
      System.arraycopy(bytes, pos, b, off, n);
      pos += n;
      return n;
    }

    @Override
    public void close() {
      closed = true;
    }
  }
}
