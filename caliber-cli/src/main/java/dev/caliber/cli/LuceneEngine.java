package dev.caliber.cli;

import dev.caliber.lucene.Bm25;
import dev.caliber.lucene.LuceneIndex;
import dev.caliber.lucene.LuceneRetriever;
import dev.caliber.lucene.QueryBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --engine lucene}: an index directory made by {@code caliber index}, searched in this
 * process. A configuration may set {@code query} (the query builder, {@code bag-of-words}), {@code
 * k1} and {@code b} (BM25's parameters; the index's by default).
 */
final class LuceneEngine implements SearchEngine {
  static final List<String> KEYS = List.of("query", "k1", "b");

  /**
   * Lucene's logger, held so that its level stays set: on JDK 21 and later Lucene logs, through
   * java.util.logging to standard error, which file access it chose (INFO) and that it would use the
   * JDK's vector API if it were newer (WARNING), news a caliber user can do nothing with, on the
   * stream where caliber says only what went wrong. Its errors (SEVERE) still show.
   */
  private static final java.util.logging.Logger LUCENE_LOG = java.util.logging.Logger.getLogger("org.apache.lucene");

  /** Keeps Lucene's notices off standard error; called before Lucene is first used. */
  static void quiet() {
    LUCENE_LOG.setLevel(java.util.logging.Level.SEVERE);
  }

  @Override
  public String name() {
    return "lucene";
  }

  @Override
  public String defaultConfig() {
    return "bm25";
  }

  @Override
  public void check(String index, Map<String, String> settings) {
    for (Map.Entry<String, String> e : settings.entrySet()) {
      switch (e.getKey()) {
        case "query" -> QueryBuilder.of(e.getValue());
        case "k1" -> new Bm25(number("k1", e.getValue()), 0);
        case "b" -> new Bm25(0, number("b", e.getValue()));
        default -> throw new IllegalArgumentException("unknown key " + e.getKey() + " for --engine lucene; expected "
            + String.join(", ", KEYS));
      }
    }
  }

  private static double number(String key, String value) {
    Double d = decimal(value);
    if (d == null) {
      throw new IllegalArgumentException(key + "=" + value + " is not a number; expected a decimal such as 0.9");
    }
    return d;
  }

  /** A decimal number as written (digits, a point, an exponent; not Java's hexadecimal, suffixes or NaN), or null. */
  static Double decimal(String value) {
    return value.matches("[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?") ? Double.parseDouble(value) : null;
  }

  @Override
  public Session open(String index) throws IOException {
    quiet();
    LuceneIndex idx = LuceneIndex.open(Path.of(index));
    return new Session() {
      @Override
      public Configured configure(Map<String, String> given) {
        QueryBuilder builder = QueryBuilder.of(given.getOrDefault("query", QueryBuilder.BAG_OF_WORDS.word()));
        Bm25 p = idx.settings().bm25();
        Bm25 bm25 = new Bm25(given.containsKey("k1") ? number("k1", given.get("k1")) : p.k1(),
            given.containsKey("b") ? number("b", given.get("b")) : p.b());
        LuceneRetriever r = idx.retriever(builder, bm25);
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("query", builder.word());
        settings.put("k1", bm25.k1());
        settings.put("b", bm25.b());
        return new Configured(r, settings);
      }

      @Override
      public Map<String, String> sidecar() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("engine", "lucene");
        m.put("engine.version", LuceneIndex.engineVersion());
        m.put("index", idx.name());
        m.put("index.documents", String.valueOf(idx.documents()));
        m.put("index.id", idx.sha256());
        m.put("index.commit", idx.commit());
        m.put("index.commit.id", idx.commitId());
        m.put("index.analyzer", idx.settings().analyzer().word());
        m.put("index.corpus", idx.corpus());
        m.put("index.corpus.sha256", idx.corpusSha256());
        return m;
      }

      /** Every core: Lucene's searcher and analyzers may be called from several threads (LuceneRetriever). */
      @Override
      public int concurrency() {
        return Runtime.getRuntime().availableProcessors();
      }

      @Override
      public void close() throws IOException {
        idx.close();
      }
    };
  }
}
