package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineBlocks;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.RankedList;
import dev.caliber.protocol.ScoredRun;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a TREC run file into a {@link ScoredRun}, strictly: every malformed line is an error that
 * names the file, the line, the bad value and what was expected. Nothing is skipped or "fixed".
 *
 * <h2>Format</h2>
 *
 * <p>One retrieved document per line, columns separated by runs of spaces or tabs (leading and
 * trailing ones allowed), in one of two forms, decided by the first line:
 *
 * <ul>
 *   <li>six columns {@code qid Q0 docid rank score tag} (TREC). The second column is
 *       conventionally {@code Q0}; trec_eval ignores it, and so does caliber: any token is
 *       accepted. Every line must carry the same tag (a file of mixed tags is refused: it is
 *       several runs in one), kept as the run's {@link ScoredRun#tag()}; it does not name the run.
 *   <li>three columns {@code qid docid rank} (MS MARCO). There is no score: the score is set to
 *       minus the rank, so that ordering by score equals ordering by rank. There is no tag.
 * </ul>
 *
 * <p>Either way the run is named by {@link TrecRunOptions#name()}, else after its file ({@link
 * InputFiles#runName}).
 *
 * <p>Every later line must have the first line's column count. With {@link
 * TrecRunOptions#ignoreExtraColumns()}, six-column files may carry more columns, which are ignored
 * as trec_eval ignores them; three-column files never may.
 *
 * <h2>Values</h2>
 *
 * <ul>
 *   <li>rank: an integer (optional sign and digits), kept as written; 0 and negative ranks are
 *       accepted (real TREC 2003 runs start at 0).
 *   <li>score: a finite decimal number ({@code 12.5}, {@code -3}, {@code 1.5e-05}). NaN,
 *       Infinity, {@code 1,5}, hexadecimal and empty are errors: trec_eval reads a non-numeric
 *       score as 0, caliber never does.
 *   <li>IDs are exact strings: never trimmed, case-folded or otherwise normalised. Control
 *       characters other than tab are errors.
 * </ul>
 *
 * <h2>Structure</h2>
 *
 * <ul>
 *   <li>A query's lines need not be contiguous; queries keep the order of their first line, and
 *       a query's entries keep file order.
 *   <li>A document twice for one query is read as it stands: the evaluation rejects it ("{@value
 *       dev.caliber.error.Violations#DUPLICATE_DOCUMENT}", naming both lines), in its one ordered
 *       list of checks, after every line has been read.
 *   <li>Blank (whitespace-only) lines may end the file, as trec_eval reads them, counted against
 *       the query limit in a row ({@link TrecRunStream.Blanks}, the streamed reader's rule too); a
 *       blank line that a run line follows, or a blank first line, is an error at the first blank
 *       line. Under trec_eval's results rules ({@link #readTrecEvalResults}) blank lines and
 *       {@code #} comments are skipped anywhere.
 *   <li>An input without any line is an error ("empty run").
 * </ul>
 *
 * <p>{@link ScoredRun#origin()}: {@code locate(q)} gives the line of q's first entry, {@code
 * locate(q, i)} the line of q's i-th entry (0-based, file order).
 */
public final class TrecRunReader {
  private static final byte[] EMPTY = new byte[0];

  private TrecRunReader() {}

  /** Reads a file with the default (strict) options. */
  public static ScoredRun read(Path file) throws IOException {
    return read(file, TrecRunOptions.DEFAULT);
  }

  /** Reads a file; errors name it as {@code file.toString()}. */
  public static ScoredRun read(Path file, TrecRunOptions options) throws IOException {
    try (LineReader lines = InputFiles.open(file, options.limits())) {
      return read(lines, options);
    }
  }

  /** Reads the file at {@code pathOrDash}, or {@code stdin} when it is {@code -}. */
  public static ScoredRun read(String pathOrDash, InputStream stdin, TrecRunOptions options) throws IOException {
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, options.limits())) {
      return read(lines, options);
    }
  }

  /**
   * Reads a results file under trec_eval's rules for one (get_trec_results.c), for {@code caliber
   * trec_eval}, which promises trec_eval's results for trec_eval's inputs:
   *
   * <ul>
   *   <li>a blank line (spaces and tabs only), and a line whose first character after them is
   *       {@code #}, are skipped, as trec_eval skips them (its source says "people seem to insist on
   *       them"); a line's number is still its line in the file;
   *   <li>every other line has at least six columns {@code qid iter docno rank sim run_id}; the rank
   *       column may hold any token and columns after the sixth are ignored, as trec_eval skips
   *       them; three-column lines are refused, as trec_eval refuses them;
   *   <li>lines may carry different tags: the run's {@link ScoredRun#tag()} is the last line's,
   *       the {@code runid} trec_eval prints.
   * </ul>
   *
   * <p>The score is a finite decimal, as everywhere (trec_eval's atof would read {@code 1.5x} as
   * 1.5). Duplicates are read as they stand: {@code caliber trec_eval} refuses those within
   * the depth it evaluates, as trec_eval does. Everywhere else these lines are errors.
   */
  public static ScoredRun readTrecEvalResults(String pathOrDash, InputStream stdin, TrecRunOptions options) throws IOException {
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, options.limits())) {
      return read(lines, options, true);
    }
  }

  /**
   * Reads every line of {@code lines} (the limits in {@code options} do not apply: the reader has
   * its own).
   *
   * @throws InputSyntaxException on a malformed line
   * @throws IOException if reading fails
   */
  public static ScoredRun read(LineReader lines, TrecRunOptions options) throws IOException {
    return read(lines, options, false);
  }

  private static ScoredRun read(LineReader lines, TrecRunOptions options, boolean trecEvalResults) throws IOException {
    String source = lines.source();
    Fields fields = new Fields();
    Map<String, Entries> byQuery = new LinkedHashMap<>();
    Entries current = null;
    TrecRunLine rules = null;
    TrecRunStream.Blanks blanks = new TrecRunStream.Blanks(options.limits());
    byte[] lastTag = EMPTY; // under trec_eval's rules: the last line's tag, the run's
    String lastTagText = null;
    long skipped = 0; // bytes of blank and comment lines in a row: bounded as a query's lines are, so a
    // small gzip of blank lines costs at most the query limit's work, not its size after decompression
    while (lines.next()) {
      if (trecEvalResults && blankOrComment(lines)) {
        skipped += lines.end() - lines.start() + 1;
        if (skipped > options.limits().maxQueryBytes()) {
          throw LineBlocks.queryTooLarge(source, lines.lineNumber(), options.limits());
        }
        continue;
      }
      skipped = 0;
      int found = fields.splitOnBlanks(lines);
      if (found == 0 && rules != null && !trecEvalResults) {
        blanks.skip(lines); // trailing blank lines are read; TrecRunStream's rule
        continue;
      }
      blanks.requireNone(source, true);
      if (rules == null) {
        rules = trecEvalResults ? TrecRunLine.trecEvalResults(lines.lineNumber()) : TrecRunLine.first(lines, fields, found, options);
      }
      rules.parse(lines, fields, found);
      if (trecEvalResults && !fields.contentEquals(5, lastTag)) {
        lastTag = fields.copy(5);
        lastTagText = fields.string(5);
      }
      if (!fields.contentEquals(0, current == null ? EMPTY : current.qidBytes)) {
        String qid = fields.string(0);
        current = byQuery.get(qid);
        if (current == null) {
          current = new Entries(qid, fields.copy(0));
          byQuery.put(qid, current);
        }
      }
      current.add(fields.string(rules.docColumn), rules.score, rules.rank, TrecRunLine.lineNumber(lines, lines.lineNumber()));
    }
    if (rules == null) {
      throw emptyRun(source);
    }
    String name = runName(options, source);
    Map<String, RankedList> lists = new LinkedHashMap<>(byQuery.size() * 2);
    Map<String, int[]> lineNumbers = new HashMap<>(byQuery.size() * 2);
    for (Entries e : byQuery.values()) {
      lists.put(e.qid, e.toList());
      lineNumbers.put(e.qid, e.positions());
    }
    return ScoredRun.of(name, trecEvalResults ? lastTagText : tag(rules), lists, LineOrigin.ofEntries(source, lineNumbers));
  }

  /** Whether the line is only spaces and tabs, or its first other character is {@code #}. */
  private static boolean blankOrComment(LineReader line) {
    byte[] b = line.bytes();
    int i = line.start();
    int end = line.end();
    while (i < end && (b[i] == ' ' || b[i] == '\t')) {
      i++;
    }
    return i == end || b[i] == '#';
  }

  static InputSyntaxException emptyRun(String source) {
    return new InputSyntaxException(Location.ofFile(source), "empty run",
        "no lines; expected lines \"" + TrecRunLine.SIX + "\" or \"" + TrecRunLine.THREE + "\"");
  }

  /** The run's name: the option's, else {@link InputFiles#runName} of the file (never its tag). */
  static String runName(TrecRunOptions options, String source) {
    return options.name() != null ? options.name() : InputFiles.runName(source);
  }

  /** The tag of a six-column run (one per file), kept as metadata; null for three columns. */
  static String tag(TrecRunLine rules) {
    return rules.columns == 6 ? rules.tagText : null;
  }

  /** One query's entries in file order, with its ID's bytes to tell the next line's query. */
  private static final class Entries extends TableRun.Entries {
    final String qid;
    final byte[] qidBytes;

    Entries(String qid, byte[] qidBytes) {
      this.qid = qid;
      this.qidBytes = qidBytes;
    }
  }
}
