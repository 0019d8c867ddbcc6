package dev.caliber.compare.report;

import dev.caliber.report.UnsafeCharacters;

/**
 * Escaping for text and double-quoted attribute values in HTML and inline SVG. IDs come from
 * untrusted files, so everything that is not markup written here passes through {@link #esc}.
 */
final class Html {
  private Html() {}

  /**
   * Escapes {@code & < > " '} as character references and shows control characters (tab, LF and
   * CR too) and bidi controls as their code points, {@code [U+000A]} ({@link UnsafeCharacters}).
   * Safe in text and in quoted attributes.
   */
  static String esc(String s) {
    StringBuilder out = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      switch (ch) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> {
          if (UnsafeCharacters.isUnsafe(ch)) {
            // shown, never obeyed: no reversed text after an ID, and two IDs that differ in a
            // control character (a newline, which a browser shows as a space) do not read alike
            out.append(UnsafeCharacters.shown(ch));
          } else {
            out.append(ch);
          }
        }
      }
    }
    return out.toString();
  }

  /** At most {@code max} characters (code points), with an ellipsis when cut; escaped. */
  static String shortEsc(String s, int max) {
    if (s.codePointCount(0, s.length()) <= max) {
      return esc(s);
    }
    return esc(s.substring(0, s.offsetByCodePoints(0, max - 1))) + "…";
  }
}
