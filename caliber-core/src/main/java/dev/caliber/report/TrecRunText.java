package dev.caliber.report;

import dev.caliber.json.PyJson;
import dev.caliber.protocol.RankedList;
import java.util.function.Consumer;

/**
 * A run written as TREC run lines, {@code qid Q0 docid rank score tag}, one line per entry in the
 * list's order, with the list's rank column and each score as the shortest decimal that reads back
 * as itself, without an exponent ({@link #score}, the digits of Python's repr): the same text on
 * every JDK. The run readers read it back unchanged.
 */
public final class TrecRunText {
  private TrecRunText() {}

  /**
   * Writes one query's lines.
   *
   * @param queryId the query, without blanks
   * @param list its entries, in the order to write
   * @param tag the tag column, without blanks
   * @param out receives the text, a line or more at a time
   * @throws IllegalArgumentException if the query, a document ID or the tag is empty or has a
   *     blank (space, tab, line end) or another control character, which a TREC line cannot hold;
   *     the message names it
   */
  public static void render(String queryId, RankedList list, String tag, Consumer<? super CharSequence> out) {
    requireToken("query ID", queryId);
    requireToken("tag", tag);
    StringBuilder b = new StringBuilder(64 * Math.min(list.size(), 1024));
    for (int i = 0; i < list.size(); i++) {
      String doc = list.doc(i);
      requireToken("document ID", doc);
      b.append(queryId).append(" Q0 ").append(doc).append(' ').append(list.rank(i)).append(' ')
          .append(score(list.score(i))).append(' ').append(tag).append('\n');
      if (b.length() > 1 << 16) {
        out.accept(b);
        b.setLength(0);
      }
    }
    if (b.length() > 0) {
      out.accept(b);
    }
  }

  /**
   * A score as a TREC run line writes it: the shortest decimal that reads back as the score (the
   * digits of Python's repr, {@link PyJson#plain}), no exponent; {@code 0} for zero.
   *
   * @param d a finite score
   * @return its text, which reads back as {@code d}
   * @throws IllegalArgumentException if {@code d} is NaN or infinite
   */
  public static String score(double d) {
    return PyJson.plain(d);
  }

  private static void requireToken(String what, String s) {
    TrecTokens.require(what, s, "a TREC run line", "write JSON instead");
  }
}
