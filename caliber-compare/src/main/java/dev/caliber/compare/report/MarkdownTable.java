package dev.caliber.compare.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A GitHub Markdown table whose columns are padded to one width, so that it reads in a terminal
 * as well as rendered: every Markdown table of the reports is made here. Cells arrive escaped
 * ({@link CompareMarkdown#esc}); widths count code points.
 */
final class MarkdownTable {
  /** How a column is aligned: the separator row's colons. */
  enum Align { LEFT, RIGHT, CENTER }

  private final List<String> header;
  private final List<Align> aligns;
  private final List<List<String>> rows = new ArrayList<>();

  MarkdownTable(List<String> header, List<Align> aligns) {
    if (header.size() != aligns.size()) {
      throw new IllegalArgumentException("illegal table: " + header.size() + " headers, " + aligns.size() + " alignments");
    }
    this.header = List.copyOf(header);
    this.aligns = List.copyOf(aligns);
  }

  /** Adds a row of escaped cells, one per column. */
  MarkdownTable row(List<String> cells) {
    if (cells.size() != header.size()) {
      throw new IllegalArgumentException("illegal row: " + cells.size() + " cells for " + header.size() + " columns");
    }
    rows.add(List.copyOf(cells));
    return this;
  }

  /** Appends the table, each line ending with a newline. */
  void render(StringBuilder out) {
    int[] width = new int[header.size()];
    for (int c = 0; c < width.length; c++) {
      width[c] = Math.max(3, length(header.get(c)));
      for (List<String> r : rows) {
        width[c] = Math.max(width[c], length(r.get(c)));
      }
    }
    line(out, header, width);
    out.append('|');
    for (int c = 0; c < width.length; c++) {
      String dashes = "-".repeat(width[c]);
      out.append(' ').append(switch (aligns.get(c)) {
        case LEFT -> dashes;
        case RIGHT -> dashes.substring(1) + ":";
        case CENTER -> ":" + dashes.substring(2) + ":";
      }).append(" |");
    }
    out.append('\n');
    for (List<String> r : rows) {
      line(out, r, width);
    }
  }

  private void line(StringBuilder out, List<String> cells, int[] width) {
    out.append('|');
    for (int c = 0; c < width.length; c++) {
      String s = cells.get(c);
      int pad = width[c] - length(s);
      int before = switch (aligns.get(c)) {
        case LEFT -> 0;
        case RIGHT -> pad;
        case CENTER -> pad / 2;
      };
      out.append(' ').append(" ".repeat(before)).append(s).append(" ".repeat(pad - before)).append(" |");
    }
    out.append('\n');
  }

  private static int length(String s) {
    return s.codePointCount(0, s.length());
  }
}
