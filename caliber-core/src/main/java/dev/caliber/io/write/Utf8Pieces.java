package dev.caliber.io.write;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Text handed out in pieces, written to a byte stream as UTF-8: the one way caliber's outputs
 * (standard output and {@link AtomicFile}) turn characters into bytes.
 *
 * <p>Why not an {@link java.io.OutputStreamWriter}: it copies each piece into a {@code char[]}
 * (widening the bytes of a Latin-1 string) and encodes the characters one buffer at a time, about
 * three times the CPU of {@link String#getBytes}, which copies the bytes of an ASCII string as
 * they are (a 118 MB JSON report: about 0.26 s against 0.09 s under the launcher's compiler).
 * Pieces longer than {@link #SLICE} characters are encoded a slice at a time, never splitting a
 * surrogate pair, so that a large piece costs no more than a slice's bytes at once.
 */
public final class Utf8Pieces implements Consumer<CharSequence> {
  /** The most characters encoded at once. */
  static final int SLICE = 1 << 16;

  private final OutputStream out;

  /** A high surrogate that ended the last piece, written with the next one; 0 if none. */
  private char pending;

  /**
   * Writes to {@code out}, which it does not buffer, flush or close.
   *
   * @param out the byte stream
   */
  public Utf8Pieces(OutputStream out) {
    this.out = out;
  }

  /**
   * Writes the piece's characters as UTF-8. A surrogate pair split between two pieces is written
   * whole with the second; a lone surrogate becomes {@code ?}, as the JDK's encoders write it.
   *
   * @param piece the text; not kept
   * @throws UncheckedIOException if the stream cannot be written
   */
  @Override
  public void accept(CharSequence piece) {
    CharSequence text = piece;
    if (pending != 0) {
      text = new StringBuilder(piece.length() + 1).append(pending).append(piece);
      pending = 0;
    }
    int n = text.length();
    if (n > 0 && Character.isHighSurrogate(text.charAt(n - 1))) {
      pending = text.charAt(--n);
    }
    for (int start = 0; start < n; ) {
      int end = Math.min(n, start + SLICE);
      if (end < n && Character.isHighSurrogate(text.charAt(end - 1))) {
        end--;
      }
      write(text.subSequence(start, end).toString()); // a String's whole range is itself, not a copy
      start = end;
    }
  }

  /**
   * Ends the text: a high surrogate the last piece ended with is written as {@code ?}, as an
   * encoder writes a lone surrogate. Call once, after the last piece.
   *
   * @throws UncheckedIOException if the stream cannot be written
   */
  public void finish() {
    if (pending != 0) {
      pending = 0;
      write("?");
    }
  }

  private void write(String s) {
    try {
      out.write(s.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
