package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineReader;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A corpus file read one document at a time, for an indexer that must not hold the corpus: JSON
 * Lines in either of the two forms corpora come in, told by the first record's ID key.
 *
 * <ul>
 *   <li>{@link Form#BEIR}: BEIR's {@code corpus.jsonl}, {@code {"_id", "title", "text"}} (title
 *       optional, {@code metadata} accepted and not read): the rule {@link BeirReader} reads a
 *       BEIR folder's corpus with, which is this class.
 *   <li>{@link Form#CONTENTS}: {@code {"id", "contents"}}, Anserini's and Pyserini's JSON
 *       collection (CACM's {@code cacm.anserini-data.jsonl.gz}). Both members are required, and
 *       no other is accepted.
 * </ul>
 *
 * <p>Every record after the first must have the first one's form. An error names the file, the
 * line, the column and the JSON path: a blank line, a line that is not a JSON object, a missing or
 * empty ID, a text that is not a string, an unknown member, and (a {@link
 * ProtocolViolationException}) an ID given twice, with the first one's line. The file's SHA-256
 * (of its bytes as stored, gzip included) is taken on the way, and the bytes read so far are
 * counted, for a progress display.
 */
public final class CorpusRecords implements Closeable {
  /** The two forms of a corpus record. */
  public enum Form {
    /** BEIR: {@code {"_id", "title", "text"}}. */
    BEIR("_id", Set.of("_id", "title", "text", "metadata"), "_id, title, text and metadata",
        "a document {\"_id\": ..., \"title\": ..., \"text\": ...}"),
    /** Anserini's JSON collection: {@code {"id", "contents"}}. */
    CONTENTS("id", Set.of("id", "contents"), "id and contents", "a document {\"id\": ..., \"contents\": ...}");

    private final String idKey;
    private final Set<String> fields;
    private final String fieldWords;
    private final String shape;

    Form(String idKey, Set<String> fields, String fieldWords, String shape) {
      this.idKey = idKey;
      this.fields = fields;
      this.fieldWords = fieldWords;
      this.shape = shape;
    }

    /**
     * The member that holds a record's ID.
     *
     * @return {@code _id} or {@code id}
     */
    public String idKey() {
      return idKey;
    }
  }

  private final LineReader lines;
  private final Counting raw;
  private final Form required;
  private final Map<String, Long> lineOf = new HashMap<>();
  private Form form;
  private boolean ended;
  private String id;
  private String title;
  private String text;

  private CorpusRecords(LineReader lines, Counting raw, Form required) {
    this.lines = lines;
    this.raw = raw;
    this.required = required;
  }

  /**
   * Opens a corpus file (gzip told by its first bytes) whose form is told by its first record.
   *
   * @param file the file
   * @param limits the input limits; a document's line may be {@link InputLimits#forDocuments()} long
   * @return the records, before the first
   * @throws java.nio.file.NoSuchFileException if the file does not exist
   * @throws IOException if it cannot be opened
   */
  public static CorpusRecords open(Path file, InputLimits limits) throws IOException {
    return open(file, limits, null);
  }

  /**
   * Opens a corpus file whose records must all have the given form ({@link BeirReader}: a BEIR
   * folder's corpus is BEIR's, and {@code {"id", ...}} there is an unknown member).
   */
  static CorpusRecords open(Path file, InputLimits limits, Form required) throws IOException {
    Objects.requireNonNull(limits, "limits");
    Counting raw = new Counting(InputFiles.bytes(file.toString(), InputStream.nullInputStream()));
    try {
      return new CorpusRecords(LineReader.of(file.toString(), raw, limits.forDocuments()), raw, required);
    } catch (IOException | RuntimeException e) {
      raw.close();
      throw e;
    }
  }

  /**
   * Reads the next record.
   *
   * @return false at the end of the file
   * @throws IOException if the file cannot be read
   * @throws InputSyntaxException naming the line of a malformed record
   * @throws ProtocolViolationException naming both lines of an ID given twice
   */
  public boolean next() throws IOException {
    if (!lines.next()) {
      if (lineOf.isEmpty()) {
        throw new InputSyntaxException(Location.ofFile(lines.source()), "no documents", "expected one JSON object per line");
      }
      ended = true;
      return false;
    }
    Form known = form != null ? form : required;
    if (lines.isBlank()) {
      throw lines.error("blank line", "expected " + (known == null ? "a document" : known.shape)
          + "; only the line end after the last line may be empty");
    }
    JsonValue record = JsonReader.parse(lines.source(), lines.lineNumber(), lines.bytes(), lines.start(),
        lines.end() - lines.start());
    Form f = known != null ? known : formOf(record);
    if (!record.isObject()) {
      throw new InputSyntaxException(record.location(), "wrong JSON type", "got " + record.describe() + "; expected " + f.shape);
    }
    Map<String, JsonValue> m = record.members();
    for (Map.Entry<String, JsonValue> e : m.entrySet()) {
      if (!f.fields.contains(e.getKey())) {
        throw new InputSyntaxException(e.getValue().location(), "unknown corpus field " + Fields.quote(e.getKey()),
            "expected only " + f.fieldWords + (form == null || required != null ? "" : " (the form of the first line)"));
      }
    }
    form = f;
    id = id(record, f.idKey);
    if (f == Form.BEIR) {
      text = string(record, "text", "document text");
      title = m.containsKey("title") ? string(record, "title", "document title") : null;
    } else {
      text = string(record, "contents", "document contents");
      title = null;
    }
    lineOf.put(id, lines.lineNumber());
    return true;
  }

  /**
   * The form the first record tells: {@code {"id", "contents"}} when it has {@code id} or {@code
   * contents} and no {@code _id}, else BEIR.
   */
  private static Form formOf(JsonValue record) {
    if (record.isObject() && !record.members().containsKey("_id")
        && (record.members().containsKey("id") || record.members().containsKey("contents"))) {
      return Form.CONTENTS;
    }
    return Form.BEIR; // whose errors then say what is wrong with the record
  }

  private String id(JsonValue record, String key) {
    JsonValue v = record.members().get(key);
    if (v == null) {
      throw new InputSyntaxException(record.location(), "document field " + Fields.quote(key) + " is missing",
          "expected a non-empty string ID");
    }
    if (!v.isString() || v.text().isEmpty()) {
      throw new InputSyntaxException(v.location(), "document ID must be a non-empty string", "got " + v.describe());
    }
    Long earlier = lineOf.get(v.text());
    if (earlier != null) {
      throw new ProtocolViolationException(v.location(), "duplicate document ID",
          Fields.quote(v.text()) + " on line " + lines.lineNumber() + " repeats line " + earlier + "; expected each " + key + " once");
    }
    return v.text();
  }

  private static String string(JsonValue record, String field, String what) {
    JsonValue v = record.members().get(field);
    if (v == null) {
      throw new InputSyntaxException(record.location(), what + " is missing", "expected a string member " + Fields.quote(field));
    }
    if (!v.isString()) {
      throw new InputSyntaxException(v.location(), what + " must be a string", "got " + v.describe());
    }
    return v.text();
  }

  /**
   * The form of the records, told by the first.
   *
   * @return the form, or null before the first record
   */
  public Form form() {
    return form;
  }

  /**
   * The current record's ID.
   *
   * @return a non-empty string
   */
  public String id() {
    return id;
  }

  /**
   * The current record's title: BEIR's {@code title} when it has one.
   *
   * @return the title, or null (none, or the {@code {"id", "contents"}} form)
   */
  public String title() {
    return title;
  }

  /**
   * The current record's text: BEIR's {@code text}, or {@code contents}.
   *
   * @return the text, perhaps empty
   */
  public String text() {
    return text;
  }

  /**
   * The current record's line.
   *
   * @return its 1-based line number
   */
  public long lineNumber() {
    return lines.lineNumber();
  }

  /**
   * The file as errors name it.
   *
   * @return the path as given
   */
  public String source() {
    return lines.source();
  }

  /**
   * How many bytes of the file (as stored, compressed or not) have been read so far.
   *
   * @return a count, at most the file's size
   */
  public long bytesRead() {
    return raw.count;
  }

  /**
   * The SHA-256 of the file's bytes as stored, once every record has been read ({@link #next}
   * returned false): what is left after the last line (a gzip trailer) is read first.
   *
   * @return 64 lower-case hex digits
   * @throws IOException if the rest of the file cannot be read
   * @throws IllegalStateException before the end of the records
   */
  public String sha256() throws IOException {
    if (!ended) {
      throw new IllegalStateException("the SHA-256 of " + lines.source() + " is known once every record is read");
    }
    byte[] rest = new byte[1 << 16];
    while (raw.read(rest) >= 0) {
      // hashed by the counting stream
    }
    return HexFormat.of().formatHex(raw.digest.digest());
  }

  @Override
  public void close() throws IOException {
    lines.close();
  }

  /** The file's raw bytes, counted and hashed as they are read. */
  private static final class Counting extends FilterInputStream {
    final MessageDigest digest;
    long count;

    Counting(InputStream in) {
      super(in);
      try {
        digest = MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("SHA-256 is required of every Java platform", e);
      }
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        digest.update((byte) b);
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n > 0) {
        digest.update(b, off, n);
        count += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      byte[] b = new byte[(int) Math.min(n, 1 << 16)];
      int r = read(b, 0, b.length);
      return Math.max(r, 0);
    }

    @Override
    public boolean markSupported() {
      return false;
    }
  }
}
