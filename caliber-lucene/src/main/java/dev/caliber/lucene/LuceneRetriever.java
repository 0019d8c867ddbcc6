package dev.caliber.lucene;

import dev.caliber.api.Retriever;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.Version;

/**
 * A {@link LuceneIndex} searched as a caliber {@link Retriever}: each query's text built into a
 * Lucene query by a declared {@link QueryBuilder}, with the index's analyzer, scored by BM25 with
 * declared parameters, its hits in Lucene's order (score descending, ties to the document earlier in
 * the corpus). Made by {@link LuceneIndex#retriever()}.
 *
 * <p>{@link #describe()} names everything that decides the ranking: the engine and its version,
 * the index (name, document count, identity, the Lucene commit read, the Lucene version that built
 * it), the analyzer, the similarity and its parameters, the query builder and the field searched.
 *
 * <p>Unlike what {@link Retriever} asks, it may be called from several threads at once: Lucene's
 * searcher and analyzers are safe for that, and each call reads stored fields with its own reader.
 */
public final class LuceneRetriever implements Retriever {
  private static final Set<String> ID_ONLY = Set.of(LuceneIndex.ID);

  private final LuceneIndex index;
  private final QueryBuilder builder;
  private final Bm25 bm25;
  private final IndexSearcher searcher;

  LuceneRetriever(LuceneIndex index, QueryBuilder builder, Bm25 bm25) {
    this.index = index;
    this.builder = builder;
    this.bm25 = bm25;
    this.searcher = new IndexSearcher(index.reader());
    searcher.setSimilarity(bm25.similarity());
  }

  /**
   * Searches one query.
   *
   * @param queryId the query's ID (not searched for)
   * @param text the query's text, analysed as the documents were
   * @param depth the most hits, at least 1
   * @return the hits in Lucene's order; empty when no term of the text is in the index
   * @throws IOException if the index cannot be read, or Lucene refuses the query (more distinct
   *     terms than its clause limit): the message says which
   */
  @Override
  public List<Hit> search(String queryId, String text, int depth) throws IOException {
    if (depth < 1) {
      throw new IllegalArgumentException("illegal depth: " + depth + ", must be at least 1");
    }
    Query query;
    try {
      query = builder.build(index.analyzer(), LuceneIndex.CONTENTS, text);
    } catch (QueryBuilder.TooManyTerms e) {
      throw new IOException("Lucene refused the query: " + e.getMessage(), e);
    }
    TopDocs top;
    try {
      top = searcher.search(query, depth);
    } catch (IndexSearcher.TooManyClauses e) {
      throw new IOException("Lucene refused the query: " + e.getMessage(), e);
    }
    StoredFields stored = searcher.storedFields();
    List<Hit> hits = new ArrayList<>(top.scoreDocs.length);
    for (ScoreDoc d : top.scoreDocs) {
      hits.add(new Hit(stored.document(d.doc, ID_ONLY).get(LuceneIndex.ID), d.score));
    }
    return hits;
  }

  /**
   * What this retriever is: {@code engine} ({@code lucene}), {@code version} (Lucene's), {@code
   * index} ({@code name}, {@code documents}, {@code sha256}: the index's identity, {@code commit},
   * {@code lucene_version}: the version that built it), {@code analyzer}, {@code similarity}
   * ({@code name} BM25, {@code k1}, {@code b}), {@code query} (the builder's name) and {@code
   * field}.
   *
   * @return the description, a new map
   */
  @Override
  public Map<String, Object> describe() {
    Map<String, Object> idx = new LinkedHashMap<>();
    idx.put("name", index.name());
    idx.put("documents", index.documents());
    idx.put("sha256", index.sha256());
    idx.put("commit", index.commit());
    idx.put("lucene_version", index.luceneVersion());
    Map<String, Object> similarity = new LinkedHashMap<>();
    similarity.put("name", "BM25");
    similarity.put("k1", bm25.k1());
    similarity.put("b", bm25.b());
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("engine", "lucene");
    d.put("version", Version.LATEST.toString());
    d.put("index", idx);
    d.put("analyzer", index.settings().analyzer().word());
    d.put("similarity", similarity);
    d.put("query", builder.word());
    d.put("field", LuceneIndex.CONTENTS);
    return d;
  }

  /**
   * The index searched.
   *
   * @return the index
   */
  public LuceneIndex index() {
    return index;
  }

  /**
   * How queries are built.
   *
   * @return the builder
   */
  public QueryBuilder queryBuilder() {
    return builder;
  }

  /**
   * The BM25 parameters searches score with.
   *
   * @return the parameters
   */
  public Bm25 bm25() {
    return bm25;
  }
}
