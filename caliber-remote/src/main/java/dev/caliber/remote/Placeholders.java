package dev.caliber.remote;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The placeholders of both template kinds, found once: {@code {{query_text}}} and {@code
 * {{query_id}}}, spelled exactly so (no spaces, lower case). Anything else between double braces is
 * refused, so that a template written for {@code _rank_eval}'s mustache ({@code {{query_string}}})
 * fails here, with a hint, rather than being sent with the braces in it.
 */
final class Placeholders {
  static final String TEXT = "query_text";
  static final String ID = "query_id";
  private static final Pattern BRACES = Pattern.compile("\\{\\{(.*?)}}", Pattern.DOTALL);

  private Placeholders() {}

  /** A piece of a template: literal text, or a placeholder's name. */
  record Piece(String literal, String placeholder) {}

  /**
   * Cuts a text into literals and placeholders.
   *
   * @param text the template text
   * @param what the template's name for messages ("request template", "parameter q")
   * @return the pieces in order
   * @throws IllegalArgumentException at an unknown placeholder, naming it and where it is
   */
  static List<Piece> split(String text, String what) {
    List<Piece> pieces = new ArrayList<>();
    Matcher m = BRACES.matcher(text);
    int from = 0;
    while (m.find()) {
      String name = m.group(1);
      if (!name.equals(TEXT) && !name.equals(ID)) {
        throw new IllegalArgumentException("illegal " + what + ": unknown placeholder {{" + name + "}} at "
            + where(text, m.start()) + "; the placeholders are {{query_text}} and {{query_id}}"
            + (name.strip().equals("query_string") ? " (_rank_eval's {{query_string}} is {{query_text}} here)" : ""));
      }
      if (m.start() > from) {
        pieces.add(new Piece(text.substring(from, m.start()), null));
      }
      pieces.add(new Piece(null, name));
      from = m.end();
    }
    if (from < text.length()) {
      pieces.add(new Piece(text.substring(from), null));
    }
    return List.copyOf(pieces);
  }

  /**
   * Whether any piece is a placeholder.
   *
   * @param pieces from {@link #split}
   * @return true if one is
   */
  static boolean any(List<Piece> pieces) {
    return pieces.stream().anyMatch(p -> p.placeholder() != null);
  }

  /**
   * The pieces with the placeholders filled in.
   *
   * @param pieces from {@link #split}
   * @param id the query ID, as it goes in (already escaped for the template's syntax)
   * @param text the query text, likewise
   * @return the text
   */
  static String fill(List<Piece> pieces, String id, String text) {
    StringBuilder b = new StringBuilder();
    for (Piece p : pieces) {
      b.append(p.placeholder() == null ? p.literal() : p.placeholder().equals(TEXT) ? text : id);
    }
    return b.toString();
  }

  private static String where(String text, int offset) {
    int line = 1;
    int column = 1;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    return "line " + line + ", column " + column;
  }
}
