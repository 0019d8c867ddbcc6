package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.io.text.Line;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits one line into the fields of RFC 4180: separated by commas; a field that starts with a
 * double quote is quoted, may hold commas, and writes a quote as two ({@code "say ""hi"", then"});
 * nothing is trimmed. CRLF line ends are the line reader's to drop.
 *
 * <p>Hand-written rather than Apache Commons CSV or Jackson's CSV module: caliber's library keeps
 * one runtime dependency, and every line it reads goes through {@link
 * dev.caliber.io.text.LineReader}, which bounds a line's length, reads gzip, refuses malformed
 * UTF-8 and numbers lines for the messages; a CSV parser reading its own stream would bound none of
 * that. What RFC 4180 allows and caliber refuses: a line break inside a quoted field (no ID or
 * label holds one, and each record is then one line, within the line limit).
 */
final class CsvFields {
  private CsvFields() {}

  /**
   * The fields of {@code line}; an empty line is one empty field.
   *
   * @throws InputSyntaxException on a quote inside an unquoted field, text after a closing quote,
   *     or a quoted field that does not end on its line
   */
  static List<String> split(Line line) {
    byte[] b = line.bytes();
    int end = line.end();
    int i = line.start();
    List<String> fields = new ArrayList<>(4);
    while (true) {
      if (i < end && b[i] == '"') {
        i = quoted(line, i, fields);
      } else {
        int from = i;
        while (i < end && b[i] != ',') {
          if (b[i] == '"') {
            throw error(line, i, "a quote inside an unquoted field",
                "expected the whole field in quotes, its quotes doubled, as in \"say \"\"hi\"\"\"");
          }
          i++;
        }
        fields.add(new String(b, from, i - from, StandardCharsets.UTF_8));
      }
      if (i == end) {
        return fields;
      }
      i++; // the comma
    }
  }

  /** Reads the quoted field opening at {@code open} into {@code fields}; returns where it ends. */
  private static int quoted(Line line, int open, List<String> fields) {
    byte[] b = line.bytes();
    int end = line.end();
    StringBuilder text = new StringBuilder();
    int from = open + 1;
    for (int i = from; i < end; i++) {
      if (b[i] != '"') {
        continue;
      }
      text.append(new String(b, from, i - from, StandardCharsets.UTF_8));
      if (i + 1 < end && b[i + 1] == '"') {
        text.append('"');
        from = i + 2;
        i++;
        continue;
      }
      if (i + 1 < end && b[i + 1] != ',') {
        throw error(line, i + 1, "text after a closing quote",
            "expected a comma or the line end after the quoted field (a quote inside it is written twice)");
      }
      fields.add(text.toString());
      return i + 1;
    }
    throw error(line, open, "a quoted field that does not end on its line",
        "expected a closing quote before the line end (caliber reads no line break inside a field)");
  }

  private static InputSyntaxException error(Line line, int at, String reason, String detail) {
    return new InputSyntaxException(new Location(line.source(), line.lineNumber(), column(line, at), ""), reason, detail);
  }

  /** The 1-based column, in characters, of byte {@code at} of the line. */
  static long column(Line line, int at) {
    byte[] b = line.bytes();
    long column = 1;
    for (int i = line.start(); i < at; i++) {
      if ((b[i] & 0xC0) != 0x80) {
        column++;
      }
    }
    return column;
  }
}
