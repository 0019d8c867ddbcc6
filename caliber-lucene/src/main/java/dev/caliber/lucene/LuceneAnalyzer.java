package dev.caliber.lucene;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.core.WhitespaceAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;

/**
 * How text is cut into terms, for the documents when they are indexed and for the queries when
 * they are searched: one declared name, recorded with the index, so that a search always analyses
 * its queries as the index analysed its documents. Each is Lucene's analyzer of that name with its
 * defaults.
 */
public enum LuceneAnalyzer {
  /**
   * Lucene's {@code StandardAnalyzer}: Unicode word boundaries (UAX #29), lower case; since Lucene
   * 8 no stop words.
   */
  STANDARD("standard"),
  /**
   * Lucene's {@code EnglishAnalyzer} (the default, and Anserini's for English): standard tokens,
   * English possessives removed, lower case, Lucene's English stop words, Porter stems.
   */
  ENGLISH("english"),
  /**
   * Lucene's {@code WhitespaceAnalyzer}: split at white space, nothing else (no lower case, no
   * stems, no stop words), for text analysed before it is indexed.
   */
  WHITESPACE("whitespace");

  private final String word;

  LuceneAnalyzer(String word) {
    this.word = word;
  }

  /**
   * The name a settings file and the command line give it.
   *
   * @return {@code standard}, {@code english} or {@code whitespace}
   */
  public String word() {
    return word;
  }

  /**
   * The analyzer named {@code word}.
   *
   * @param word {@code standard}, {@code english} or {@code whitespace} (in any case)
   * @return the analyzer
   * @throws IllegalArgumentException naming the word and the names there are
   */
  public static LuceneAnalyzer of(String word) {
    for (LuceneAnalyzer a : values()) {
      if (a.word.equals(word == null ? null : word.toLowerCase(Locale.ROOT))) {
        return a;
      }
    }
    throw new IllegalArgumentException("illegal analyzer: " + (word == null ? "null" : "\"" + word + "\"") + ", must be one of "
        + Arrays.stream(values()).map(LuceneAnalyzer::word).collect(Collectors.joining(", ")));
  }

  /**
   * A new instance of the analyzer, which the caller closes.
   *
   * @return Lucene's analyzer of this name, with its defaults
   */
  public Analyzer create() {
    return switch (this) {
      case STANDARD -> new StandardAnalyzer();
      case ENGLISH -> new EnglishAnalyzer();
      case WHITESPACE -> new WhitespaceAnalyzer();
    };
  }

  @Override
  public String toString() {
    return word;
  }
}
