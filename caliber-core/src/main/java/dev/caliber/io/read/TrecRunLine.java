package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Remedy;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.text.Decimals;
import dev.caliber.io.text.EntryBlock;
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
  final int columns;
  /**
   * The line that decided: line 1 of the input, or under trec_eval's results rules ({@link
   * TrecRunReader#readTrecEvalResults}) the first line that is not blank or a comment.
   */
  private final long firstLine;
  private final boolean ignoreExtraColumns;
  /**
   * trec_eval's results rules ({@link TrecRunReader#readTrecEvalResults}): at least six columns,
   * the rank column and any further columns ignored, each line's tag taken as it is.
   */
  private final boolean trecEvalResults;
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
  /** After {@link #readPlain}: whether the query ID's bytes equal those of the span it was given. */
  boolean sameQuery;

  private TrecRunLine(int columns, long firstLine, boolean ignoreExtraColumns, boolean trecEvalResults, byte[] tag,
      String tagText) {
    this.columns = columns;
    this.firstLine = firstLine;
    this.ignoreExtraColumns = ignoreExtraColumns;
    this.trecEvalResults = trecEvalResults;
    this.tag = tag;
    this.tagText = tagText;
  }

  /** The rules the first line sets; {@code fields} holds that line, already split. */
  static TrecRunLine first(Line line, Fields fields, int found, TrecRunOptions options) {
    int columns = decideColumns(line, fields, found, options);
    return columns == 6
        ? new TrecRunLine(6, line.lineNumber(), options.ignoreExtraColumns(), false, fields.copy(5), fields.string(5))
        : new TrecRunLine(3, line.lineNumber(), false, false, null, null);
  }

  /**
   * trec_eval's rules for a results file (get_trec_results.c), which the first line does not
   * change: at least six columns {@code qid iter docno rank sim run_id}, of which trec_eval reads
   * the query, the document, the score and the tag and skips the rest. So the rank column may hold
   * any token ({@code 168.35}), a seventh column is ignored, and each line may carry its own tag
   * (trec_eval prints the last line's). The score is read as everywhere else: a finite decimal.
   */
  static TrecRunLine trecEvalResults(long firstLine) {
    return new TrecRunLine(6, firstLine, true, true, null, null);
  }

  /** The same rules, for another thread (a TrecRunLine keeps the last line's values). */
  TrecRunLine copy() {
    return new TrecRunLine(columns, firstLine, ignoreExtraColumns, trecEvalResults, tag, tagText);
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
    if (trecEvalResults) {
      docColumn = 2;
      rank = 0; // trec_eval skips the column: its order is the score's
      score = fields.decimal(4, "score");
    } else if (columns == 6) {
      docColumn = 2;
      rank = fields.integer(3, "rank");
      score = fields.decimal(4, "score");
      if (!fields.contentEquals(5, tag)) {
        throw line.error("run tag differs from the first line's",
            "got " + fields.shown(5) + "; line " + firstLine + " has " + Fields.quote(tagText)
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
   * -1; the caller then reads the line the general way, which accepts it or rejects it in its
   * own words). So it never accepts a line the general way rejects, and for a line it accepts it
   * sets the same rank, score and spans, and {@link #docHash} as {@link
   * EntryBlock#hash} computes it. Hand-written, one loop per column, because this is
   * where a 7-million-line run spends most of its time (bench/README.md); the JIT that a
   * short-lived process mostly runs (C1) inlines the two small helpers but not a general tokenizer.
   * The line end is found here, by the same pass, not looked for beforehand; the score's digits are
   * gathered as they are passed over and handed to {@link Decimals#ofDigits}, not read again.
   *
   * @param from the line's first byte
   * @param maxLineBytes the longest line accepted, without its {@code \n}
   * @return where the line's {@code \n} is, or -1 when declined; a {@code \n} must come somewhere
   *     at or after {@code from} in {@code b}: it stops every loop, so that none needs a bound
   */
  int readPlain(byte[] b, int from, int maxLineBytes) {
    return readPlain(b, from, maxLineBytes, 0, -1);
  }

  /**
   * {@link #readPlain(byte[], int, int)}, also comparing the query ID with {@code b[prevStart,
   * prevEnd)} (the previous line's, usually the same query) in the pass that finds its end, and
   * setting {@link #sameQuery}; {@code prevEnd < 0} compares with nothing.
   */
  int readPlain(byte[] b, int from, int maxLineBytes, int prevStart, int prevEnd) {
    if (columns != 6) {
      return -1;
    }
    // The first \n from `from` on is below every printable byte and no blank: it stops every loop.
    // Every column but the last must be followed by a blank (skipBlanks moves on): that also
    // declines an empty column (its first byte is no blank either, or skipBlanks would have passed
    // it), a blank line, too few columns, a control character and non-ASCII text (UTF-8 to check).
    // A \r is declined too, except right before the \n, where the general way drops it.
    int qs = skipBlanks(b, from);
    int qe = qs;
    // Only printable ASCII, as tokenEnd: the previous ID may have been read the general way, with
    // UTF-8 that a byte-for-byte walk could cut in the middle of a character.
    for (int p = prevStart; p < prevEnd && b[qe] == b[p] && b[qe] > ' '; p++) {
      qe++;
    }
    boolean same = qe - qs == prevEnd - prevStart && b[qe] <= ' '; // never when prevEnd < 0
    qe = tokenEnd(b, qe);
    int q0 = skipBlanks(b, qe);
    if (q0 == qe) {
      return -1;
    }
    int q0e = tokenEnd(b, q0);
    int ds = skipBlanks(b, q0e);
    if (ds == q0e) {
      return -1;
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
      return -1;
    }
    long r = 0;
    for (i = rs; (x = b[i]) >= '0' && x <= '9'; i++) {
      r = r * 10 + (x - '0');
    }
    int ss = skipBlanks(b, i);
    if (ss == i || i - rs > 18) {
      return -1; // also a sign, or anything else the general way reads or rejects
    }
    // The score: [-]digits[.digits], its digits gathered in this one pass (Decimals#plain's grammar).
    i = ss;
    boolean negative = b[i] == '-';
    if (negative) {
      i++;
    }
    long m = 0;
    int digits = 0;
    int point = -1;
    for (;; i++) {
      x = b[i];
      if (x >= '0' && x <= '9') {
        m = m * 10 + (x - '0');
        digits++;
      } else if (x == '.' && point < 0) {
        point = i;
      } else {
        break;
      }
    }
    int se = i;
    double v;
    if (x > ' ' || digits == 0 || digits > 19) {
      // an exponent, a plus sign, more digits, or no number: Decimals reads the column the long way
      se = tokenEnd(b, se);
      v = Decimals.parse(b, ss, se);
    } else {
      v = Decimals.ofDigits(m, point < 0 ? 0 : se - point - 1, negative);
    }
    int ts = skipBlanks(b, se);
    if (ts == se || Double.isNaN(v)) {
      return -1; // Decimals gives a finite value or NaN, never an infinity
    }
    byte[] t = tag;
    for (int k = 0; k < t.length; k++) { // the \n, in no tag, stops a comparison that reaches it
      if (b[ts + k] != t[k]) {
        return -1;
      }
    }
    int end = skipBlanks(b, ts + t.length);
    int newline = b[end] == '\n' ? end : b[end] == '\r' && b[end + 1] == '\n' ? end + 1 : -1;
    if (newline < 0 || newline - from > maxLineBytes) {
      return -1; // a longer tag, a seventh column, a control character (a \r only ends a line before \n), too long
    }
    docColumn = 2;
    rank = r;
    score = v;
    qidStart = qs;
    qidEnd = qe;
    docStart = ds;
    docEnd = de;
    docHash = h ^ (h >>> 16);
    sameQuery = same;
    return newline;
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

  private static int decideColumns(Line line, Fields fields, int found, TrecRunOptions options) {
    if (found == 6 || found == 3) {
      return found;
    }
    if (found == 0) {
      throw blank(line);
    }
    if (found > 6 && options.ignoreExtraColumns()) {
      return 6;
    }
    boolean judgment = found == 4 && !fields.string(1).equals("Q0") && fields.string(3).matches("-?[0-9]+");
    String judgments = judgment
        ? "; the line has the four columns of trec_eval judgments (qid iter docid label): were the judgments and the run swapped?"
        : found == 1 && fields.string(0).indexOf(',') >= 0 ? "; the line has commas: CSV runs are read from a file named .csv or .csv.gz"
        : "";
    throw new InputSyntaxException(line.location(), "wrong number of columns",
        "found " + found + "; expected 6 (" + SIX + ") or 3 (" + THREE + ")" + judgments, found > 6 ? Remedy.IGNORE_EXTRA_COLUMNS : null);
  }

  private InputSyntaxException wrongCount(Line line, int found) {
    if (found == 0) {
      return blank(line);
    }
    if (trecEvalResults) {
      return new InputSyntaxException(line.location(), "wrong number of columns",
          "found " + found + "; expected at least 6 (" + SIX + "), as trec_eval reads a results file");
    }
    return new InputSyntaxException(line.location(), "wrong number of columns", "found " + found + "; expected " + columns
        + " (" + (columns == 6 ? SIX : THREE) + ") like line " + firstLine, columns == 6 && found > 6 ? Remedy.IGNORE_EXTRA_COLUMNS : null);
  }

  private static InputSyntaxException blank(Line line) {
    return blankAt(line.location());
  }

  /**
   * The error for a blank line that other lines follow: blank lines may only end a run (where
   * trec_eval reads them too), never come first or between its lines.
   */
  static InputSyntaxException blankAt(dev.caliber.error.Location at) {
    return new InputSyntaxException(at, "blank line", "expected a run line \"" + SIX + "\" or \"" + THREE
        + "\"; blank lines may only end the file");
  }
}
