package dev.caliber.io.text;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.io.InputLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;

/**
 * An input's bytes as text bytes, for every reader: gzip told by its magic bytes (never by file
 * name) and decompressed, the other compressions refused by name, and the size after
 * decompression held to the input limits.
 */
public final class Compression {
  private Compression() {}

  /**
   * {@code bytes}, decompressed when they start with the gzip magic bytes {@code 1f 8b}: how every
   * input, lines or a whole JSON document, tells gzip (never by file name). Input that starts with
   * the magic bytes of another compression (bzip2, xz, zstd, zip) is refused by name, rather than
   * read as text and refused as malformed UTF-8 at its first byte.
   *
   * @param source the name errors give for this input
   * @param bytes the raw input; closing the result closes it
   * @return the input as text bytes; a broken gzip stream fails in {@code read} with an IOException
   * @throws IOException if reading the first bytes fails
   * @throws InputSyntaxException if the input is compressed in a format caliber does not read
   */
  public static InputStream decoded(String source, InputStream bytes) throws IOException {
    PushbackInputStream peek = new PushbackInputStream(bytes, 10);
    byte[] magic = peek.readNBytes(2);
    boolean gzip = magic.length == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b;
    if (!gzip && mayBeginOtherCompression(magic)) {
      // the start of another compression's magic: read the rest of it (text rarely starts so)
      byte[] more = peek.readNBytes(8);
      magic = java.util.Arrays.copyOf(magic, 2 + more.length);
      System.arraycopy(more, 0, magic, 2, more.length);
    }
    peek.unread(magic);
    if (gzip) {
      return new GzipDecoder(peek);
    }
    String other = otherCompression(magic);
    if (other != null) {
      throw new InputSyntaxException(Location.ofFile(source), other + "-compressed input",
          "caliber reads plain text and gzip; decompress it first, or recompress it with gzip");
    }
    return peek;
  }

  /**
   * Whether an input whose first bytes are {@code first} is read as plain text as it is ({@link
   * #decoded} neither decompresses it nor refuses it as compressed): the test for a file that may be
   * cut into parts and read from the middle.
   *
   * @param first the input's first ten bytes, or all of it when shorter
   * @return false for gzip and the compressions caliber refuses
   */
  public static boolean isPlain(byte[] first) {
    return !starts(first, 0x1f, 0x8b) && otherCompression(first) == null;
  }

  /** Whether two first bytes may begin the magic of bzip2, xz, zstd or zip: only then are more read ahead. */
  private static boolean mayBeginOtherCompression(byte[] b) {
    return b.length == 2 && (starts(b, 0xfd, '7') || starts(b, 0x28, 0xb5) || starts(b, 'P', 'K') || starts(b, 'B', 'Z'));
  }

  /**
   * The compression whose magic bytes start {@code b}, other than gzip, or null. bzip2 is told by
   * "BZh", its block size and the magic of its first block (or of its end, when empty), so that no
   * text is taken for it; the others start with bytes no text has.
   */
  static String otherCompression(byte[] b) {
    if (starts(b, 0xfd, '7', 'z', 'X', 'Z', 0x00)) {
      return "xz";
    }
    if (starts(b, 0x28, 0xb5, 0x2f, 0xfd)) {
      return "zstd";
    }
    if (starts(b, 'P', 'K', 0x03, 0x04)) {
      return "zip";
    }
    if (b.length >= 10 && starts(b, 'B', 'Z', 'h') && b[3] >= '1' && b[3] <= '9') {
      byte[] block = java.util.Arrays.copyOfRange(b, 4, 10);
      if (starts(block, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59) || starts(block, 0x17, 0x72, 0x45, 0x38, 0x50, 0x90)) {
        return "bzip2";
      }
    }
    return null;
  }

  private static boolean starts(byte[] b, int... prefix) {
    if (b.length < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if ((b[i] & 0xff) != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code decoded} (see {@link #decoded}) as a reader that is not line-based (JSON) reads it: held
   * to {@code limits}' size after decompression (a read past it fails with the "input too large"
   * error), and a broken gzip stream is the same syntax error as for lines; both located at the
   * file.
   *
   * @param source the name errors give for this input
   * @param decoded the input after decompression
   * @param limits the bound on its size
   * @return a stream that yields at most {@link InputLimits#maxDecompressedBytes()} bytes
   */
  public static InputStream bounded(String source, InputStream decoded, InputLimits limits) {
    return new java.io.FilterInputStream(decoded) {
      private long total;

      @Override
      public int read() throws IOException {
        try {
          int b = super.read();
          count(b < 0 ? 0 : 1);
          return b;
        } catch (GzipDecoder.MalformedGzipException e) {
          throw broken(e);
        }
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        try {
          int n = super.read(b, off, len);
          count(Math.max(n, 0));
          return n;
        } catch (GzipDecoder.MalformedGzipException e) {
          throw broken(e);
        }
      }

      /** A broken gzip stream: the same syntax error as for lines, located at the file. */
      private InputSyntaxException broken(GzipDecoder.MalformedGzipException e) {
        return new InputSyntaxException(Location.ofFile(source), e.reason, e.detail);
      }

      private void count(int n) {
        total += n;
        if (total > limits.maxDecompressedBytes()) {
          throw LineReader.tooLarge(Location.ofFile(source), limits);
        }
      }
    };
  }
}
