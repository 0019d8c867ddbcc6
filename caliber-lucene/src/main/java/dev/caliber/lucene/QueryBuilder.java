package dev.caliber.lucene;

import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * How a query's text becomes a Lucene query: declared by name, and named in the retriever's
 * description, so that a run says how its queries were built.
 */
public enum QueryBuilder {
  /**
   * Anserini's bag of words: the text analysed as the documents were, each distinct term once, as
   * a {@code SHOULD} clause boosted by how often it occurs in the text, in term order. A text all
   * of whose terms the analyzer drops (stop words only) matches nothing.
   */
  BAG_OF_WORDS("bag-of-words");

  private final String word;

  QueryBuilder(String word) {
    this.word = word;
  }

  /**
   * The name a configuration and a description give it.
   *
   * @return {@code bag-of-words}
   */
  public String word() {
    return word;
  }

  /**
   * The builder named {@code word}.
   *
   * @param word a builder's name, such as {@code bag-of-words}
   * @return the builder
   * @throws IllegalArgumentException naming the word and the names there are
   */
  public static QueryBuilder of(String word) {
    for (QueryBuilder q : values()) {
      if (q.word.equals(word)) {
        return q;
      }
    }
    throw new IllegalArgumentException("illegal query builder: " + (word == null ? "null" : "\"" + word + "\"")
        + ", must be one of " + Arrays.stream(values()).map(QueryBuilder::word).collect(Collectors.joining(", ")));
  }

  /**
   * The query for {@code text}.
   *
   * @param analyzer the index's analyzer
   * @param field the field searched
   * @param text the query's text
   * @return the query
   * @throws TooManyTerms if the text has more distinct terms than Lucene's clause limit ({@link
   *     IndexSearcher#getMaxClauseCount()}, 1024 by default)
   */
  Query build(Analyzer analyzer, String field, String text) {
    Map<String, Integer> counts = new TreeMap<>();
    try (TokenStream tokens = analyzer.tokenStream(field, text)) {
      CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
      tokens.reset();
      while (tokens.incrementToken()) {
        counts.merge(term.toString(), 1, Integer::sum);
      }
      tokens.end();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("analysing a string cannot fail", e);
    }
    if (counts.size() > IndexSearcher.getMaxClauseCount()) {
      throw new TooManyTerms(counts.size(), IndexSearcher.getMaxClauseCount());
    }
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    counts.forEach((t, n) -> b.add(new BoostQuery(new TermQuery(new Term(field, t)), n), BooleanClause.Occur.SHOULD));
    return b.build();
  }

  @Override
  public String toString() {
    return word;
  }

  /** A text with more distinct terms than a Lucene boolean query may have clauses. */
  static final class TooManyTerms extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooManyTerms(int terms, int limit) {
      super(terms + " distinct terms, more than Lucene's limit of " + limit + " clauses (IndexSearcher.getMaxClauseCount())",
          null, false, false);
    }
  }
}
