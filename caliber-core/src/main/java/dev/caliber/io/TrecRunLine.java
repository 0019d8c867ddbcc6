package dev.caliber.io;

import dev.caliber.error.InputSyntaxException;
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
  private static final String IGNORE_OPTION = "TrecRunOptions.ignoreExtraColumns";
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
    throw line.error("wrong number of columns", "found " + found + "; expected 6 (" + SIX + ") or 3 (" + THREE + ")"
        + (found > 6 ? "; set " + IGNORE_OPTION + " to ignore columns after the sixth, as trec_eval does" : ""));
  }

  private InputSyntaxException wrongCount(Line line, int found) {
    if (found == 0) {
      return blank(line);
    }
    return line.error("wrong number of columns", "found " + found + "; expected " + columns + " ("
        + (columns == 6 ? SIX : THREE) + ") like line " + FIRST_LINE
        + (columns == 6 && found > 6 ? "; set " + IGNORE_OPTION + " to ignore columns after the sixth, as trec_eval does" : ""));
  }

  private static InputSyntaxException blank(Line line) {
    return line.error("blank line", "expected a run line \"" + SIX + "\" or \"" + THREE
        + "\"; only the line end after the last line may be empty");
  }
}
