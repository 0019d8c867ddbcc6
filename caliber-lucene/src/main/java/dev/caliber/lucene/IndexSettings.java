package dev.caliber.lucene;

import java.util.Objects;

/**
 * How a corpus is indexed: the analyzer (the documents' and then the queries' terms) and the BM25
 * parameters searches use unless a search declares its own. Recorded in the index's settings file,
 * so that every search of the index analyses and scores as declared here.
 *
 * @param analyzer the analyzer, not null
 * @param bm25 the BM25 parameters, not null
 */
public record IndexSettings(LuceneAnalyzer analyzer, Bm25 bm25) {
  /** English analysis and Anserini's BM25 (k1 = 0.9, b = 0.4): Anserini's settings for English collections. */
  public static final IndexSettings DEFAULT = new IndexSettings(LuceneAnalyzer.ENGLISH, Bm25.ANSERINI);

  /**
   * Checks the settings.
   *
   * @param analyzer the analyzer, not null
   * @param bm25 the BM25 parameters, not null
   * @throws NullPointerException if a part is null
   */
  public IndexSettings {
    Objects.requireNonNull(analyzer, "analyzer");
    Objects.requireNonNull(bm25, "bm25");
  }

  /**
   * These settings with another analyzer.
   *
   * @param a the analyzer, not null
   * @return the settings
   */
  public IndexSettings withAnalyzer(LuceneAnalyzer a) {
    return new IndexSettings(a, bm25);
  }

  /**
   * These settings with other BM25 parameters.
   *
   * @param p the parameters, not null
   * @return the settings
   */
  public IndexSettings withBm25(Bm25 p) {
    return new IndexSettings(analyzer, p);
  }
}
