package dev.caliber.io.text;

/**
 * Strict UTF-8 validation (RFC 3629): no overlong forms, no encoded surrogates, nothing above
 * U+10FFFF, no truncated sequences. Java's decoders would replace such bytes with U+FFFD unless
 * told otherwise, and would not say where they are; this says at which byte.
 */
final class Utf8 {
  private Utf8() {}

  /** The index of the first byte that does not start a valid sequence in {@code [from, to)}, or -1. */
  static int firstMalformed(byte[] b, int from, int to) {
    int i = from;
    while (i < to) {
      int c = b[i] & 0xff;
      if (c < 0x80) {
        i++;
      } else if (c < 0xC2) {
        return i; // a stray continuation byte, or the lead of an overlong 2-byte form
      } else if (c < 0xE0) {
        if (i + 1 >= to || !continuation(b[i + 1])) {
          return i;
        }
        i += 2;
      } else if (c < 0xF0) {
        if (i + 2 >= to) {
          return i;
        }
        int c1 = b[i + 1] & 0xff;
        if (c == 0xE0 && c1 < 0xA0 || c == 0xED && c1 > 0x9F || !continuation(b[i + 1]) || !continuation(b[i + 2])) {
          return i; // overlong, or a UTF-16 surrogate
        }
        i += 3;
      } else if (c < 0xF5) {
        if (i + 3 >= to) {
          return i;
        }
        int c1 = b[i + 1] & 0xff;
        if (c == 0xF0 && c1 < 0x90 || c == 0xF4 && c1 > 0x8F || !continuation(b[i + 1]) || !continuation(b[i + 2])
            || !continuation(b[i + 3])) {
          return i; // overlong, or above U+10FFFF
        }
        i += 4;
      } else {
        return i;
      }
    }
    return -1;
  }

  /** The 1-based character (code point) column of byte {@code at} in a line starting at {@code from}. */
  static int column(byte[] b, int from, int at) {
    int col = 1;
    for (int i = from; i < at; i++) {
      if ((b[i] & 0xC0) != 0x80) {
        col++;
      }
    }
    return col;
  }

  private static boolean continuation(byte x) {
    return (x & 0xC0) == 0x80;
  }
}
