package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineReader;
import java.util.List;

/**
 * The one rule of the small tab-separated files caliber reads beside a protocol (query groups,
 * facets): no header, every line exactly the named columns, none empty, no blank line; each error
 * at its line, in the same words for every such file.
 */
final class NamedColumns {
  private NamedColumns() {}

  /**
   * Splits the current line into {@code fields}.
   *
   * @param lines the reader, on a line
   * @param fields where the columns go
   * @param names the columns' names, in order
   * @throws InputSyntaxException for a blank line, another number of columns or an empty one
   */
  static void split(LineReader lines, Fields fields, List<String> names) {
    String shape = "\"" + String.join("<TAB>", names) + "\"";
    if (lines.isBlank()) {
      throw lines.error("blank line", "expected " + shape + "; only the line end after the last line may be empty");
    }
    int found = fields.splitOnTabs(lines);
    if (found != names.size()) {
      throw lines.error("wrong number of columns", "found " + found + " tab-separated columns; expected " + names.size()
          + " (" + String.join(", ", names) + ")");
    }
    for (int i = 0; i < names.size(); i++) {
      if (fields.length(i) == 0) {
        throw lines.error(names.get(i) + " is empty", "expected " + shape);
      }
    }
  }
}
