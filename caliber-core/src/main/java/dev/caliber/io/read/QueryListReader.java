package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.LineReader;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an explicit query set: one query ID per line, in the order the report will use. Leading
 * and trailing spaces or tabs are errors (IDs are exact strings), so are a tab anywhere (a second
 * column), blank lines, a repeated ID and an empty file: a query set that silently lost or doubled a query would change every
 * mean's denominator.
 */
public final class QueryListReader {
  private QueryListReader() {}

  /**
   * How a query set read from a list is named in results: its size and the file's name (not its
   * path), so that reports do not depend on where the file lies.
   *
   * @param pathOrDash the list's path, or {@code -}
   * @param ids the queries read from it
   * @return such as {@code the 26 queries listed in test-queries.txt}
   */
  public static String source(String pathOrDash, List<String> ids) {
    return "the " + ids.size() + " queries listed in " + InputFiles.fileName(pathOrDash);
  }

  /**
   * Reads the list from a file, or from {@code stdin} when the path is {@code -}; gzip is read
   * transparently.
   *
   * @throws InputSyntaxException naming the line of the first bad entry
   */
  public static List<String> read(String pathOrDash, InputStream stdin, InputLimits limits) throws IOException {
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, limits)) {
      List<String> ids = new ArrayList<>();
      Map<String, Long> seen = new HashMap<>();
      while (lines.next()) {
        String id = lines.text();
        if (lines.isBlank()) {
          throw lines.error("blank line", "expected one query ID per line");
        }
        if (!id.strip().equals(id)) {
          throw lines.error("query ID with surrounding white space",
              "got " + dev.caliber.json.PyJson.canonical(id) + "; IDs are exact strings, one per line");
        }
        int tab = id.indexOf('\t');
        if (tab >= 0) {
          // A queries file (ID, tab, text: MS MARCO's queries.tsv) given as a query set would make
          // every line one unknown query ID, and every mean zero.
          throw lines.error("tab in a query ID", "got " + dev.caliber.json.PyJson.canonical(id) + "; a query set holds one"
              + " query ID per line and no other column (a queries file of ID and text is --queries)");
        }
        Long earlier = seen.putIfAbsent(id, lines.lineNumber());
        if (earlier != null) {
          throw lines.error("duplicate query ID " + dev.caliber.json.PyJson.canonical(id), "first at line " + earlier);
        }
        ids.add(id);
      }
      if (ids.isEmpty()) {
        throw new InputSyntaxException(Location.ofFile(lines.source()), "empty query set", "expected one query ID per line");
      }
      return ids;
    }
  }
}
