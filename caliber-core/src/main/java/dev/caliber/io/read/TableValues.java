package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.io.text.Fields;
import java.nio.charset.StandardCharsets;

/**
 * The values of tabular judgments and runs (CSV fields, JSON records' values as written), read by
 * one set of rules whatever the shape.
 *
 * <p>A label is an integer, as in every judgments format caliber reads. Quepid stores ratings as
 * floating-point numbers and writes {@code 3.0}, and pandas writes a float column so too: a
 * decimal whose fraction is only zeros is that integer, exactly. Any other fraction ({@code 2.5})
 * is refused, never rounded.
 */
final class TableValues {
  private static final String INT_RANGE = "an integer from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE;

  private TableValues() {}

  /**
   * A non-empty ID.
   *
   * @param what {@code query ID} or {@code document ID}
   * @throws InputSyntaxException if {@code text} is empty
   */
  static String id(String text, String what, Location at) {
    if (text.isEmpty()) {
      throw new InputSyntaxException(at, "empty " + what, "expected a non-empty " + what);
    }
    return text;
  }

  /**
   * A label: an optional sign and digits, optionally followed by a decimal point and zeros only.
   *
   * @param context what the label belongs to, for the message ({@code query "q1", document "d1"})
   * @throws InputSyntaxException if it is not an integer within the int range
   */
  static int label(String text, String context, Location at) {
    String digits = text;
    int dot = text.indexOf('.');
    if (dot >= 0 && dot + 1 < text.length() && text.substring(dot + 1).chars().allMatch(c -> c == '0')) {
      digits = text.substring(0, dot);
    }
    if (!digits.matches("[+-]?[0-9]+")) {
      throw new InputSyntaxException(at, "label must be an integer", context + ": got " + Fields.quote(text)
          + "; expected an integer such as 0, 1 or 3 (3.0 is read as 3; a fraction is never rounded)");
    }
    String unsigned = digits.replaceFirst("^[+-]", "").replaceFirst("^0+(?=[0-9])", "");
    long value = unsigned.length() > 10 ? Long.MAX_VALUE : Long.parseLong(unsigned);
    value = digits.startsWith("-") ? -value : value;
    if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
      throw new InputSyntaxException(at, "label out of range", context + ": got " + Fields.quote(text) + "; expected " + INT_RANGE);
    }
    return (int) value;
  }

  /**
   * A score: a finite decimal number, in the grammar of TREC runs' scores.
   *
   * @throws InputSyntaxException if it is not one
   */
  static double score(String text, String context, Location at) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    double value = Fields.decimalOrNaN(b, 0, b.length);
    if (Double.isNaN(value)) {
      throw new InputSyntaxException(at, "score must be a finite decimal number",
          context + ": got " + Fields.quote(text) + "; " + Fields.DECIMAL_EXPECTED);
    }
    if (Double.isInfinite(value)) {
      throw new InputSyntaxException(at, "score out of range",
          context + ": got " + Fields.quote(text) + ", beyond the range of a double; expected a finite number");
    }
    return value;
  }

  /**
   * A rank: an optional sign and digits within a long, kept as written (no ordering uses it).
   *
   * @throws InputSyntaxException if it is not such an integer
   */
  static long rank(String text, String context, Location at) {
    if (text.matches("[+-]?[0-9]+")) {
      try {
        return Long.parseLong(text);
      } catch (NumberFormatException e) {
        throw new InputSyntaxException(at, "rank out of range", context + ": got " + Fields.quote(text)
            + "; expected an integer that fits 64 bits");
      }
    }
    throw new InputSyntaxException(at, "rank must be an integer",
        context + ": got " + Fields.quote(text) + "; expected an optional sign and digits, such as 1 or 10");
  }

  /** The context of a value in messages: {@code query "q1", document "d1"}. */
  static String context(String query, String doc) {
    return "query " + Fields.quote(query) + ", document " + Fields.quote(doc);
  }
}
