package dev.caliber.io.read;

import dev.caliber.error.ProtocolViolationException;
import dev.caliber.internal.QrelsColumns;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Subtopics;
import dev.caliber.qrels.QrelsAccess;
import dev.caliber.qrels.QrelsBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads subtopic qrels (the TREC Web track's diversity judgments, as ndeval reads them) into
 * {@link Qrels} with {@link Subtopics} attached, strictly.
 *
 * <h2>Format</h2>
 *
 * <p>One judgment per line, {@code qid subtopic docid label}: the line rules of {@link
 * TrecQrelsReader} (four columns separated by runs of spaces or tabs, {@code #} comments at the
 * start of a line, integer labels, no blank lines, at least one judgment), with the second column
 * naming the subtopic (any token; ndeval's are numbers) instead of trec_eval's ignored iteration.
 *
 * <h2>Structure</h2>
 *
 * <ul>
 *   <li>One judgment per query, subtopic and document: the same triple twice is a {@link
 *       ProtocolViolationException} ("duplicate qrels entry" or "conflicting qrels entry", naming
 *       both lines).
 *   <li>The document-level qrels hold each (query, document) pair once, with its largest label
 *       over its subtopics (a document relevant to any subtopic is relevant, as ndeval's own MAP
 *       takes it), located at the line of its first judgment; queries keep the order of their
 *       first judgment, documents and subtopics the order of theirs.
 * </ul>
 */
public final class SubtopicQrelsReader {
  private static final String FORMAT = "qid subtopic docid label";

  private SubtopicQrelsReader() {}

  /** Reads the file at {@code pathOrDash}, or {@code stdin} when it is {@code -}. */
  public static Qrels read(String pathOrDash, InputStream stdin, InputLimits limits) throws IOException {
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, limits)) {
      return read(lines);
    }
  }

  /** One document's judgments in a query: its subtopics' labels and lines, in file order. */
  private static final class Doc {
    final int firstLine;
    int max = Integer.MIN_VALUE;
    final Map<Integer, int[]> bySubtopic = new LinkedHashMap<>();

    Doc(int firstLine) {
      this.firstLine = firstLine;
    }
  }

  /** One query's subtopics (name to index) and documents. */
  private static final class Query {
    final Map<String, Integer> subtopics = new LinkedHashMap<>();
    final Map<String, Doc> docs = new LinkedHashMap<>();
  }

  /**
   * Reads every line of {@code lines}.
   *
   * @throws dev.caliber.error.InputSyntaxException on a malformed line
   * @throws ProtocolViolationException on a repeated query, subtopic and document
   * @throws IOException if reading fails
   */
  public static Qrels read(LineReader lines) throws IOException {
    Fields fields = new Fields();
    Map<String, Query> queries = new LinkedHashMap<>();
    while (TrecQrelsReader.nextJudgment(lines, fields, FORMAT, 4)) {
      int label = fields.intValue(3, "label");
      long n = lines.lineNumber();
      if (n > Integer.MAX_VALUE) {
        throw lines.error("too many lines", "more than " + Integer.MAX_VALUE + " lines; expected fewer in one qrels file");
      }
      String qid = fields.string(0);
      String subtopic = fields.string(1);
      String docId = fields.string(2);
      Query q = queries.computeIfAbsent(qid, x -> new Query());
      int s = q.subtopics.computeIfAbsent(subtopic, x -> q.subtopics.size());
      Doc d = q.docs.computeIfAbsent(docId, x -> new Doc((int) n));
      int[] earlier = d.bySubtopic.putIfAbsent(s, new int[] {label, (int) n});
      if (earlier != null) {
        String where = "query " + Fields.quote(qid) + ", subtopic " + Fields.quote(subtopic) + ", document " + Fields.quote(docId) + ": ";
        if (earlier[0] == label) {
          throw new ProtocolViolationException(lines.location(), TrecQrelsReader.DUPLICATE,
              where + "line " + n + " repeats line " + earlier[1] + " (label " + label + "); expected one judgment per subtopic and document");
        }
        throw new ProtocolViolationException(lines.location(), TrecQrelsReader.CONFLICTING,
            where + "label " + label + " on line " + n + ", label " + earlier[0] + " on line " + earlier[1]
                + "; expected one judgment per subtopic and document");
      }
      d.max = Math.max(d.max, label);
    }
    if (queries.isEmpty()) {
      throw TrecQrelsReader.noJudgments(lines, FORMAT);
    }
    QrelsBuilder builder = new QrelsBuilder();
    for (Map.Entry<String, Query> q : queries.entrySet()) {
      int query = builder.query(q.getKey());
      for (Map.Entry<String, Doc> d : q.getValue().docs.entrySet()) {
        builder.add(query, d.getKey(), d.getValue().max, d.getValue().firstLine);
      }
    }
    Qrels qrels = builder.build(lines.source());
    QrelsColumns c = QrelsAccess.columns(qrels);
    int[][] pairs = new int[c.size()][];
    List<List<String>> names = new ArrayList<>();
    for (int p = 0; p < c.queryCount(); p++) {
      Query q = queries.get(c.queryIds().get(p));
      names.add(List.copyOf(q.subtopics.keySet()));
      for (int j = c.judgmentsFrom(p); j < c.judgmentsTo(p); j++) {
        Map<Integer, int[]> bySubtopic = q.docs.get(c.docId(j)).bySubtopic;
        int[] flat = new int[bySubtopic.size() * 2];
        int k = 0;
        for (Map.Entry<Integer, int[]> e : bySubtopic.entrySet()) {
          flat[k++] = e.getKey();
          flat[k++] = e.getValue()[0];
        }
        pairs[j] = flat;
      }
    }
    return qrels.withSubtopics(new Subtopics(pairs, names));
  }
}
