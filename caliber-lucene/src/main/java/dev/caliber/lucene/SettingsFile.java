package dev.caliber.lucene;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.io.read.JsonValue;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.report.ReportJson;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An index's settings file, {@value #NAME}, beside Lucene's files in the index directory: what was
 * indexed (the corpus file's name and SHA-256, its form, the document count) and how (the analyzer,
 * the BM25 parameters, the Lucene and caliber versions). Written once, with the index, before the
 * directory is put in place; read strictly by every search. Its SHA-256 is the index's identity.
 * Nothing in it depends on when or where the index was built, so the same corpus indexed the same
 * way by the same versions has the same identity.
 */
record SettingsFile(String luceneVersion, String caliberVersion, String corpus, String corpusSha256, String corpusForm,
    long documents, IndexSettings settings) {
  /** The file's name in the index directory. */
  static final String NAME = "caliber-index.json";
  /** The first member's value, which says what the file is. */
  static final String FORMAT = "caliber-lucene-index 1";

  private static final List<String> KEYS = List.of("format", "lucene_version", "caliber_version", "corpus", "corpus_sha256",
      "corpus_form", "documents", "analyzer", "bm25");

  /** The file's text: pretty JSON, members in {@link #KEYS}' order. */
  String text() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("format", FORMAT);
    m.put("lucene_version", luceneVersion);
    m.put("caliber_version", caliberVersion);
    m.put("corpus", corpus);
    m.put("corpus_sha256", corpusSha256);
    m.put("corpus_form", corpusForm);
    m.put("documents", documents);
    m.put("analyzer", settings.analyzer().word());
    Map<String, Object> bm25 = new LinkedHashMap<>();
    bm25.put("k1", settings.bm25().k1());
    bm25.put("b", settings.bm25().b());
    m.put("bm25", bm25);
    return ReportJson.render(m);
  }

  /** The identity of the index: the SHA-256 of {@link #text()}'s UTF-8 bytes. */
  String sha256() {
    return Fingerprint.sha256Hex(text());
  }

  /**
   * Reads a settings file: every member present, of its type, and nothing else.
   *
   * @throws InputSyntaxException naming the file, the JSON path, the bad value and what was expected
   * @throws IOException if it cannot be read
   */
  static SettingsFile read(Path file) throws IOException {
    JsonValue v = ProtocolFiles.readJson(file.toString());
    if (!v.isObject()) {
      throw bad(v, "an object {\"format\": \"" + FORMAT + "\", ...}");
    }
    Map<String, JsonValue> m = v.members();
    for (String k : m.keySet()) {
      if (!KEYS.contains(k)) {
        throw bad(m.get(k), "no member \"" + k + "\"; the members are " + String.join(", ", KEYS));
      }
    }
    if (!FORMAT.equals(text(v, "format"))) {
      throw bad(m.get("format"), "\"" + FORMAT + "\"");
    }
    JsonValue docs = member(v, "documents");
    if (docs.kind() != JsonValue.Kind.INTEGER || docs.integer().signum() < 0 || docs.integer().bitLength() > 31) {
      throw bad(docs, "the number of documents, a whole number");
    }
    JsonValue bm25 = member(v, "bm25");
    if (!bm25.isObject() || bm25.members().size() != 2) {
      throw bad(bm25, "{\"k1\": ..., \"b\": ...}");
    }
    LuceneAnalyzer analyzer;
    try {
      analyzer = LuceneAnalyzer.of(text(v, "analyzer"));
    } catch (IllegalArgumentException e) {
      throw new InputSyntaxException(m.get("analyzer").location(), "not a caliber Lucene index's settings", e.getMessage());
    }
    Bm25 parameters;
    try {
      parameters = new Bm25(number(bm25, "k1"), number(bm25, "b"));
    } catch (IllegalArgumentException e) {
      throw new InputSyntaxException(bm25.location(), "not a caliber Lucene index's settings", e.getMessage());
    }
    IndexSettings settings = new IndexSettings(analyzer, parameters);
    return new SettingsFile(text(v, "lucene_version"), text(v, "caliber_version"), text(v, "corpus"), text(v, "corpus_sha256"),
        text(v, "corpus_form"), docs.integer().longValueExact(), settings);
  }

  private static JsonValue member(JsonValue parent, String key) {
    JsonValue x = parent.members().get(key);
    if (x == null) {
      throw new InputSyntaxException(parent.location(), "not a caliber Lucene index's settings", "no member \"" + key
          + "\"; expected the members of a file written by caliber index");
    }
    return x;
  }

  private static String text(JsonValue parent, String key) {
    JsonValue x = member(parent, key);
    if (!x.isString()) {
      throw bad(x, "a string");
    }
    return x.text();
  }

  private static double number(JsonValue parent, String key) {
    JsonValue x = member(parent, key);
    if (x.kind() != JsonValue.Kind.INTEGER && x.kind() != JsonValue.Kind.FLOAT) {
      throw bad(x, "a number");
    }
    return Double.parseDouble(x.numberText());
  }

  private static InputSyntaxException bad(JsonValue v, String expected) {
    return new InputSyntaxException(v.location(), "not a caliber Lucene index's settings", v.describe() + "; expected " + expected);
  }
}
