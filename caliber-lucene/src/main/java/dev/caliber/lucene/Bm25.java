package dev.caliber.lucene;

import org.apache.lucene.search.similarities.BM25Similarity;

/**
 * BM25's two parameters (Robertson et al., "Okapi at TREC-3", 1994), as Lucene's {@code
 * BM25Similarity} scores with them: {@code idf(t) * tf * (k1 + 1) / (tf + k1 * (1 - b + b * dl /
 * avgdl))} per query term, {@code idf(t) = ln(1 + (N - n + 0.5) / (n + 0.5))}, and Lucene's one
 * deviation: a document's length is stored in one byte, so {@code dl} is that byte's
 * approximation. The defaults (0.9, 0.4) are Anserini's; Lucene's own are (1.2, 0.75).
 *
 * <p>The parameters are held as the doubles given, so that they read back as written ({@code
 * 0.9}, not {@code 0.8999999761581421}); Lucene scores with them as floats.
 *
 * @param k1 term-frequency saturation, a non-negative finite value
 * @param b length normalisation, from 0 (none) to 1 (full)
 */
public record Bm25(double k1, double b) {
  /** Anserini's parameters: k1 = 0.9, b = 0.4. */
  public static final Bm25 ANSERINI = new Bm25(0.9, 0.4);

  /**
   * Checks the parameters as Lucene's {@code BM25Similarity} does, with its words.
   *
   * @param k1 term-frequency saturation, a non-negative finite value
   * @param b length normalisation, from 0 to 1
   * @throws IllegalArgumentException {@code illegal k1 value: -1.0, must be a non-negative finite
   *     value}, or {@code illegal b value: 2.0, must be between 0 and 1}
   */
  public Bm25 {
    if (!Double.isFinite(k1) || k1 < 0 || !Float.isFinite((float) k1)) {
      throw new IllegalArgumentException("illegal k1 value: " + k1 + ", must be a non-negative finite value");
    }
    if (Double.isNaN(b) || b < 0 || b > 1) {
      throw new IllegalArgumentException("illegal b value: " + b + ", must be between 0 and 1");
    }
  }

  /**
   * Lucene's similarity with these parameters.
   *
   * @return a new {@code BM25Similarity(k1, b)}
   */
  public BM25Similarity similarity() {
    return new BM25Similarity((float) k1, (float) b);
  }
}
