package dev.caliber.report;

import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.List;
import java.util.function.Consumer;

/**
 * A tab-separated table of per-query values, one line per (run, query), for spreadsheets and
 * scripts: {@code run, query, missing, returned, relevant}, then one column per measure (in the
 * one number format of the readable outputs, {@link Numbers}: four decimals, or exact fractions
 * where exact with {@link Numbers#EXACT}; excluded as empty). Tabs and
 * line breaks inside IDs are escaped as {@code \t}, {@code \n}, {@code \r} and backslash as
 * {@code \\}, so every row stays one line. Computes nothing.
 */
public final class QueryTable {
  private QueryTable() {}

  /**
   * About how many characters each piece carries, here and in every writer that hands its text out
   * in pieces (trec_eval's text too): large enough to write efficiently, small enough that 100,000
   * queries never make one string.
   */
  public static final int PIECE = 8192;

  /**
   * The table for runs scored under the same protocol (the header comes from the first).
   *
   * @param results the runs, at least one, all with the first one's measures
   * @return the header line and one line per (run, query) in the runs' and rows' order, every
   *     line ending with {@code \n}
   * @throws IndexOutOfBoundsException if {@code results} is empty
   */
  public static String render(List<RunResult> results) {
    StringBuilder out = new StringBuilder();
    render(results, Numbers.DECIMAL, out::append);
    return out.toString();
  }

  /**
   * The same table handed to {@code pieces} a few kilobytes at a time (each piece valid only during
   * its call), so that a table of 100,000 queries is never one string.
   *
   * @param results the runs, at least one, all with the first one's measures
   * @param pieces receives the text in order; must copy or write each piece before returning
   * @throws IndexOutOfBoundsException if {@code results} is empty
   */
  public static void render(List<RunResult> results, Consumer<? super CharSequence> pieces) {
    render(results, Numbers.DECIMAL, pieces);
  }

  /**
   * The table in a given number style, handed to {@code pieces} a few kilobytes at a time.
   *
   * @param results the runs, at least one, all with the first one's measures
   * @param numbers decimals, or exact fractions where a value is exact
   * @param pieces receives the text in order; must copy or write each piece before returning
   * @throws IndexOutOfBoundsException if {@code results} is empty
   */
  public static void render(List<RunResult> results, Numbers numbers, Consumer<? super CharSequence> pieces) {
    StringBuilder out = new StringBuilder(PIECE + 256);
    out.append("run\tquery\tmissing\treturned\trelevant");
    List<Measure> measures = results.get(0).measures();
    for (Measure m : measures) {
      out.append('\t').append(m.name());
    }
    out.append('\n');
    for (RunResult r : results) {
      for (QueryResult q : r.rows()) {
        out.append(escape(r.runName())).append('\t').append(escape(q.query())).append('\t').append(q.missing())
            .append('\t').append(q.returned()).append('\t').append(q.relevant());
        for (Measure m : measures) {
          Value v = q.value(m);
          out.append('\t').append(v == null ? "" : numbers.value(m, v));
        }
        out.append('\n');
        if (out.length() >= PIECE) {
          pieces.accept(out);
          out.setLength(0);
        }
      }
    }
    pieces.accept(out);
  }

  /**
   * A TSV cell: backslash, tab, newline and carriage return escaped as {@code \\ \t \n \r}, so that
   * every row is one line with its columns in place, and every other {@link UnsafeCharacters
   * unsafe character} (a control character such as ESC or DEL, a bidi control such as U+202E) as
   * {@code \}{@code uXXXX}, so that reading the file in a terminal runs no escape sequence and
   * reorders no text. Reversible: a backslash is always escaped. The one TSV rule, for every TSV
   * caliber writes.
   *
   * @param s the cell's text, not null
   * @return the escaped text
   */
  public static String escape(String s) {
    StringBuilder out = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      switch (ch) {
        case '\\' -> out.append("\\\\");
        case '\t' -> out.append("\\t");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        default -> {
          if (UnsafeCharacters.isUnsafe(ch)) {
            out.append(String.format(java.util.Locale.ROOT, "\\u%04X", (int) ch));
          } else {
            out.append(ch);
          }
        }
      }
    }
    return out.toString();
  }
}
