package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.JudgmentGroups;
import dev.caliber.protocol.Qrels;
import dev.caliber.qrels.QrelsBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a TREC qrels file into {@link Qrels}, strictly.
 *
 * <h2>Format</h2>
 *
 * <p>One judgment per line, {@code qid iter docid label}: exactly four columns separated by runs of
 * spaces or tabs. {@code iter} is required and ignored, as in trec_eval. A line whose first
 * character is {@code #} is a comment, as in trec_eval; a {@code #} anywhere else is ordinary text,
 * so {@code CR#93E-1860} is a document ID and {@code #} after leading blanks starts a query ID.
 *
 * <p>Labels are integers (optional sign and digits, within the int range); {@code 1.0} is an
 * error. Negative labels are kept as written: trec_eval reads them as below every relevance
 * threshold, that is non-relevant but judged, and caliber's measures must do the same.
 *
 * <h2>Structure</h2>
 *
 * <ul>
 *   <li>One judgment per query and document: the same pair twice is a {@link
 *       ProtocolViolationException}, "duplicate qrels entry" with the same label, "conflicting
 *       qrels entry" with another one; both name the two lines. Files with several judges per
 *       pair (trec_eval's qrels.123) are therefore rejected here; {@link #readGroups} reads them as trec_eval's {@code qrels_jg} format, one group per judge.
 *   <li>Queries keep the order of their first judgment, documents file order.
 *   <li>Blank lines are errors, except that the line end after the last line does not make an
 *       empty line. An input without any judgment is an error ("no judgments").
 * </ul>
 *
 * <p>{@link Qrels#origin()}: {@code locate(q)} gives the line of q's first judgment, {@code
 * locate(q, doc)} the line of that judgment.
 */
public final class TrecQrelsReader {
  /** The reason of the error for the same judgment given twice. */
  public static final String DUPLICATE = "duplicate qrels entry";
  /** The reason of the error for two labels of one query and document. */
  public static final String CONFLICTING = "conflicting qrels entry";

  private static final String FORMAT = "qid iter docid label";
  private static final String FORMAT_JG = "qid group docid label";

  private TrecQrelsReader() {}

  /** Reads a file with the default limits. */
  public static Qrels read(Path file) throws IOException {
    return read(file, InputLimits.DEFAULT);
  }

  /** Reads a file; errors name it as {@code file.toString()}. */
  public static Qrels read(Path file, InputLimits limits) throws IOException {
    try (LineReader lines = InputFiles.open(file, limits)) {
      return read(lines);
    }
  }

  /** Reads the file at {@code pathOrDash}, or {@code stdin} when it is {@code -}. */
  public static Qrels read(String pathOrDash, InputStream stdin, InputLimits limits) throws IOException {
    return read(pathOrDash, stdin, limits, List.of());
  }

  /**
   * Reads the file at {@code pathOrDash}, or {@code stdin} when it is {@code -}: trec_eval's qrels,
   * or judgments with sources told by their header ({@link #read(LineReader, List)}).
   *
   * @param precedence for judgments with sources, the sources that count, highest first; empty for
   *     every source
   */
  public static Qrels read(String pathOrDash, InputStream stdin, InputLimits limits, List<String> precedence)
      throws IOException {
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, limits)) {
      return read(lines, precedence);
    }
  }

  /**
   * Reads every line of {@code lines} as trec_eval's qrels, and nothing else (the {@code trec_eval}
   * drop-in's reading: a labels table is refused there as trec_eval refuses it).
   *
   * @throws InputSyntaxException on a malformed line
   * @throws ProtocolViolationException on a repeated query and document
   * @throws IOException if reading fails
   */
  public static Qrels read(LineReader lines) throws IOException {
    Judgments judgments = new Judgments();
    readLines(lines, FORMAT, fields -> judgments);
    return judgments.build(lines.source());
  }

  /**
   * Reads every line of {@code lines}: trec_eval's qrels, or judgments with sources when the first
   * line is a labels table's header ({@link LabelsReader#isHeader}), which no qrels line is.
   *
   * @param precedence for judgments with sources, the sources that count, highest first; empty for
   *     every source
   * @throws InputSyntaxException on a malformed line
   * @throws ProtocolViolationException on a repeated query and document
   * @throws IOException if reading fails
   */
  public static Qrels read(LineReader lines, List<String> precedence) throws IOException {
    if (!lines.next()) {
      throw noJudgments(lines, FORMAT);
    }
    if (LabelsReader.isHeader(lines)) {
      return LabelsReader.readTable(lines, precedence);
    }
    Judgments judgments = new Judgments();
    readLines(lines, FORMAT, fields -> judgments, true);
    return judgments.build(lines.source());
  }

  /**
   * Reads the file at {@code pathOrDash}, or {@code stdin} when it is {@code -}, with every source's
   * labels kept apart when it is a labels table ({@link LabelsReader#readTableBySource}).
   *
   * @return one judgments per source for a labels table; trec_eval's qrels as one judgments that
   *     name no source
   * @throws InputSyntaxException on a malformed line
   * @throws ProtocolViolationException on a pair judged twice (by one source)
   * @throws IOException if reading fails
   */
  public static List<Qrels> readBySource(String pathOrDash, InputStream stdin, InputLimits limits) throws IOException {
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, limits)) {
      if (!lines.next()) {
        throw noJudgments(lines, FORMAT);
      }
      if (LabelsReader.isHeader(lines)) {
        return LabelsReader.readTableBySource(lines);
      }
      Judgments judgments = new Judgments();
      readLines(lines, FORMAT, fields -> judgments, true);
      return List.of(judgments.build(lines.source()));
    }
  }

  /**
   * The line rules of trec_eval's judgment files (qrels, qrels_jg, prefs, qrels_prefs): false for
   * a comment, a line whose first character is {@code #}; else the line is split into {@code
   * fields}, which must be {@code columns} (a blank line is an error).
   *
   * @throws InputSyntaxException naming the line and {@code format} when it is blank or has
   *     another number of columns
   */
  private static boolean judgment(LineReader lines, Fields fields, String format, int columns) {
    if (lines.end() > lines.start() && lines.bytes()[lines.start()] == '#') {
      return false;
    }
    int found = fields.splitOnBlanks(lines);
    if (found == 0) {
      throw lines.error("blank line", "expected a judgment \"" + format
          + "\" or a comment starting with #; only the line end after the last line may be empty");
    }
    if (found != columns) {
      throw lines.error("wrong number of columns", "found " + found + "; expected " + columns + " (" + format + ")"
          + (lines.lineNumber() == 1 ? otherFormat(lines, fields, found) : ""));
    }
    return true;
  }

  /**
   * What the first line of a file that is not trec_eval judgments looks like instead, for the
   * mix-ups seen on first contact: a BEIR qrels file, JSON or CSV judgments under another name, a
   * run given as judgments. Empty when none fits.
   */
  private static String otherFormat(LineReader lines, Fields fields, int found) {
    byte first = lines.bytes()[lines.start()];
    if (first == '{' || first == '[') {
      return "; the line starts with '" + (char) first + "': JSON judgments are read from a file named .json or .json.gz";
    }
    if (found == 1 && fields.string(0).indexOf(',') >= 0) {
      return "; the line has commas: CSV judgments are read from a file named .csv or .csv.gz";
    }
    if (found == 3 && fields.string(0).equals("query-id")) {
      return "; this is the header of a BEIR qrels file (query-id corpus-id score): read the dataset as a BEIR folder";
    }
    if (LabelsReader.namesAQueryColumn(lines) && !LabelsReader.isHeader(lines)) {
      return "; a header of judgments with sources names query, doc, label and source (tab-separated)";
    }
    if (LabelsReader.isHeader(lines)) {
      return "; this is the header of judgments with sources (query, doc, label, source), which caliber evaluate reads"
          + " and trec_eval does not";
    }
    if (found == 6 && fields.string(1).equals("Q0")) {
      return "; the line has a run's six columns (qid Q0 docid rank score tag): were the judgments and the run swapped?";
    }
    return "";
  }

  /**
   * The line rules of both formats: a comment (first character {@code #}) is skipped; every other
   * line has 4 columns, the document in the third, the label in the fourth, and goes to the
   * judgments {@code judgmentsOf} picks for it; no judgment at all is an error.
   */
  private static void readLines(LineReader lines, String format, java.util.function.Function<Fields, Judgments> judgmentsOf)
      throws IOException {
    readLines(lines, format, judgmentsOf, false);
  }

  /** {@link #readLines(LineReader, String, java.util.function.Function)}, from the current line when {@code onLine}. */
  private static void readLines(LineReader lines, String format, java.util.function.Function<Fields, Judgments> judgmentsOf,
      boolean onLine) throws IOException {
    Fields fields = new Fields();
    boolean any = false;
    boolean here = onLine && judgment(lines, fields, format, 4);
    while (here || nextJudgment(lines, fields, format, 4)) {
      here = false;
      Judgments judgments = judgmentsOf.apply(fields);
      if (!judgments.isCurrent(fields)) {
        judgments.select(fields);
      }
      judgments.add(lines, fields, 2, fields.intValue(3, "label"));
      any = true;
    }
    if (!any) {
      throw noJudgments(lines, format);
    }
  }

  /**
   * Reads trec_eval's {@code qrels_jg} format, {@code qid jg docid label}: the lines of {@link
   * #read(LineReader)} (comments, blank lines, columns, labels) with the second column naming the
   * judgment group, and one judgment per query, group and document (the same pair in two groups
   * is two judges' judgments, as trec_eval's qrels.123 has them).
   *
   * @param file the file, read with {@code limits}
   * @param limits the input limits, not null
   * @return the groups in code point order of their IDs, with their union
   * @throws InputSyntaxException on a malformed line, or a file without judgments
   * @throws ProtocolViolationException on a judgment repeated within a group
   * @throws IOException if reading fails
   */
  public static JudgmentGroups readGroups(Path file, InputLimits limits) throws IOException {
    try (LineReader lines = InputFiles.open(file, limits)) {
      java.util.TreeMap<String, Judgments> groups = new java.util.TreeMap<>(dev.caliber.json.PyJson.CODE_POINT_ORDER);
      readLines(lines, FORMAT_JG, fields -> groups.computeIfAbsent(fields.string(1), g -> new Judgments()));
      List<Qrels> built = new ArrayList<>();
      for (Judgments j : groups.values()) {
        built.add(j.build(lines.source()));
      }
      return JudgmentGroups.of(List.copyOf(groups.keySet()), built);
    }
  }

  /**
   * The line rules every trec_eval judgment file shares (qrels, qrels_jg, subtopic qrels, prefs,
   * qrels_prefs): moves to the next line that is not a comment and splits it into {@code fields}
   * ({@link #judgment}).
   *
   * @param format the columns in words, for the messages ({@code qid iter docid label})
   * @param columns how many columns a judgment has
   * @return false at the end of the input
   * @throws InputSyntaxException on a blank line or a line without exactly {@code columns} columns
   */
  static boolean nextJudgment(LineReader lines, Fields fields, String format, int columns) throws IOException {
    while (lines.next()) {
      if (judgment(lines, fields, format, columns)) {
        return true;
      }
    }
    return false;
  }

  /** The error for an input without a judgment. */
  static InputSyntaxException noJudgments(LineReader lines, String format) {
    return new InputSyntaxException(Location.ofFile(lines.source()), "no judgments", "expected lines \"" + format + "\"");
  }

  /**
   * The one wording of a (query, document) pair judged twice, in every judgments format: "{@value
   * #DUPLICATE}" with the same label, "{@value #CONFLICTING}" with another.
   *
   * @param at where the second judgment is
   * @param where the second judgment in words ({@code line 5}, {@code $[4]})
   * @param earlierWhere the first one in words
   * @return the violation, for the caller to throw
   */
  static ProtocolViolationException repeated(Location at, String qid, String doc, int label, String where,
      int earlierLabel, String earlierWhere) {
    return repeated(at, qid, doc, Integer.toString(label), where, Integer.toString(earlierLabel), earlierWhere);
  }

  /** {@link #repeated(Location, String, String, int, String, int, String)} with labels as written exactly. */
  static ProtocolViolationException repeated(Location at, String qid, String doc, String label, String where,
      String earlierLabel, String earlierWhere) {
    String pair = "query " + Fields.quote(qid) + ", document " + Fields.quote(doc) + ": ";
    if (earlierLabel.equals(label)) {
      return new ProtocolViolationException(at, DUPLICATE,
          pair + where + " repeats " + earlierWhere + " (label " + label + "); expected one judgment per pair");
    }
    return new ProtocolViolationException(at, CONFLICTING,
        pair + "label " + label + " on " + where + ", label " + earlierLabel + " on " + earlierWhere
            + "; expected one judgment per pair");
  }

  /**
   * Judgments as a reader finds them, with the line of each and the rule that a (query, document)
   * pair is judged once; shared with the BEIR reader. The query ID is made a string only when it
   * changes from one line to the next.
   */
  static final class Judgments {
    private final QrelsBuilder builder = new QrelsBuilder();
    private byte[] qidBytes;
    private String qid;
    private int query = -1;

    /** Whether field 0 of {@code fields} is the query of the previous judgment. */
    boolean isCurrent(Fields fields) {
      return qidBytes != null && fields.contentEquals(0, qidBytes);
    }

    /** Whether {@code qid} has judgments already. */
    boolean has(String qid) {
      return builder.hasQuery(qid);
    }

    /** Makes field 0 of {@code fields} the current query. */
    void select(Fields fields) {
      select(fields.string(0), fields.copy(0));
    }

    /** Makes {@code qid}, whose UTF-8 bytes are {@code bytes}, the current query. */
    void select(String qid, byte[] bytes) {
      this.qid = qid;
      this.qidBytes = bytes;
      this.query = builder.query(qid);
    }

    /**
     * Adds a judgment of the current query read at {@code at}'s line, of the document in column
     * {@code column} of {@code fields} (split from that line): its bytes, no string.
     *
     * @throws ProtocolViolationException if the query judges that document already
     */
    void add(LineReader at, Fields fields, int column, int label) {
      long n = at.lineNumber();
      if (n > Integer.MAX_VALUE) {
        throw at.error("too many lines", "more than " + Integer.MAX_VALUE + " lines; expected fewer in one qrels file");
      }
      int earlierAt = builder.add(query, at.bytes(), fields.start(column), fields.end(column), label, (int) n);
      if (earlierAt >= 0) {
        throw repeated(at.location(), qid, fields.string(column), label, "line " + n,
            builder.label(earlierAt), "line " + builder.line(earlierAt));
      }
    }

    boolean isEmpty() {
      return builder.queryCount() == 0;
    }

    /** The judged queries in order of first appearance. */
    List<String> queries() {
      List<String> ids = new ArrayList<>(builder.queryCount());
      for (int i = 0; i < builder.queryCount(); i++) {
        ids.add(builder.queryId(i));
      }
      return ids;
    }

    /** The judgments, located by line in {@code source}. */
    Qrels build(String source) {
      return builder.build(source);
    }
  }
}
