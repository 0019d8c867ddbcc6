package dev.caliber.compare.report;

import dev.caliber.compare.Comparison;
import dev.caliber.compare.PairedComparison;
import dev.caliber.compare.QueryDelta;
import dev.caliber.report.Numbers;
import dev.caliber.report.QueryTable;
import dev.caliber.report.UnsafeCharacters;
import java.util.List;

/**
 * Per-query values and deltas as a delimited table, one line per (measure, pair, query):
 * {@code measure, baseline, system, query, baseline_value, system_value, delta,
 * baseline_first_relevant_rank, system_first_relevant_rank}. Values and deltas print in the one
 * number format of the readable outputs ({@link Numbers}: four decimals), or as exact fractions
 * ({@code 1/2}) where exact with {@link Numbers#EXACT}; a missing rank is empty.
 *
 * <ul>
 *   <li>CSV follows RFC 4180: CRLF line ends; a field holding a comma, a double quote, CR or LF
 *       is quoted, its quotes doubled.
 *   <li>TSV keeps one record per line: backslash, tab, LF and CR inside a field are written
 *       {@code \\}, {@code \t}, {@code \n}, {@code \r} (as {@code caliber evaluate}'s table).
 * </ul>
 *
 * In CSV, an ID (measure, run or query) that a spreadsheet would take for a formula (it begins
 * with {@code = + - @}, a tab or a CR) gets a leading apostrophe ({@link #csv(Comparison)}); {@link
 * #csv(Comparison, boolean)} with {@code raw} writes IDs as they are; otherwise control characters
 * (but tab, CR and LF) and bidi controls in an ID are shown as {@code [U+001B]}. Numbers are never
 * changed. TSV escapes IDs as {@link QueryTable#escape} does. Computes nothing.
 */
public final class CompareTable {
  private static final List<String> HEADER = List.of("measure", "baseline", "system", "query", "baseline_value",
      "system_value", "delta", "baseline_first_relevant_rank", "system_first_relevant_rank");

  private CompareTable() {}

  /**
   * The CSV text.
   *
   * @param c the comparison, not null
   * @return the header and one record per (measure, pair, query), every line ending with CRLF
   */
  public static String csv(Comparison c) {
    return csv(c, false);
  }

  /**
   * The CSV text, its IDs neutralised for spreadsheets or not.
   *
   * @param c the comparison, not null
   * @param raw whether IDs are written as they are, even one a spreadsheet would run as a formula
   * @return the header and one record per (measure, pair, query), every line ending with CRLF
   */
  public static String csv(Comparison c, boolean raw) {
    return csv(c, raw, Numbers.DECIMAL);
  }

  /**
   * The CSV text, its IDs neutralised for spreadsheets or not, its values in a given style.
   *
   * @param c the comparison, not null
   * @param raw whether IDs are written as they are, even one a spreadsheet would run as a formula
   * @param numbers decimals, or exact fractions where a value is exact
   * @return the header and one record per (measure, pair, query), every line ending with CRLF
   */
  public static String csv(Comparison c, boolean raw, Numbers numbers) {
    return render(c, true, !raw, numbers);
  }

  /**
   * The TSV text.
   *
   * @param c the comparison, not null
   * @return the header and one record per (measure, pair, query), every line ending with LF
   */
  public static String tsv(Comparison c) {
    return tsv(c, Numbers.DECIMAL);
  }

  /**
   * The TSV text, its values in a given style.
   *
   * @param c the comparison, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return the header and one record per (measure, pair, query), every line ending with LF
   */
  public static String tsv(Comparison c, Numbers numbers) {
    return render(c, false, false, numbers);
  }

  private static String render(Comparison c, boolean csv, boolean safe, Numbers numbers) {
    StringBuilder out = new StringBuilder();
    line(out, HEADER, csv);
    for (PairedComparison p : c.comparisons()) {
      for (QueryDelta d : p.deltas()) {
        line(out, List.of(id(p.measure().name(), safe), id(p.baseline(), safe), id(p.system(), safe), id(d.query(), safe),
            numbers.value(p.measure(), d.baseline()), numbers.value(p.measure(), d.system()),
            numbers.value(p.measure(), d.delta()), rank(d.baselineRank()), rank(d.systemRank())), csv);
      }
    }
    return out.toString();
  }

  /** One record: the fields escaped by the format's rule, then its line end. */
  static void line(StringBuilder out, List<String> fields, boolean csv) {
    for (int i = 0; i < fields.size(); i++) {
      out.append(i == 0 ? "" : csv ? "," : "\t").append(csv ? csvField(fields.get(i)) : tsvField(fields.get(i)));
    }
    out.append(csv ? "\r\n" : "\n");
  }

  static String id(String s, boolean safe) {
    return safe ? Untrusted.spreadsheetSafe(shownUnsafe(s)) : s;
  }

  /**
   * A CSV ID with its control characters other than tab, CR and LF (data in a field, which quoting
   * keeps inside it) and its bidi controls shown as {@code [U+001B]}: a terminal that prints the file runs
   * no escape sequence, and a spreadsheet reorders no text.
   */
  private static String shownUnsafe(String s) {
    StringBuilder out = null;
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      boolean unsafe = UnsafeCharacters.isUnsafe(ch) && ch != '\r' && ch != '\n' && ch != '\t';
      if (unsafe && out == null) {
        out = new StringBuilder(s.length() + 8).append(s, 0, i);
      }
      if (out != null) {
        if (unsafe) {
          out.append(UnsafeCharacters.shown(ch));
        } else {
          out.append(ch);
        }
      }
    }
    return out == null ? s : out.toString();
  }

  static String csvField(String s) {
    if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      return s;
    }
    return '"' + s.replace("\"", "\"\"") + '"';
  }

  static String tsvField(String s) {
    return QueryTable.escape(s); // the one TSV rule, evaluate's table's
  }

  private static String rank(Integer r) {
    return r == null ? "" : r.toString();
  }
}
