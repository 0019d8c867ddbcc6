package dev.caliber.io;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.Qrels;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import dev.caliber.protocol.CompactMap;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

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
 *       pair (trec_eval's qrels.123) are therefore rejected.
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
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, limits)) {
      return read(lines);
    }
  }

  /**
   * Reads every line of {@code lines}.
   *
   * @throws InputSyntaxException on a malformed line
   * @throws ProtocolViolationException on a repeated query and document
   * @throws IOException if reading fails
   */
  public static Qrels read(LineReader lines) throws IOException {
    Fields fields = new Fields();
    Map<String, Row> rows = new LinkedHashMap<>();
    Row current = null;
    while (lines.next()) {
      if (lines.end() > lines.start() && lines.bytes()[lines.start()] == '#') {
        continue; // a comment
      }
      int found = fields.splitOnBlanks(lines);
      if (found == 0) {
        throw lines.error("blank line", "expected a judgment \"" + FORMAT
            + "\" or a comment starting with #; only the line end after the last line may be empty");
      }
      if (found != 4) {
        throw lines.error("wrong number of columns", "found " + found + "; expected 4 (" + FORMAT + ")");
      }
      if (current == null || !fields.contentEquals(0, current.qidBytes)) {
        String qid = fields.string(0);
        current = rows.get(qid);
        if (current == null) {
          current = new Row(qid, fields.copy(0));
          rows.put(qid, current);
        }
      }
      String doc = fields.string(2);
      int label = fields.intValue(3, "label");
      current.add(lines, doc, label);
    }
    if (rows.isEmpty()) {
      throw new InputSyntaxException(Location.ofFile(lines.source()), "no judgments",
          "expected lines \"" + FORMAT + "\"");
    }
    return build(lines.source(), rows);
  }

  static Qrels build(String source, Map<String, Row> rows) {
    Map<String, Map<String, Integer>> labels = new LinkedHashMap<>(rows.size() * 2);
    Map<String, Map<String, Integer>> lineNumbers = new HashMap<>(rows.size() * 2);
    rows.forEach((q, row) -> {
      labels.put(q, row.labels());
      lineNumbers.put(q, row.lines());
    });
    return Qrels.of(labels, LineOrigin.ofJudgments(source, lineNumbers));
  }

  /**
   * One query's judgments with the line of each; shared with the BEIR reader. Kept in arrays (a
   * hash index only beyond {@value #LINEAR} judgments) and handed out as {@link CompactMap}s that
   * share one array of document IDs: qrels of 100,000 queries would otherwise make two hash maps
   * per query just while reading.
   */
  static final class Row {
    private static final int LINEAR = 8;
    final String qid;
    final byte[] qidBytes;
    private String[] docs = new String[2];
    private Integer[] labels = new Integer[2];
    private Integer[] lines = new Integer[2];
    private int size;
    private Map<String, Integer> index;

    Row(String qid, byte[] qidBytes) {
      this.qid = qid;
      this.qidBytes = qidBytes;
    }

    void add(LineReader at, String doc, int label) {
      long n = at.lineNumber();
      if (n > Integer.MAX_VALUE) {
        throw at.error("too many lines", "more than " + Integer.MAX_VALUE + " lines; expected fewer in one qrels file");
      }
      int earlierAt = indexOf(doc);
      if (earlierAt >= 0) {
        int earlier = labels[earlierAt];
        int earlierLine = lines[earlierAt];
        String pair = "query " + Fields.quote(qid) + ", document " + Fields.quote(doc) + ": ";
        if (earlier == label) {
          throw new ProtocolViolationException(at.location(), DUPLICATE,
              pair + "line " + n + " repeats line " + earlierLine + " (label " + label + "); expected one judgment per pair");
        }
        throw new ProtocolViolationException(at.location(), CONFLICTING,
            pair + "label " + label + " on line " + n + ", label " + earlier + " on line " + earlierLine
                + "; expected one judgment per pair");
      }
      if (size == docs.length) {
        docs = Arrays.copyOf(docs, size * 2);
        labels = Arrays.copyOf(labels, size * 2);
        lines = Arrays.copyOf(lines, size * 2);
      }
      docs[size] = doc;
      labels[size] = label;
      lines[size] = (int) n;
      size++;
      if (index != null) {
        index.put(doc, size - 1);
      } else if (size > LINEAR) {
        index = new HashMap<>(size * 4);
        for (int i = 0; i < size; i++) {
          index.put(docs[i], i);
        }
      }
    }

    private int indexOf(String doc) {
      if (index != null) {
        Integer i = index.get(doc);
        return i == null ? -1 : i;
      }
      for (int i = 0; i < size; i++) {
        if (docs[i].equals(doc)) {
          return i;
        }
      }
      return -1;
    }

    /** Document to label, in file order. */
    Map<String, Integer> labels() {
      trim();
      return CompactMap.withKeys(docs, labels);
    }

    /** Document to line, in file order. */
    Map<String, Integer> lines() {
      trim();
      return CompactMap.withKeys(docs, lines);
    }

    private void trim() {
      if (docs.length != size) {
        docs = Arrays.copyOf(docs, size);
        labels = Arrays.copyOf(labels, size);
        lines = Arrays.copyOf(lines, size);
      }
      index = null;
    }
  }
}
