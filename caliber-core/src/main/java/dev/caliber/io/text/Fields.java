package dev.caliber.io.text;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.json.PyJson;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The columns of one line, found without regular expressions or {@link String#split}: a reusable
 * tokenizer that records where each column starts and ends in the {@link Line}'s buffer,
 * so that a reader builds Strings only for the columns it keeps.
 *
 * <p>Control characters other than tab (U+0000 to U+001F) are rejected wherever they occur:
 * trec_eval splits on {@code \v} and {@code \f} too and stops at NUL, so accepting them here would
 * let the two tools read different IDs from the same line.
 *
 * <p>Only the first {@value #STORED} columns are recorded; {@link #count()} counts all of them.
 */
public final class Fields {
  /** How many columns are recorded per line. */
  public static final int STORED = 16;
  private static final int MAX_SHOWN = 80;

  private final int[] starts = new int[STORED];
  private final int[] ends = new int[STORED];
  private int count;
  private Line line;

  /**
   * Splits the current line on runs of spaces and tabs; leading and trailing ones are ignored.
   *
   * @return the number of columns, 0 for a blank line
   * @throws InputSyntaxException on a control character
   */
  public int splitOnBlanks(Line line) {
    this.line = line;
    byte[] b = line.bytes();
    int n = 0;
    int i = line.start();
    int end = line.end();
    while (true) {
      while (i < end && (b[i] == ' ' || b[i] == '\t')) {
        i++;
      }
      if (i == end) {
        break;
      }
      int from = i;
      while (i < end) {
        byte x = b[i];
        if (x > ' ' || x < 0) {
          i++; // printable ASCII or part of a multi-byte character: the common case, one comparison
          continue;
        }
        if (x == ' ' || x == '\t') {
          break;
        }
        throw controlCharacter(i);
      }
      if (n < STORED) {
        starts[n] = from;
        ends[n] = i;
      }
      n++;
    }
    count = n;
    return n;
  }

  /**
   * Splits the current line at every tab: {@code n} tabs give {@code n + 1} columns, which may be
   * empty. Spaces are part of a column.
   *
   * @return the number of columns (at least 1)
   * @throws InputSyntaxException on a control character other than tab
   */
  public int splitOnTabs(Line line) {
    this.line = line;
    byte[] b = line.bytes();
    int n = 0;
    int from = line.start();
    int end = line.end();
    for (int i = from; ; i++) {
      if (i == end || b[i] == '\t') {
        if (n < STORED) {
          starts[n] = from;
          ends[n] = i;
        }
        n++;
        if (i == end) {
          break;
        }
        from = i + 1;
      } else if (b[i] >= 0 && b[i] < 0x20) {
        throw controlCharacter(i);
      }
    }
    count = n;
    return n;
  }

  private InputSyntaxException controlCharacter(int at) {
    byte[] b = line.bytes();
    return new InputSyntaxException(
        new Location(line.source(), line.lineNumber(), Utf8.column(b, line.start(), at), ""),
        "control character in line",
        String.format(java.util.Locale.ROOT, "U+%04X; expected printable text, columns separated by spaces or tabs", b[at]));
  }

  /** The number of columns of the last split line. */
  public int count() {
    return count;
  }

  /** Column {@code i} (0-based) as a String. */
  public String string(int i) {
    check(i);
    return new String(line.bytes(), starts[i], ends[i] - starts[i], StandardCharsets.UTF_8);
  }

  /** Where column {@code i} starts in the line's buffer. */
  public int start(int i) {
    check(i);
    return starts[i];
  }

  /** Where column {@code i} ends (exclusive) in the line's buffer. */
  public int end(int i) {
    check(i);
    return ends[i];
  }

  /** The length of column {@code i} in bytes. */
  public int length(int i) {
    check(i);
    return ends[i] - starts[i];
  }

  /** Whether column {@code i} holds exactly the bytes of {@code other}. */
  public boolean contentEquals(int i, byte[] other) {
    check(i);
    return same(line.bytes(), starts[i], ends[i], other, 0, other.length);
  }

  /**
   * Whether {@code a[aFrom, aTo)} and {@code b[bFrom, bTo)} hold the same bytes: {@link
   * Arrays#equals(byte[], int, int, byte[], int, int)} without its set-up cost, which dominates for
   * IDs of a few bytes.
   */
  public static boolean same(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bTo) {
    int n = aTo - aFrom;
    if (n != bTo - bFrom) {
      return false;
    }
    for (int k = 0; k < n; k++) {
      if (a[aFrom + k] != b[bFrom + k]) {
        return false;
      }
    }
    return true;
  }

  /** A copy of column {@code i}'s bytes. */
  public byte[] copy(int i) {
    check(i);
    return Arrays.copyOfRange(line.bytes(), starts[i], ends[i]);
  }

  /**
   * Column {@code i} as an integer: an optional sign and ASCII digits that fit a long.
   *
   * @param what the column's name for the error, such as {@code "rank"}
   * @throws InputSyntaxException if it is not such an integer
   */
  public long integer(int i, String what) {
    return integer(i, what, LONG_RANGE);
  }

  /** {@link #integer(int, String)}, saying {@code range} is what was expected when the digits overflow. */
  private long integer(int i, String what, String range) {
    check(i);
    byte[] b = line.bytes();
    int p = starts[i];
    int end = ends[i];
    if (end - p <= 18 && end > p) {
      // Up to 18 plain digits cannot overflow: the common case, one comparison per digit.
      long value = 0;
      int k = p;
      for (; k < end; k++) {
        int digit = b[k] - '0';
        if (digit < 0 || digit > 9) {
          break;
        }
        value = value * 10 + digit;
      }
      if (k == end) {
        return value;
      }
    }
    boolean negative = false;
    if (p < end && (b[p] == '-' || b[p] == '+')) {
      negative = b[p] == '-';
      p++;
    }
    if (p == end) {
      throw notInteger(i, what);
    }
    long value = 0;
    for (; p < end; p++) {
      int digit = b[p] - '0';
      if (digit < 0 || digit > 9) {
        throw notInteger(i, what);
      }
      // Accumulate negatively so that Long.MIN_VALUE fits.
      if (value < (Long.MIN_VALUE + digit) / 10) {
        throw line.error(what + " out of range", "got " + shown(i) + "; expected " + range);
      }
      value = value * 10 - digit;
    }
    if (!negative) {
      if (value == Long.MIN_VALUE) {
        throw line.error(what + " out of range", "got " + shown(i) + "; expected " + range);
      }
      value = -value;
    }
    return value;
  }

  /**
   * Column {@code i} as an int: {@link #integer} within the int range.
   *
   * @throws InputSyntaxException if it is not an integer, or out of range
   */
  public int intValue(int i, String what) {
    long v = integer(i, what, INT_RANGE);
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw line.error(what + " out of range", "got " + shown(i) + "; expected " + INT_RANGE);
    }
    return (int) v;
  }

  private static final String INT_RANGE = "an integer from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE;
  private static final String LONG_RANGE = "an integer that fits 64 bits";

  private InputSyntaxException notInteger(int i, String what) {
    return line.error(what + " must be an integer", "got " + shown(i) + "; expected an optional sign and digits, such as 1, 0 or -3");
  }

  /**
   * Column {@code i} as a finite decimal number: an optional sign, digits with an optional decimal
   * point, and an optional exponent ({@code 12.5}, {@code -3}, {@code .5}, {@code 1.5e-05}). NaN,
   * Infinity, hexadecimal, a decimal comma, Java's {@code d}/{@code f} suffixes and values beyond
   * the double range are errors.
   *
   * @throws InputSyntaxException if it is not such a number
   */
  public double decimal(int i, String what) {
    check(i);
    byte[] b = line.bytes();
    int from = starts[i];
    int end = ends[i];
    // Decimals accepts only the decimal grammar; when it declines, check the characters: with
    // only these, Double.parseDouble accepts exactly the decimal grammar (no NaN, Infinity, hex,
    // suffixes, surrounding whitespace).
    double value = decimalOrNaN(b, from, end);
    if (Double.isNaN(value)) {
      throw notDecimal(i, what);
    }
    if (!Double.isFinite(value)) {
      throw line.error(what + " out of range", "got " + shown(i) + ", beyond the range of a double; expected a finite number");
    }
    return value;
  }

  /**
   * The bytes {@code b[from, end)} as a decimal number in {@link #decimal}'s grammar, which every
   * reader of scores shares: the value (infinite when beyond the double range), or NaN when the
   * bytes are not such a number.
   */
  public static double decimalOrNaN(byte[] b, int from, int end) {
    double value = Decimals.parse(b, from, end);
    if (!Double.isNaN(value)) {
      return value;
    }
    for (int p = from; p < end; p++) {
      byte x = b[p];
      if (!(x >= '0' && x <= '9' || x == '.' || x == '-' || x == '+' || x == 'e' || x == 'E')) {
        return Double.NaN;
      }
    }
    try {
      return Double.parseDouble(new String(b, from, end - from, StandardCharsets.ISO_8859_1));
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  /** What {@link #decimal} expects, in its error's words. */
  public static final String DECIMAL_EXPECTED =
      "expected digits with an optional sign, decimal point and exponent, such as 12.5, -3 or 1.5e-05";

  private InputSyntaxException notDecimal(int i, String what) {
    return line.error(what + " must be a finite decimal number",
        "got " + shown(i) + "; " + DECIMAL_EXPECTED);
  }

  /** Column {@code i} quoted for an error message, shortened if long. */
  public String shown(int i) {
    return quote(string(i));
  }

  /** A value quoted as JSON for an error message, cut after {@value #MAX_SHOWN} characters. */
  public static String quote(String value) {
    if (value.codePointCount(0, value.length()) <= MAX_SHOWN) {
      return PyJson.canonical(value);
    }
    int cut = value.offsetByCodePoints(0, MAX_SHOWN);
    return PyJson.canonical(value.substring(0, cut)) + "... (" + value.length() + " characters)";
  }

  private void check(int i) {
    if (i < 0 || i >= Math.min(count, STORED)) {
      throw new IndexOutOfBoundsException("column " + i + " of " + Math.min(count, STORED) + " recorded");
    }
  }
}
