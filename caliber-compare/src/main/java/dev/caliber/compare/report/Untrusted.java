package dev.caliber.compare.report;

import dev.caliber.report.UnsafeCharacters;

/**
 * What the readable writers do to IDs from untrusted files beyond their format's escaping: bidi
 * controls are shown, never obeyed (a right-to-left override in a query ID would reverse the text
 * after it, in a table cell or an SVG label: "Trojan Source"), and in CSV an ID that a spreadsheet
 * would take for a formula is neutralised, as spreadsheet-safe exporters do (OWASP, "CSV
 * Injection").
 */
final class Untrusted {
  private Untrusted() {}

  /** Whether {@code ch} is a bidi control ({@link UnsafeCharacters#isBidiControl}, the one rule). */
  static boolean isBidiControl(char ch) {
    return UnsafeCharacters.isBidiControl(ch);
  }

  /** How a bidi or control character is shown instead ({@link UnsafeCharacters#shown}): {@code [U+202E]}. */
  static String shown(char ch) {
    return UnsafeCharacters.shown(ch);
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
