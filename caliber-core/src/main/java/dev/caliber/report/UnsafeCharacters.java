package dev.caliber.report;

import java.util.Locale;

/**
 * The characters of IDs from untrusted files that no written report obeys: control characters,
 * which a terminal executes (ESC starts an escape sequence, so {@code cat report.tsv} could rewrite
 * the screen), and bidirectional formatting characters, which reorder the text after them in a
 * cell or a label ("Trojan Source"). One rule for every writer: TSV escapes them ({@link
 * QueryTable#escape}), the readable formats show them ({@link #shown}).
 */
public final class UnsafeCharacters {
  private UnsafeCharacters() {}

  /**
   * Whether {@code ch} is a control character: C0 (U+0000-U+001F, tab, newline and carriage return
   * included), DEL (U+007F) or C1 (U+0080-U+009F).
   *
   * @param ch a UTF-16 unit
   * @return true for a control character
   */
  public static boolean isControl(char ch) {
    return ch < 0x20 || ch >= 0x7F && ch <= 0x9F;
  }

  /**
   * Whether {@code ch} is a bidirectional formatting character: the embeddings, overrides and
   * isolates (U+202A-U+202E, U+2066-U+2069), the marks (U+200E, U+200F) and the Arabic letter mark
   * (U+061C).
   *
   * @param ch a UTF-16 unit
   * @return true for a bidi control
   */
  public static boolean isBidiControl(char ch) {
    return ch >= '\u202A' && ch <= '\u202E' || ch >= '\u2066' && ch <= '\u2069' || ch == '\u200E' || ch == '\u200F'
        || ch == '\u061C';
  }

  /**
   * Whether {@code ch} is either, and so must not be written as it is.
   *
   * @param ch a UTF-16 unit
   * @return true for a control or bidi character
   */
  public static boolean isUnsafe(char ch) {
    return isControl(ch) || isBidiControl(ch);
  }

  /**
   * How a readable report shows an unsafe character: its code point in brackets, {@code [U+202E]}.
   *
   * @param ch a UTF-16 unit
   * @return the text shown instead
   */
  public static String shown(char ch) {
    return String.format(Locale.ROOT, "[U+%04X]", (int) ch);
  }

  /**
   * Plain text as a readable report writes it: every unsafe character {@link #shown}, the rest as
   * it is. For writers of plain text lines (a terminal's), which have no escapes of their own.
   *
   * @param text any text, not null
   * @return {@code text} itself when it holds no unsafe character, else a copy with each shown
   */
  public static String shownIn(String text) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (isUnsafe(ch)) {
        if (out == null) {
          out = new StringBuilder(text.length() + 16).append(text, 0, i);
        }
        out.append(shown(ch));
      } else if (out != null) {
        out.append(ch);
      }
    }
    return out == null ? text : out.toString();
  }
}
