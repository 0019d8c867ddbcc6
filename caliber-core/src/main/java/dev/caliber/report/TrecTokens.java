package dev.caliber.report;

import dev.caliber.json.PyJson;

/**
 * What one column of a blank-separated TREC text can hold, the one rule both of its writers
 * (run lines, trec_eval's text) keep: at least one character, and no blank or control character
 * (below U+0020), which the TREC readers split on or reject. An ID from a JSON input can hold
 * either; written into such a text it would split a line in two or forge another.
 */
public final class TrecTokens {
  private TrecTokens() {}

  /**
   * Refuses {@code s} when a TREC text cannot hold it as one column.
   *
   * @param what what {@code s} is, such as {@code "query ID"}
   * @param s the value to write as one column
   * @param text the text, such as {@code "a TREC run line"}
   * @param instead what to do instead, such as {@code "write JSON instead"}
   * @throws IllegalArgumentException naming {@code s} as JSON quotes it
   */
  public static void require(String what, String s, String text, String instead) {
    if (s.isEmpty()) {
      throw new IllegalArgumentException("empty " + what + ": " + text + " cannot hold it; " + instead);
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c <= ' ') {
        String kind = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\u000B' || c == '\f' ? "a blank" : "a control character";
        throw new IllegalArgumentException(what + " " + PyJson.canonical(s) + " has " + kind + ": " + text + " cannot hold it; "
            + instead);
      }
    }
  }
}
