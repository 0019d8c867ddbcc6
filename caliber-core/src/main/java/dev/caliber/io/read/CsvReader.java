package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.read.TableColumns.Kind;
import dev.caliber.io.read.TableColumns.Role;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.qrels.QrelsBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * Reads judgments and runs from CSV files with a header (Quepid's rating export {@code
 * query,docid,rating}, pandas' {@code to_csv(index=False)}), strictly.
 *
 * <h2>Format</h2>
 *
 * <ul>
 *   <li>The first line is the header; it names the columns ({@link TableColumns}: the aliases, and
 *       why an unknown column is refused). Judgments have a query, a document and a label column;
 *       a run a query, a document, and a score or a rank column or both. Columns come in any
 *       order.
 *   <li>Fields follow RFC 4180 ({@link CsvFields}: quotes, doubled quotes, commas inside quotes,
 *       CRLF); nothing is trimmed, and IDs are exact strings. Every row has the header's number of
 *       fields; a blank line is an error.
 *   <li>Values ({@link TableValues}): labels integers ({@code 3.0} is 3, {@code 2.5} is refused),
 *       scores finite decimals, ranks integers.
 *   <li>Judgments: one per query and document (a pair twice is "duplicate qrels entry" or
 *       "conflicting qrels entry", naming both lines, as in TREC qrels). A row whose fields other
 *       than the query are empty or absent lists the query without judgments, as {@code {"q": {}}}
 *       does in JSON judgments: Quepid writes such a row, the query text alone, for a query it has
 *       no ratings for.
 *   <li>Runs: read as a TREC run's lines are ({@link TableRun}); a document twice in one query is
 *       the evaluation's to refuse, naming both lines.
 *   <li>The line limits and gzip of every line input ({@link LineReader}); a file without a header
 *       or without rows is an error.
 * </ul>
 *
 * <p>Quepid's query column holds the query's text, not an ID: the text is the query's ID, exactly
 * as written (Quepid puts a space before a text that starts with {@code -}, {@code =}, {@code +} or
 * {@code @}, and that space is part of the ID), so the run must name its queries by the same text.
 */
public final class CsvReader {
  private CsvReader() {}

  /** Reads judgments from the file at {@code pathOrDash}, or {@code stdin} when it is {@code -}. */
  public static Qrels readQrels(String pathOrDash, InputStream stdin, InputLimits limits) throws IOException {
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, limits)) {
      return readQrels(lines);
    }
  }

  /**
   * Reads judgments from every line of {@code lines}.
   *
   * @throws InputSyntaxException on a malformed header or row, or an input without rows
   * @throws ProtocolViolationException on a query and document judged twice
   * @throws IOException if reading fails
   */
  public static Qrels readQrels(LineReader lines) throws IOException {
    TableColumns columns = header(lines, Kind.JUDGMENTS);
    int q = columns.of(Role.QUERY);
    int d = columns.of(Role.DOC);
    int l = columns.of(Role.LABEL);
    QrelsBuilder builder = new QrelsBuilder();
    boolean any = false;
    while (lines.next()) {
      List<String> row = row(lines, columns, true);
      int line = lineNumber(lines);
      String query = TableValues.id(row.get(q), "query ID", lines.location());
      int query0 = builder.query(query);
      any = true;
      if (queryAlone(row, q)) {
        continue;
      }
      String doc = TableValues.id(row.get(d), "document ID", lines.location());
      int label = TableValues.label(row.get(l), TableValues.context(query, doc), lines.location());
      int earlier = builder.add(query0, doc, label, line);
      if (earlier >= 0) {
        throw TrecQrelsReader.repeated(lines.location(), query, doc, label, "line " + line,
            builder.label(earlier), "line " + builder.line(earlier));
      }
    }
    if (!any) {
      throw noRows(lines, Kind.JUDGMENTS, "no judgments");
    }
    return builder.build(lines.source());
  }

  /** Reads a run from the file at {@code pathOrDash}, or {@code stdin} when it is {@code -}. */
  public static ScoredRun readRun(String pathOrDash, InputStream stdin, String name, InputLimits limits) throws IOException {
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, limits)) {
      return readRun(lines, name);
    }
  }

  /**
   * Reads a run from every line of {@code lines}.
   *
   * @param name the run's name in results
   * @throws InputSyntaxException on a malformed header or row, or an input without rows
   * @throws IOException if reading fails
   */
  public static ScoredRun readRun(LineReader lines, String name) throws IOException {
    TableColumns columns = header(lines, Kind.RUN);
    int q = columns.of(Role.QUERY);
    int d = columns.of(Role.DOC);
    int s = columns.of(Role.SCORE);
    int r = columns.of(Role.RANK);
    TableRun run = new TableRun();
    while (lines.next()) {
      List<String> row = row(lines, columns, false);
      String query = TableValues.id(row.get(q), "query ID", lines.location());
      String doc = TableValues.id(row.get(d), "document ID", lines.location());
      String context = TableValues.context(query, doc);
      double score = s < 0 ? Double.NaN : TableValues.score(row.get(s), context, lines.location());
      Long rank = r < 0 ? null : TableValues.rank(row.get(r), context, lines.location());
      run.add(query, doc, score, rank, lineNumber(lines));
    }
    if (run.isEmpty()) {
      throw noRows(lines, Kind.RUN, "empty run");
    }
    String source = lines.source();
    return run.build(name, source, line -> Location.ofLine(source, line));
  }

  /** Reads the header line. */
  private static TableColumns header(LineReader lines, Kind kind) throws IOException {
    if (!lines.next()) {
      throw new InputSyntaxException(Location.ofFile(lines.source()), "empty file",
          "expected a header naming " + TableColumns.expected(kind) + ", such as " + kind.example + ", then one row per "
              + (kind == Kind.JUDGMENTS ? "judgment" : "ranked document"));
    }
    List<String> names = CsvFields.split(lines);
    if (names.size() == 1 && names.get(0).matches(".*[ \t].*")) {
      throw lines.error("no comma in the header", "got " + dev.caliber.io.text.Fields.quote(names.get(0))
          + "; expected a header naming " + TableColumns.expected(kind) + ", such as " + kind.example
          + "; TREC files are read from files not named .csv");
    }
    return TableColumns.of(kind, names, i -> lines.location());
  }

  /** The fields of a row, checked against the header's width. */
  private static List<String> row(LineReader lines, TableColumns columns, boolean queryAloneAllowed) {
    if (lines.end() == lines.start()) {
      throw lines.error("blank line", "expected a row of " + columns.width() + " fields (" + columns.header()
          + "); only the line end after the last line may be empty");
    }
    List<String> row = CsvFields.split(lines);
    if (row.size() != columns.width() && !(queryAloneAllowed && row.size() == 1 && columns.of(Role.QUERY) == 0)) {
      throw lines.error("wrong number of fields", "found " + row.size() + "; expected " + columns.width() + " ("
          + columns.header() + ") as in the header");
    }
    return row;
  }

  /** Whether a judgments row holds its query alone: every other field empty or absent. */
  private static boolean queryAlone(List<String> row, int query) {
    for (int i = 0; i < row.size(); i++) {
      if (i != query && !row.get(i).isEmpty()) {
        return false;
      }
    }
    return true;
  }

  private static int lineNumber(LineReader lines) {
    long n = lines.lineNumber();
    if (n > Integer.MAX_VALUE) {
      throw lines.error("too many lines", "more than " + Integer.MAX_VALUE + " lines; expected fewer in one file");
    }
    return (int) n;
  }

  private static InputSyntaxException noRows(LineReader lines, Kind kind, String reason) {
    return new InputSyntaxException(Location.ofFile(lines.source()), reason,
        "the header is the only line; expected one row per " + (kind == Kind.JUDGMENTS ? "judgment" : "ranked document")
            + " after it");
  }
}
