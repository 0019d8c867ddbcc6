package dev.caliber.io.read;

import java.io.IOException;
import java.io.InputStream;

/**
 * Where a TREC run may be cut into parts read apart: at a change of query ID, found by reading a
 * few lines from near the cut, so that each part's reader finds the same place alone.
 */
public final class QueryBoundary {
  private QueryBoundary() {}

  /**
   * Where a part of a run that is cut near byte {@code at} begins, so that every query's lines are
   * in one part and no part begins or ends with blank lines (which may only end a run): the first
   * line, after the line that begins at or after {@code at}, whose query ID differs from that of
   * the line before it, neither of them blank; else the end of the input. Two neighbouring parts
   * compute the same place, so parts cut at {@code partStart(a)}, {@code partStart(b)}, ... for
   * growing {@code a, b, ...} cover the run once. Its cut is {@code TrecRunStream.cut}'s: the query ID is the
   * first token of the line, compared byte for byte.
   *
   * @param before the input from byte {@code at - 1} on (not closed); unused when {@code at} is 0
   * @param at the byte near which to cut, from 0 to the input's length
   * @return the byte at which the part begins: 0 for {@code at} 0
   * @throws IOException if reading fails
   */
  public static long partStart(InputStream before, long at) throws IOException {
    if (at <= 0) {
      return 0;
    }
    InputStream in = before instanceof java.io.BufferedInputStream ? before : new java.io.BufferedInputStream(before, 1 << 16);
    long pos = at - 1;
    int c;
    do { // to the first line that begins at or after at
      c = in.read();
      if (c < 0) {
        return pos;
      }
      pos++;
    } while (c != '\n');
    QueryToken previous = new QueryToken();
    QueryToken current = new QueryToken();
    long lineStart = pos;
    if (!previous.read(in)) {
      return lineStart;
    }
    pos += previous.lineBytes;
    while (true) {
      lineStart = pos;
      if (!current.read(in)) {
        return lineStart;
      }
      pos += current.lineBytes;
      if (previous.length > 0 && current.length > 0 && !current.sameAs(previous)) {
        return lineStart;
      }
      QueryToken t = previous;
      previous = current;
      current = t;
    }
  }

  /**
   * A line's query ID as {@code TrecRunStream.cut} reads it (its first token, after spaces and tabs), kept up to
   * the longest line allowed by default: longer IDs are compared by that prefix, which only ever
   * joins two such queries in one part, never splits one.
   */
  private static final class QueryToken {
    private byte[] bytes = new byte[64];
    private int length;
    private long lineBytes;

    /** Reads one line; false at the end of the input. */
    boolean read(InputStream in) throws IOException {
      length = 0;
      lineBytes = 0;
      int c = in.read();
      if (c < 0) {
        return false;
      }
      boolean leading = true;
      boolean inToken = true;
      while (c >= 0) {
        lineBytes++;
        if (c == '\n') {
          return true;
        }
        boolean blank = c == ' ' || c == '\t';
        if (!(leading && blank)) {
          leading = false;
          inToken &= !blank && c != '\r';
          if (inToken) {
            add((byte) c);
          }
        }
        c = in.read();
      }
      return true;
    }

    private void add(byte b) {
      if (length == bytes.length) {
        if (length == dev.caliber.io.InputLimits.DEFAULT_MAX_LINE_BYTES) {
          return;
        }
        bytes = java.util.Arrays.copyOf(bytes, Math.min(2 * length, dev.caliber.io.InputLimits.DEFAULT_MAX_LINE_BYTES));
      }
      bytes[length++] = b;
    }

    boolean sameAs(QueryToken o) {
      return java.util.Arrays.equals(bytes, 0, length, o.bytes, 0, o.length);
    }
  }
}
