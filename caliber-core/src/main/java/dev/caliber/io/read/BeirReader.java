package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads a BEIR dataset folder (Thakur et al., "BEIR: A Heterogeneous Benchmark for Zero-shot
 * Evaluation of Information Retrieval Models", NeurIPS 2021 Datasets and Benchmarks), strictly.
 *
 * <h2>Layout</h2>
 *
 * <ul>
 *   <li>{@code corpus.jsonl}: one object per line, {@code {"_id", "title", "text"}}. {@code _id}
 *       (a non-empty string) and {@code text} (a string) are required, {@code title} (a string)
 *       is optional. The document's text is {@code text} alone; titles are kept apart in {@link
 *       BeirDataset#titles()}.
 *   <li>{@code queries.jsonl}: one object per line, {@code {"_id", "text"}}, both required.
 *   <li>{@code qrels/<split>.tsv}: the header line {@code query-id\tcorpus-id\tscore}, then one
 *       judgment per line, three tab-separated columns, the score an integer (negative allowed).
 *       Other files in {@code qrels/} are not read.
 * </ul>
 *
 * <p>Each file may be gzipped, detected by content; {@code corpus.jsonl.gz} is found when {@code
 * corpus.jsonl} is absent (both present is an error). BEIR's optional {@code metadata} member is
 * accepted and not read; any other member is an error. Blank lines are errors, except that the
 * line end after the last line does not make an empty line.
 *
 * <h2>Splits</h2>
 *
 * <p>The queries are exactly those of queries.jsonl, in its order. A query's split is the name of
 * the qrels file that judges it: the requested split when that file does, otherwise the first
 * other qrels file in name order that does, otherwise {@value #UNJUDGED}. Every qrels file is read
 * and checked, and a judged query missing from queries.jsonl is an error in any of them.
 *
 * <h2>Errors</h2>
 *
 * <p>Every error names the file, the line and, for JSON, the column and JSON path. A repeated
 * {@code _id}, and a repeated query and document in a qrels file, is a {@link
 * ProtocolViolationException} naming both lines.
 */
public final class BeirReader {
  /** The split of a query that no qrels file of the folder judges. */
  public static final String UNJUDGED = "unjudged";
  /** The qrels header line, tab-separated. */
  public static final String QRELS_HEADER = "query-id\tcorpus-id\tscore";

  private static final byte[] HEADER_BYTES = QRELS_HEADER.getBytes(StandardCharsets.UTF_8);
  private static final Set<String> QUERY_FIELDS = Set.of("_id", "text", "metadata");

  private BeirReader() {}

  /** Reads {@code folder} for {@code split} with {@link InputLimits#DEFAULT}. */
  public static BeirDataset read(Path folder, String split) throws IOException {
    return read(folder, split, InputLimits.DEFAULT);
  }

  /**
   * Reads {@code folder} for {@code split}: the corpus, all queries, and the judgments of {@code
   * qrels/<split>.tsv}. Corpus lines, whole documents, have {@link InputLimits#forDocuments()}'s
   * longer line limit.
   *
   * @throws java.nio.file.NoSuchFileException if the folder does not exist (a path, not a dataset, is wrong)
   * @throws java.nio.file.FileSystemException if the path is a file, not a folder
   * @throws InputSyntaxException if a file of the folder is missing or malformed
   * @throws ProtocolViolationException on a repeated ID or judgment, or a judged query missing
   *     from queries.jsonl
   * @throws IOException if reading fails
   */
  public static BeirDataset read(Path folder, String split, InputLimits limits) throws IOException {
    Objects.requireNonNull(split, "split");
    Loaded l = load(folder, split, limits);
    return new BeirDataset(l.corpus(), l.queries(), l.qrels().get(split), l.titles());
  }

  /**
   * Reads {@code folder} with every split's judgments, for checks that look across splits ({@code
   * dev.caliber.api.split.SplitCheck}). A query's split is the first split in name order whose qrels
   * judge it (a query judged in two splits is the check's to find), else {@value #UNJUDGED}.
   *
   * @param folder the dataset folder
   * @param limits what each file may cost
   * @return the corpus, every query, and each split's judgments in name order
   * @throws java.nio.file.NoSuchFileException if the folder does not exist
   * @throws InputSyntaxException if a file of the folder is missing or malformed
   * @throws ProtocolViolationException on a repeated ID or judgment, or a judged query missing
   *     from queries.jsonl
   * @throws IOException if reading fails
   */
  public static BeirSplits readAll(Path folder, InputLimits limits) throws IOException {
    Loaded l = load(folder, null, limits);
    return new BeirSplits(l.corpus(), l.queries(), l.qrels());
  }

  private record Loaded(Corpus corpus, Queries queries, Map<String, Qrels> qrels, Map<String, String> titles) {}

  /** The folder with the qrels of {@code split} (the preferred split of a query), or of every split when it is null. */
  private static Loaded load(Path folder, String split, InputLimits limits) throws IOException {
    Objects.requireNonNull(limits, "limits");
    requireFolder(folder);
    Path corpusFile = oneOf(folder, "corpus.jsonl");
    Path queriesFile = oneOf(folder, "queries.jsonl");
    Map<String, Path> qrelsFiles = qrelsFiles(folder);
    if (split != null && !qrelsFiles.containsKey(split)) {
      throw new InputSyntaxException(Location.ofFile(folder.resolve("qrels").toString()), "no qrels file for split "
          + Fields.quote(split), "expected qrels/" + split + ".tsv; the folder has splits " + qrelsFiles.keySet());
    }
    // Small files first, so that a mistake in them shows before a large corpus is read.
    Map<String, String> queryTexts = new LinkedHashMap<>();
    String[] queryIds = readQueries(queriesFile, limits, queryTexts);
    Map<String, Qrels> qrels = new LinkedHashMap<>();
    Map<String, String> splitOf = new HashMap<>();
    // The requested split first, so that it wins; then the others in name order.
    List<String> order = new ArrayList<>();
    if (split != null) {
      order.add(split);
    }
    qrelsFiles.keySet().stream().filter(s -> !s.equals(split)).forEach(order::add);
    for (String s : order) {
      Path file = qrelsFiles.get(s);
      TrecQrelsReader.Judgments judgments = readQrels(file, limits, queryTexts.keySet(), queriesFile.toString());
      judgments.queries().forEach(q -> splitOf.putIfAbsent(q, s));
      if (split == null || s.equals(split)) {
        qrels.put(s, judgments.build(file.toString()));
      }
    }
    Map<String, String> titles = new LinkedHashMap<>();
    Corpus corpus = readCorpus(corpusFile, limits, titles);
    Map<String, Query> queries = new LinkedHashMap<>(queryTexts.size() * 2);
    queryTexts.forEach((id, text) -> queries.put(id, new Query(text, splitOf.getOrDefault(id, UNJUDGED))));
    // qrels is in split name order already: every split comes in qrelsFiles' order, or only the one asked for
    return new Loaded(corpus, Queries.of(queries, LineOrigin.ofConsecutiveRecords(queriesFile.toString(), queryIds)),
        qrels, titles);
  }

  /**
   * The splits a folder judges: the names of its {@code qrels/SPLIT.tsv} (or {@code .tsv.gz})
   * files, so that a folder with one split can be read without naming it.
   *
   * @param folder the dataset folder
   * @return the split names in name order, at least one
   * @throws java.nio.file.NoSuchFileException if the folder does not exist
   * @throws InputSyntaxException if it has no qrels folder, no qrels file in it, or two files for
   *     one split
   * @throws IOException if the folder cannot be listed
   */
  public static java.util.Set<String> splits(Path folder) throws IOException {
    requireFolder(folder);
    return java.util.Collections.unmodifiableSet(new java.util.TreeSet<>(qrelsFiles(folder).keySet()));
  }

  /**
   * Every file a read of the folder uses, whatever the split (every split's qrels decide the
   * queries' splits): the corpus, the queries, then each split's qrels in name order.
   *
   * @param folder the dataset folder
   * @return role ({@code corpus}, {@code queries}, {@code qrels}) and path, in that order
   * @throws java.nio.file.NoSuchFileException if the folder does not exist
   * @throws InputSyntaxException if a file is missing or ambiguous
   * @throws IOException if the folder cannot be listed
   */
  public static List<Map.Entry<String, Path>> files(Path folder) throws IOException {
    splits(folder); // the same checks on the folder as a read
    List<Map.Entry<String, Path>> files = new ArrayList<>();
    files.add(Map.entry("corpus", oneOf(folder, "corpus.jsonl")));
    files.add(Map.entry("queries", oneOf(folder, "queries.jsonl")));
    qrelsFiles(folder).values().forEach(f -> files.add(Map.entry("qrels", f)));
    return files;
  }

  /** {@code name}, or {@code name.gz} when only that exists. */
  private static Path oneOf(Path folder, String name) {
    Path plain = folder.resolve(name);
    Path gz = folder.resolve(name + ".gz");
    boolean hasPlain = Files.isRegularFile(plain);
    boolean hasGz = Files.isRegularFile(gz);
    if (hasPlain && hasGz) {
      throw new InputSyntaxException(Location.ofFile(folder.toString()), "ambiguous BEIR file",
          "both " + name + " and " + name + ".gz exist; expected one");
    }
    if (!hasPlain && !hasGz) {
      throw new InputSyntaxException(Location.ofFile(folder.toString()), "missing BEIR file",
          "no " + name + " or " + name + ".gz; expected a BEIR dataset folder (corpus.jsonl, queries.jsonl, qrels/)");
    }
    return hasPlain ? plain : gz;
  }

  /**
   * The checks on the folder itself, before any file in it: given (an empty path, which would be
   * the working directory, is refused as one), existing, and a folder.
   */
  private static void requireFolder(Path folder) throws IOException {
    Objects.requireNonNull(folder, "folder");
    if (folder.toString().isEmpty()) {
      throw new java.nio.file.FileSystemException("", null, "an empty path, not a BEIR dataset folder");
    }
    if (!Files.exists(folder)) {
      throw new java.nio.file.NoSuchFileException(folder.toString());
    }
    if (!Files.isDirectory(folder)) {
      throw new java.nio.file.FileSystemException(folder.toString(), null, "is a file, not a BEIR dataset folder");
    }
  }

  /** Split name to file: qrels/NAME.tsv or qrels/NAME.tsv.gz, sorted by name. */
  private static Map<String, Path> qrelsFiles(Path folder) throws IOException {
    Path dir = folder.resolve("qrels");
    if (!Files.isDirectory(dir)) {
      throw new InputSyntaxException(Location.ofFile(folder.toString()), "missing BEIR file",
          "no qrels folder; expected qrels/<split>.tsv");
    }
    Map<String, Path> files = new TreeMap<>();
    try (Stream<Path> list = Files.list(dir)) {
      for (Path p : (Iterable<Path>) list.sorted()::iterator) {
        String name = p.getFileName().toString();
        String split = name.endsWith(".tsv") ? name.substring(0, name.length() - 4)
            : name.endsWith(".tsv.gz") ? name.substring(0, name.length() - 7) : null;
        if (split == null || split.isEmpty() || !Files.isRegularFile(p)) {
          continue;
        }
        if (split.equals(UNJUDGED)) {
          throw new InputSyntaxException(Location.ofFile(p.toString()), "reserved split name",
              Fields.quote(UNJUDGED) + " names the queries no qrels file judges; expected another file name");
        }
        Path earlier = files.putIfAbsent(split, p);
        if (earlier != null) {
          throw new InputSyntaxException(Location.ofFile(dir.toString()), "ambiguous BEIR file",
              "both " + earlier.getFileName() + " and " + name + " exist; expected one per split");
        }
      }
    }
    if (files.isEmpty()) {
      // a folder without judgments is no dataset to evaluate on, whatever split is asked for
      throw new InputSyntaxException(Location.ofFile(dir.toString()), "missing BEIR file",
          "no qrels file in the qrels folder; expected qrels/<split>.tsv, such as qrels/test.tsv");
    }
    return files;
  }

  private static Corpus readCorpus(Path file, InputLimits limits, Map<String, String> titles) throws IOException {
    Map<String, String> texts = new LinkedHashMap<>();
    List<String> ids = new ArrayList<>();
    try (CorpusRecords records = CorpusRecords.open(file, limits, CorpusRecords.Form.BEIR)) {
      while (records.next()) {
        texts.put(records.id(), records.text());
        ids.add(records.id());
        if (records.title() != null) {
          titles.put(records.id(), records.title());
        }
      }
    }
    return Corpus.of(texts, LineOrigin.ofConsecutiveRecords(file.toString(), ids.toArray(new String[0])));
  }

  private static String[] readQueries(Path file, InputLimits limits, Map<String, String> texts) throws IOException {
    List<String> ids = new ArrayList<>();
    try (LineReader lines = InputFiles.open(file, limits)) {
      while (lines.next()) {
        readQuery(lines, texts, ids);
      }
      if (texts.isEmpty()) {
        throw new InputSyntaxException(Location.ofFile(file.toString()), "no queries", "expected one JSON object per line");
      }
    }
    return ids.toArray(new String[0]);
  }

  /**
   * Reads the current line as one query of a queries.jsonl file, {@code {"_id", "text"}} (and
   * optionally {@code metadata}), into {@code texts} and {@code ids}: the one rule for such a line,
   * which topics files in this format share.
   */
  static void readQuery(LineReader lines, Map<String, String> texts, List<String> ids) throws IOException {
    JsonValue record = record(lines, "a query {\"_id\": ..., \"text\": ...}");
    checkFields(record.members(), QUERY_FIELDS, "query", "_id, text and metadata");
    String id = id(record, lines, texts, ids, "query");
    texts.put(id, string(record, "text", "query text"));
    ids.add(id);
  }

  private static JsonValue record(LineReader lines, String expected) throws IOException {
    if (lines.isBlank()) {
      throw lines.error("blank line", "expected " + expected + "; only the line end after the last line may be empty");
    }
    JsonValue v = JsonReader.parse(lines.source(), lines.lineNumber(), lines.bytes(), lines.start(),
        lines.end() - lines.start());
    if (!v.isObject()) {
      throw new InputSyntaxException(v.location(), "wrong JSON type", "got " + v.describe() + "; expected " + expected);
    }
    return v;
  }

  private static void checkFields(Map<String, JsonValue> members, Set<String> allowed, String kind, String expected) {
    for (Map.Entry<String, JsonValue> e : members.entrySet()) {
      if (!allowed.contains(e.getKey())) {
        throw new InputSyntaxException(e.getValue().location(), "unknown " + kind + " field " + Fields.quote(e.getKey()),
            "expected only " + expected);
      }
    }
  }

  /** The record's {@code _id}, which must be a new non-empty string. */
  private static String id(JsonValue record, LineReader lines, Map<String, String> seen, List<String> order, String kind) {
    JsonValue v = record.members().get("_id");
    if (v == null) {
      throw new InputSyntaxException(record.location(), kind + " field \"_id\" is missing", "expected a non-empty string ID");
    }
    if (!v.isString() || v.text().isEmpty()) {
      throw new InputSyntaxException(v.location(), kind + " ID must be a non-empty string", "got " + v.describe());
    }
    String id = v.text();
    if (seen.containsKey(id)) {
      // Records fill consecutive lines, so the earlier one's line is its index + 1.
      int earlier = order.indexOf(id) + 1;
      throw new ProtocolViolationException(v.location(), "duplicate " + kind + " ID",
          Fields.quote(id) + " on line " + lines.lineNumber() + " repeats line " + earlier + "; expected each _id once");
    }
    return id;
  }

  private static String string(JsonValue record, String field, String what) {
    JsonValue v = record.members().get(field);
    if (v == null) {
      throw new InputSyntaxException(record.location(), what + " is missing",
          "expected a string member " + Fields.quote(field));
    }
    if (!v.isString()) {
      throw new InputSyntaxException(v.location(), what + " must be a string", "got " + v.describe());
    }
    return v.text();
  }

  /** Reads one qrels TSV file; every judged query must be one of {@code queryIds}. */
  private static TrecQrelsReader.Judgments readQrels(Path file, InputLimits limits, Set<String> queryIds,
      String queriesSource) throws IOException {
    TrecQrelsReader.Judgments judgments = new TrecQrelsReader.Judgments();
    Fields fields = new Fields();
    try (LineReader lines = InputFiles.open(file, limits)) {
      if (!lines.next() || !Arrays.equals(lines.bytes(), lines.start(), lines.end(), HEADER_BYTES, 0, HEADER_BYTES.length)) {
        boolean empty = lines.lineNumber() == 0;
        throw new InputSyntaxException(empty ? Location.ofFile(file.toString()) : lines.location(),
            "missing or wrong qrels header", "got " + (empty ? "an empty file" : Fields.quote(lines.text()))
                + "; expected " + Fields.quote(QRELS_HEADER));
      }
      while (lines.next()) {
        if (lines.isBlank()) {
          throw lines.error("blank line", "expected a judgment \"query-id<TAB>corpus-id<TAB>score\";"
              + " only the line end after the last line may be empty");
        }
        int found = fields.splitOnTabs(lines);
        if (found != 3) {
          throw lines.error("wrong number of columns", "found " + found
              + " tab-separated columns; expected 3 (query-id, corpus-id, score)");
        }
        for (int i = 0; i < 2; i++) {
          if (fields.length(i) == 0) {
            throw lines.error((i == 0 ? "query-id" : "corpus-id") + " is empty", "expected an ID");
          }
        }
        if (!judgments.isCurrent(fields)) {
          String qid = fields.string(0);
          if (!judgments.has(qid) && !queryIds.contains(qid)) {
            throw new ProtocolViolationException(lines.location(), "judged query not in queries file",
                "query " + Fields.quote(qid) + "; expected a query _id of " + queriesSource);
          }
          judgments.select(qid, fields.copy(0));
        }
        judgments.add(lines, fields, 1, fields.intValue(2, "score"));
      }
      if (judgments.isEmpty()) {
        throw new InputSyntaxException(Location.ofFile(file.toString()), "no judgments",
            "expected lines \"query-id<TAB>corpus-id<TAB>score\" after the header");
      }
    }
    return judgments;
  }
}
