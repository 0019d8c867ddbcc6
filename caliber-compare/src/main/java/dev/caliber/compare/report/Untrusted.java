package dev.caliber.compare.report;

import java.util.Locale;

/**
 * What the readable writers do to IDs from untrusted files beyond their format's escaping: bidi
 * controls are shown, never obeyed (a right-to-left override in a query ID would reverse the text
 * after it, in a table cell or an SVG label: "Trojan Source"), and in CSV an ID that a spreadsheet
 * would take for a formula is neutralised, as spreadsheet-safe exporters do (OWASP, "CSV
 * Injection").
 */
final class Untrusted {
  private Untrusted() {}

  /**
   * Whether {@code ch} is a bidirectional formatting character: the embeddings, overrides and
   * isolates (U+202A-U+202E, U+2066-U+2069), the marks (U+200E, U+200F) and the Arabic letter mark
   * (U+061C).
   */
  static boolean isBidiControl(char ch) {
    return ch >= '\u202A' && ch <= '\u202E' || ch >= '\u2066' && ch <= '\u2069' || ch == '\u200E' || ch == '\u200F'
        || ch == '\u061C';
  }

  /** How a bidi control is shown instead: its code point in brackets, {@code [U+202E]}. */
  static String shown(char ch) {
    return String.format(Locale.ROOT, "[U+%04X]", (int) ch);
  }

  /**
   * An ID as a CSV cell that a spreadsheet will not evaluate: one that begins with {@code = + - @},
   * a tab or a carriage return gets a leading apostrophe, which spreadsheets display as text and
   * hide. Other IDs, and every number, are unchanged.
   */
  static String spreadsheetSafe(String id) {
    if (id.isEmpty()) {
      return id;
    }
    char c = id.charAt(0);
    return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r' ? "'" + id : id;
  }
}
