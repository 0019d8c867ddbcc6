package dev.caliber.internal;

import java.nio.charset.StandardCharsets;

/**
 * The one hash of a document ID: over its UTF-8 bytes, which a run's entries ({@code EntryBlock})
 * and the judgments ({@code Qrels}) both keep for each ID, so that a scorer compares hashes before
 * bytes. Java's String hash over the (signed) bytes, {@code h = 31 * h + b}, then {@code h ^ (h >>>
 * 16)} to fold the high bits into the low ones for tables indexed by the low bits. Here, below both,
 * so that the judgments need not import the run reader's block to hash alike.
 */
public final class IdHash {
  private IdHash() {}

  /** The hash of the ID whose UTF-8 bytes are {@code b[from, to)}. */
  public static int of(byte[] b, int from, int to) {
    int h = 0;
    for (int i = from; i < to; i++) {
      h = 31 * h + b[i];
    }
    return h ^ (h >>> 16);
  }

  /** The hash of {@code s}'s UTF-8 bytes, without encoding it when it is ASCII. */
  public static int of(String s) {
    int h = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return of(b, 0, b.length);
      }
      h = 31 * h + c;
    }
    return h ^ (h >>> 16);
  }
}
