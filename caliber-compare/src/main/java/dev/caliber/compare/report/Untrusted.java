package dev.caliber.compare.report;

/**
 * What CSV does to IDs from untrusted files beyond its escaping: an ID that a spreadsheet would
 * take for a formula is neutralised, as spreadsheet-safe exporters do (OWASP, "CSV Injection").
 * Which characters no writer obeys (bidi and control characters) is {@link
 * dev.caliber.report.UnsafeCharacters}'s rule.
 */
final class Untrusted {
  private Untrusted() {}

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
