package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Remedy;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.text.Decimals;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.Line;

/**
 * The rules for one line of a TREC run, decided by the first line and shared by {@link
 * TrecRunReader} and {@link TrecRunStream}, so that both read the same values and reject the same
 * lines with the same words.
 */
final class TrecRunLine {
  static final String SIX = "qid Q0 docid rank score tag";
  static final String THREE = "qid docid rank";
  /** The first line decides: it is always line 1 of the input. */
  private static final long FIRST_LINE = 1;

  final int columns;
  private final boolean ignoreExtraColumns;
  private final byte[] tag;
  final String tagText;

  /** After {@link #parse}: the document column, the rank and the score of the line. */
  int docColumn;
  long rank;
  double score;
  /** After {@link #parse} or {@link #readPlain}: where the query and document IDs are in the line's buffer. */
  int qidStart;
  int qidEnd;
  int docStart;
  int docEnd;
  /** After {@link #readPlain}: the document ID's hash. */
  int docHash;

  private TrecRunLine(int columns, boolean ignoreExtraColumns, byte[] tag, String tagText) {
    this.columns = columns;
    this.ignoreExtraColumns = ignoreExtraColumns;
    this.tag = tag;
    this.tagText = tagText;
  }

  /** The rules the first line sets; {@code fields} holds that line, already split. */
  static TrecRunLine first(Line line, Fields fields, int found, TrecRunOptions options) {
    int columns = decideColumns(line, found, options);
    return columns == 6
        ? new TrecRunLine(6, options.ignoreExtraColumns(), fields.copy(5), fields.string(5))
        : new TrecRunLine(3, false, null, null);
  }

  /** The same rules, for another thread (a TrecRunLine keeps the last line's values). */
  TrecRunLine copy() {
    return new TrecRunLine(columns, ignoreExtraColumns, tag, tagText);
  }

  /**
   * Checks the line {@code fields} holds ({@code found} columns) and reads its document column,
   * rank and score.
   *
   * @throws InputSyntaxException on a wrong column count, a bad rank or score, another tag
   */
  void parse(Line line, Fields fields, int found) {
    if (found != columns && !(columns == 6 && found > 6 && ignoreExtraColumns)) {
      throw wrongCount(line, found);
    }
    qidStart = fields.start(0);
    qidEnd = fields.end(0);
    if (columns == 6) {
      docColumn = 2;
      rank = fields.integer(3, "rank");
      score = fields.decimal(4, "score");
      if (!fields.contentEquals(5, tag)) {
        throw line.error("run tag differs from the first line's",
            "got " + fields.shown(5) + "; line " + FIRST_LINE + " has " + Fields.quote(tagText)
                + "; expected one tag per file");
      }
    } else {
      docColumn = 1;
      rank = fields.integer(2, "rank");
      score = 0.0 - rank; // 0.0 - 0 is +0.0, not -0.0
    }
    docStart = fields.start(docColumn);
    docEnd = fields.end(docColumn);
  }

  /**
   * Reads the common six-column line in one pass over its bytes, where {@link Fields#splitOnBlanks}
   * and {@link #parse} take several (line end, text check, split, then each column): six columns of
   * printable ASCII separated by spaces or tabs, ending in {@code \n} or {@code \r\n}, at most
   * {@code maxLineBytes} long with its {@code \r}, a rank of at most 18 plain digits, a score
   * {@link Decimals} reads by itself, and this file's tag. It declines anything else (returns
   * false; the caller then reads the line the general way, which accepts it or rejects it in its
   * own words). So it never accepts a line the general way rejects, and for a line it accepts it
   * sets the same rank, score and spans, and {@link #docHash} as {@link
   * TrecRunStream.ParsedBlock#hash} computes it. Hand-written, one loop per column, because this is
   * where a 7-million-line run spends most of its time (bench/README.md); the JIT that a
   * short-lived process mostly runs (C1) inlines the two small helpers but not a general tokenizer.
   *
   * @param from the line's first byte
   * @param newline where the line's {@code \n} is: {@code b[newline] == '\n'}
   */
  boolean readPlain(byte[] b, int from, int newline, int maxLineBytes) {
    if (columns != 6 || newline - from > maxLineBytes) {
      return false;
    }
    // b[newline] is \n, below every printable byte and no blank: it stops every loop, so none needs
    // a bound. Every column but the last must be followed by a blank (skipBlanks moves on): that
    // also declines an empty column (its first byte is no blank either, or skipBlanks would have
    // passed it), a blank line, too few columns, a control character and non-ASCII text (UTF-8 to
    // check). A \r is declined too, except right before the \n, where the general way drops it.
    int qs = skipBlanks(b, from);
    int qe = tokenEnd(b, qs);
    int q0 = skipBlanks(b, qe);
    if (q0 == qe) {
      return false;
    }
    int q0e = tokenEnd(b, q0);
    int ds = skipBlanks(b, q0e);
    if (ds == q0e) {
      return false;
    }
    int i = ds;
    int h = 0;
    byte x;
    while ((x = b[i]) > ' ') {
      h = 31 * h + x;
      i++;
    }
    int de = i;
    int rs = skipBlanks(b, de);
    if (rs == de) {
      return false;
    }
    long r = 0;
    for (i = rs; (x = b[i]) >= '0' && x <= '9'; i++) {
      r = r * 10 + (x - '0');
    }
    int ss = skipBlanks(b, i);
    if (ss == i || i - rs > 18) {
      return false; // also a sign, or anything else the general way reads or rejects
    }
    int se = tokenEnd(b, ss);
    int ts = skipBlanks(b, se);
    if (ts == se) {
      return false;
    }
    double v = Decimals.parse(b, ss, se);
    if (Double.isNaN(v)) {
      return false; // Decimals gives a finite value or NaN, never an infinity
    }
    byte[] t = tag;
    for (int k = 0; k < t.length; k++) { // the \n, in no tag, stops a comparison that reaches it
      if (b[ts + k] != t[k]) {
        return false;
      }
    }
    int end = skipBlanks(b, ts + t.length);
    if (end != newline && (end != newline - 1 || b[end] != '\r')) {
      return false; // a longer tag, a seventh column, or a control character (a \r only ends a line before \n)
    }
    docColumn = 2;
    rank = r;
    score = v;
    qidStart = qs;
    qidEnd = qe;
    docStart = ds;
    docEnd = de;
    docHash = h ^ (h >>> 16);
    return true;
  }

  private static int skipBlanks(byte[] b, int i) {
    byte x;
    while ((x = b[i]) == ' ' || x == '\t') {
      i++;
    }
    return i;
  }

  /** The end of the column at {@code i}: printable ASCII (and DEL, which the general way accepts too). */
  private static int tokenEnd(byte[] b, int i) {
    while (b[i] > ' ') {
      i++;
    }
    return i;
  }

  /** The line number as an int: more lines than that are rejected. */
  static int lineNumber(Line line, long n) {
    if (n > Integer.MAX_VALUE) {
      throw line.error("too many lines", "more than " + Integer.MAX_VALUE + " lines; expected fewer in one run file");
    }
    return (int) n;
  }

  private static int decideColumns(Line line, int found, TrecRunOptions options) {
    if (found == 6 || found == 3) {
      return found;
    }
    if (found == 0) {
      throw blank(line);
    }
    if (found > 6 && options.ignoreExtraColumns()) {
      return 6;
    }
    throw new InputSyntaxException(line.location(), "wrong number of columns",
        "found " + found + "; expected 6 (" + SIX + ") or 3 (" + THREE + ")", found > 6 ? Remedy.IGNORE_EXTRA_COLUMNS : null);
  }

  private InputSyntaxException wrongCount(Line line, int found) {
    if (found == 0) {
      return blank(line);
    }
    return new InputSyntaxException(line.location(), "wrong number of columns", "found " + found + "; expected " + columns
        + " (" + (columns == 6 ? SIX : THREE) + ") like line " + FIRST_LINE, columns == 6 && found > 6 ? Remedy.IGNORE_EXTRA_COLUMNS : null);
  }

  private static InputSyntaxException blank(Line line) {
    return line.error("blank line", "expected a run line \"" + SIX + "\" or \"" + THREE
        + "\"; only the line end after the last line may be empty");
  }
}
