package dev.caliber.compare.report;

import dev.caliber.report.UnsafeCharacters;

/**
 * Escaping for text and double-quoted attribute values in HTML and inline SVG. IDs come from
 * untrusted files, so everything that is not markup written here passes through {@link #esc}.
 */
final class Html {
  private Html() {}

  /**
   * Escapes {@code & < > " '} as character references, replaces control characters other than
   * tab, LF and CR (which HTML forbids) by U+FFFD, and shows bidi controls as their code points
   * ({@link UnsafeCharacters}). Safe in text and in quoted attributes.
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
        case '\t', '\n', '\r' -> out.append(ch);
        default -> {
          if (UnsafeCharacters.isBidiControl(ch)) {
            out.append(UnsafeCharacters.shown(ch)); // shown, never obeyed: no reversed text after an ID
          } else {
            out.append(UnsafeCharacters.isControl(ch) ? '\uFFFD' : ch);
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
