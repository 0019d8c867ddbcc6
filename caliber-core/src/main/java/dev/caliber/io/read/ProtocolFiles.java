package dev.caliber.io.read;

import dev.caliber.chunk.AdapterViolations;
import dev.caliber.chunk.ChunkMapping;
import dev.caliber.error.CaliberInputException;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.error.Violations;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.Compression;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.protocol.Run;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the seed's JSON shapes (see docs/FORMATS.md): corpus, queries, qrels, run, chunk mapping,
 * chunk run, and the protocol file that bundles corpus, queries, qrels and optionally split and k.
 *
 * <p>Shape errors use the seed's own words where the seed has them (a label that is not the
 * integer 0 or 1, a ranking that is not a list), and every error names the file, line, column and
 * JSON path of the bad value.
 */
public final class ProtocolFiles {
  private ProtocolFiles() {}

  /**
   * A protocol file's contents: the protocol, and the split and k it fixes, if it does.
   *
   * @param protocol corpus, queries, qrels
   * @param split the split the file fixes, or null
   * @param k the cutoff the file fixes, or null
   */
  public record ProtocolFile(Protocol protocol, String split, Integer k) {}

  private static final Set<String> PROTOCOL_KEYS = Set.of("corpus", "queries", "qrels", "split", "k");

  /** Reads a file, or standard input when {@code path} is {@code -}; gzip is told by its first bytes. */
  public static JsonValue readJson(String path) throws IOException {
    return readJson(path, System.in);
  }

  /**
   * Reads a file, or {@code stdin} when {@code pathOrDash} is {@code -}; gzip is told by its first
   * bytes.
   *
   * @param stdin what {@code -} reads (not closed)
   */
  public static JsonValue readJson(String pathOrDash, InputStream stdin) throws IOException {
    return readJson(pathOrDash, stdin, InputLimits.DEFAULT);
  }

  /**
   * Reads a file, or {@code stdin} when {@code pathOrDash} is {@code -}; gzip is told by its first
   * bytes; at most {@code limits}' size after decompression, and at most its query limit of
   * whitespace in a row ({@link JsonWhitespace}).
   *
   * @param stdin what {@code -} reads (not closed)
   */
  public static JsonValue readJson(String pathOrDash, InputStream stdin, InputLimits limits) throws IOException {
    try (InputStream raw = InputFiles.bytes(pathOrDash, stdin); InputStream in = Compression.decoded(pathOrDash, raw)) {
      return JsonReader.parse(pathOrDash, JsonWhitespace.bounded(pathOrDash, Compression.bounded(pathOrDash, in, limits), limits));
    }
  }

  /** An {@link Origin} that looks values up in the parsed tree. */
  public static Origin originOf(JsonValue root) {
    return path -> {
      JsonValue v = root.at(path);
      if (v != null) {
        return v.location();
      }
      return root.location().source().isEmpty() ? Location.NONE : Location.ofFile(root.location().source());
    };
  }

  /** Reads a protocol file: {@code {"corpus", "queries", "qrels", "split"?, "k"?}}. */
  public static ProtocolFile protocol(JsonValue root) {
    requireObject(root, "a protocol object with corpus, queries and qrels");
    for (Map.Entry<String, JsonValue> e : root.members().entrySet()) {
      if (!PROTOCOL_KEYS.contains(e.getKey())) {
        throw new InputSyntaxException(e.getValue().location(), "unknown protocol field " + quote(e.getKey()),
            "expected only corpus, queries, qrels, split and k");
      }
    }
    for (String required : List.of("corpus", "queries", "qrels")) {
      if (!root.members().containsKey(required)) {
        throw new InputSyntaxException(root.location(), "protocol field " + quote(required) + " is missing",
            "expected corpus, queries and qrels");
      }
    }
    String split = null;
    JsonValue s = root.members().get("split");
    if (s != null) {
      if (!s.isString() || s.text().isEmpty()) {
        throw new ProtocolViolationException(s.location(), AdapterViolations.SPLIT, "got " + s.describe());
      }
      split = s.text();
    }
    JsonValue kValue = root.members().get("k");
    Integer k = kValue == null ? null : k(kValue);
    Protocol protocol = new Protocol(
        corpus(root.members().get("corpus")),
        queries(root.members().get("queries")),
        qrels(root.members().get("qrels")));
    return new ProtocolFile(protocol, split, k);
  }

  /**
   * Reads k: a JSON integer of at least 1. {@code true}, {@code 1.5} and {@code 2.0} are not.
   */
  public static int k(JsonValue v) {
    if (v.kind() != JsonValue.Kind.INTEGER || v.integer().compareTo(BigInteger.ONE) < 0
        || v.integer().bitLength() > 31) {
      throw new ProtocolViolationException(v.location(), Violations.K, "got " + v.describe() + "; expected an integer >= 1");
    }
    return v.integer().intValueExact();
  }

  /** Reads a corpus: {@code {"doc ID": "text" or null, ...}}. */
  public static Corpus corpus(JsonValue root) {
    requireObject(root, "an object mapping document ID to text");
    Map<String, String> texts = new LinkedHashMap<>();
    root.members().forEach((id, text) -> {
      if (text.kind() == JsonValue.Kind.NULL) {
        texts.put(id, null);
      } else if (text.isString()) {
        texts.put(id, text.text());
      } else {
        throw new InputSyntaxException(text.location(), "document text must be a string or null", "got " + text.describe());
      }
    });
    return Corpus.of(texts, originOf(root));
  }

  /** Reads queries: {@code {"query ID": {"text": "...", "split": "test"}, ...}}. */
  public static Queries queries(JsonValue root) {
    requireObject(root, "an object mapping query ID to {text, split}");
    Map<String, Query> queries = new LinkedHashMap<>();
    root.members().forEach((id, meta) -> {
      if (!meta.isObject()) {
        throw new ProtocolViolationException(meta.location(), AdapterViolations.QUERY_IDS,
            "got " + meta.describe() + "; expected an object {\"text\": ..., \"split\": ...}");
      }
      for (Map.Entry<String, JsonValue> field : meta.members().entrySet()) {
        if (!field.getKey().equals("text") && !field.getKey().equals("split")) {
          throw new InputSyntaxException(field.getValue().location(), "unknown query field " + quote(field.getKey()),
              "expected only text and split");
        }
      }
      JsonValue split = meta.members().get("split");
      if (split == null || !split.isString() || split.text().isEmpty()) {
        throw new ProtocolViolationException(split == null ? meta.location() : split.location(), AdapterViolations.QUERY_SPLIT,
            "query " + quote(id) + ": got " + (split == null ? "no split" : split.describe()));
      }
      JsonValue text = meta.members().get("text");
      if (text != null && !text.isString()) {
        throw new InputSyntaxException(text.location(), "query text must be a string", "got " + text.describe());
      }
      queries.put(id, new Query(text == null ? null : text.text(), split.text()));
    });
    return Queries.of(queries, originOf(root));
  }

  /**
   * The reason for a JSON label that is not an integer of 32 bits, outside the seed protocol:
   * there graded labels are judgments too, so the seed's "integer 0 or 1" would mislead.
   */
  public static final String INTEGER_LABELS = "qrels labels must be integers";

  /**
   * The reason for a JSON run whose top level is not an object, outside the seed's report: the
   * seed's reason names its corpus and queries, which such a run has nothing to do with.
   */
  public static final String RUN_OBJECT = "a JSON run must be an object";

  /**
   * Reads the seed protocol's qrels: {@code {"query ID": {"doc ID": 0 or 1, ...}, ...}}. Labels
   * must be JSON integers; one that is not is refused in the seed's words ({@link
   * Violations#LABELS}), and one that is an integer other than 0 or 1 is the protocol's to refuse.
   */
  public static Qrels qrels(JsonValue root) {
    return qrels(root, true);
  }

  /**
   * Reads qrels in the seed's JSON shape for any protocol: {@code {"query ID": {"doc ID": label,
   * ...}, ...}}, labels JSON integers of 32 bits (graded, negative as trec_eval reads them). A
   * label that is not one is refused as {@link #INTEGER_LABELS}. An array is pandas' records
   * shape, read by {@link JsonRecords#qrels}.
   */
  public static Qrels gradedQrels(JsonValue root) {
    return root.isArray() ? JsonRecords.qrels(root) : qrels(root, false);
  }

  private static Qrels qrels(JsonValue root, boolean seed) {
    requireObject(root, "an object mapping query ID to {document ID: label}");
    Map<String, Map<String, Integer>> labels = new LinkedHashMap<>();
    root.members().forEach((q, row) -> {
      requireObject(row, "an object mapping document ID to an integer label");
      Map<String, Integer> r = new LinkedHashMap<>();
      row.members().forEach((d, label) -> {
        if (label.kind() != JsonValue.Kind.INTEGER || label.integer().bitLength() > 31) {
          throw new ProtocolViolationException(label.location(), seed ? Violations.LABELS : INTEGER_LABELS,
              "query " + quote(q) + ", document " + quote(d) + ": got " + label.describe()
                  + (seed ? "" : "; expected an integer from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE
                      + ", such as 1, 0 or -3"));
        }
        r.put(d, label.integer().intValue());
      });
      labels.put(q, r);
    });
    return Qrels.of(labels, originOf(root));
  }

  /** Reads a run: {@code {"query ID": ["doc ID", ...], ...}}, best first. */
  public static Run run(String name, JsonValue root) {
    refuseAdapterReport(root);
    if (!root.isObject()) {
      throw new ProtocolViolationException(root.location(), Violations.NONEMPTY,
          "got " + root.describe() + "; expected an object mapping query ID to a list of document IDs");
    }
    return Run.of(name, rankings(root, Violations.RANKING_SHAPE, Violations.RANKING_SHAPE), originOf(root));
  }

  /**
   * Reads a run in either JSON shape: the seed's {@code {"q": ["d1", "d2"]}} (a list keeps its
   * order: it is the ranking; ranks 1..n) or the score map that pytrec_eval, ir_measures, ranx
   * and BEIR use, {@code {"q": {"d1": 12.5, "d2": 11.0}}}. A JSON object is unordered, so a score
   * map is ranked by score ({@link dev.caliber.protocol.RankedList#byScore}: ties by document ID
   * descending, as trec_eval), whatever order its members were written in and whatever the
   * ordering policy. Every query must use the same shape; scores must be finite JSON numbers. An
   * array is pandas' records shape, read by {@link JsonRecords#run}.
   */
  public static dev.caliber.protocol.ScoredRun scoredRun(String name, JsonValue root) {
    refuseAdapterReport(root);
    if (root.isArray()) {
      return JsonRecords.run(name, root);
    }
    if (!root.isObject()) {
      throw new ProtocolViolationException(root.location(), RUN_OBJECT,
          "got " + root.describe() + "; expected an object mapping query ID to a list of document IDs"
              + " or to an object of document ID to score, or an array of records");
    }
    boolean scored = root.members().values().stream().findFirst().map(JsonValue::isObject).orElse(false);
    if (!scored) {
      return dev.caliber.protocol.ScoredRun.of(run(name, root));
    }
    Map<String, dev.caliber.protocol.RankedList> lists = new LinkedHashMap<>();
    root.members().forEach((q, docs) -> {
      if (!docs.isObject()) {
        throw new InputSyntaxException(docs.location(), "mixed run shapes",
            "query " + quote(q) + ": got " + docs.describe() + "; expected an object of document ID to score like the first query");
      }
      int n = docs.members().size();
      String[] ids = new String[n];
      double[] scores = new double[n];
      int i = 0;
      for (Map.Entry<String, JsonValue> e : docs.members().entrySet()) {
        JsonValue v = e.getValue();
        double score = JsonRecords.scoreOf(v);
        if (Double.isNaN(score)) {
          throw new InputSyntaxException(v.location(), "score must be a finite number",
              "query " + quote(q) + ", document " + quote(e.getKey()) + ": got " + v.describe());
        }
        ids[i] = e.getKey();
        scores[i] = score;
        i++;
      }
      lists.put(q, dev.caliber.protocol.RankedList.byScore(ids, scores));
    });
    return dev.caliber.protocol.ScoredRun.of(name, lists, scoredOrigin(root, lists));
  }

  /**
   * Locates a score-shaped run's entries: violations found later name entry {@code i} of query
   * {@code q} in ranking order, which in this shape is the member of the object whose key is the
   * entry's document, not an array index.
   */
  private static Origin scoredOrigin(JsonValue root, Map<String, dev.caliber.protocol.RankedList> lists) {
    Origin byPath = originOf(root);
    return path -> {
      if (path.length == 2 && path[0] instanceof String q && path[1] instanceof Integer i) {
        JsonValue docs = root.members().get(q);
        dev.caliber.protocol.RankedList list = lists.get(q);
        if (docs != null && docs.isObject() && list != null && i >= 0 && i < list.size()) {
          return docs.members().get(list.doc(i)).location();
        }
      }
      return byPath.locate(path);
    };
  }

  /**
   * The chunk adapter's full report ({@code {adapter_sha256, document_runs, evidence}}) is the
   * likeliest JSON given as a run that is not one: said so, with what to give instead, rather than
   * "query adapter_sha256 is not a list". A run cannot have this shape (a run's values are lists
   * or objects, never a string), so no run is refused here.
   */
  private static void refuseAdapterReport(JsonValue root) {
    if (!root.isObject()) {
      return;
    }
    JsonValue sha = root.members().get("adapter_sha256");
    JsonValue runs = root.members().get("document_runs");
    if (sha != null && sha.isString() && runs != null && runs.isObject()) {
      throw new InputSyntaxException(root.location(), "the chunk adapter's full report, not a run",
          "got keys " + String.join(", ", root.members().keySet()) + "; expected a run such as its document_runs,"
              + " which 'caliber adapt --emit run' prints alone");
    }
  }

  /** Reads a chunk run: {@code {"query ID": ["chunk ID", ...], ...}}, best first. */
  public static Run chunkRun(String name, JsonValue root) {
    if (!root.isObject()) {
      throw new ProtocolViolationException(root.location(), AdapterViolations.SHAPES,
          "got " + root.describe() + "; expected an object mapping query ID to a list of chunk IDs");
    }
    return Run.of(name, rankings(root, AdapterViolations.RANKING_SHAPE, AdapterViolations.UNKNOWN_CHUNK), originOf(root));
  }

  private static Map<String, List<String>> rankings(JsonValue root, String notList, String notString) {
    Map<String, List<String>> rankings = new LinkedHashMap<>();
    root.members().forEach((q, list) -> {
      if (!list.isArray()) {
        throw new ProtocolViolationException(list.location(), notList, "query " + quote(q) + ": got " + list.describe());
      }
      List<String> ids = new ArrayList<>(list.items().size());
      for (JsonValue item : list.items()) {
        if (!item.isString()) {
          throw new ProtocolViolationException(item.location(), notString,
              "query " + quote(q) + ": got " + item.describe() + "; expected a string ID");
        }
        ids.add(item.text());
      }
      rankings.put(q, ids);
    });
    return rankings;
  }

  /** Reads a chunk mapping: {@code {"chunk ID": "doc ID", ...}}. */
  public static ChunkMapping chunkMapping(JsonValue root) {
    if (!root.isObject()) {
      throw new ProtocolViolationException(root.location(), AdapterViolations.SHAPES,
          "got " + root.describe() + "; expected an object mapping chunk ID to document ID");
    }
    Map<String, String> map = new LinkedHashMap<>();
    root.members().forEach((chunk, doc) -> {
      if (!doc.isString()) {
        throw new ProtocolViolationException(doc.location(), AdapterViolations.MAPPING_IDS,
            "chunk " + quote(chunk) + ": got " + doc.describe() + "; expected a document ID string");
      }
      map.put(chunk, doc.text());
    });
    return ChunkMapping.of(map, originOf(root));
  }

  private static void requireObject(JsonValue v, String expected) {
    if (!v.isObject()) {
      throw new InputSyntaxException(v.location(), "wrong JSON type", "got " + v.describe() + "; expected " + expected);
    }
  }

  private static String quote(String s) {
    return dev.caliber.json.PyJson.canonical(s);
  }

  /** Whether an exception is the user's fault (bad input) rather than caliber's. */
  public static boolean isInputError(Throwable t) {
    return t instanceof CaliberInputException;
  }
}
