package dev.caliber.examples;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.caliber.api.Retriever;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.Version;

/**
 * A real retriever, in memory: the CACM corpus indexed with Apache Lucene, searched with BM25
 * (k1 = 0.9, b = 0.4, Anserini's settings) by a bag of words built as Anserini builds it (each
 * analysed query term once, boosted by how often it occurs). It is a caliber {@link Retriever}:
 * {@code Eval.evaluate(protocol, name, retriever, topics, depth)} sends it every topic and scores
 * its hits in Lucene's order, with no file in between; {@link #describe()} says what it is.
 */
public final class LuceneBm25 implements Retriever, AutoCloseable {
  private static final String ID = "id";
  private static final String CONTENTS = "contents";

  private final Analyzer analyzer;
  private final Path corpus;
  private final Directory directory;
  private final DirectoryReader reader;
  private final IndexSearcher searcher;

  private LuceneBm25(Analyzer analyzer, Path corpus, Directory directory) throws IOException {
    this.analyzer = analyzer;
    this.corpus = corpus;
    this.directory = directory;
    this.reader = DirectoryReader.open(directory);
    this.searcher = new IndexSearcher(reader);
    searcher.setSimilarity(new BM25Similarity(0.9f, 0.4f));
  }

  /**
   * Indexes a JSON Lines corpus of {@code {"id": ..., "contents": ...}} records.
   *
   * @param corpus the corpus file (JSON Lines {@code {"id", "contents"}}; gzip when its name ends in {@code .gz})
   * @param analyzer how text is cut into terms, for the documents and the queries
   * @return the retriever
   * @throws IOException if the corpus cannot be read
   */
  public static LuceneBm25 index(Path corpus, Analyzer analyzer) throws IOException {
    Directory dir = new ByteBuffersDirectory();
    IndexWriterConfig config = new IndexWriterConfig(analyzer).setSimilarity(new BM25Similarity(0.9f, 0.4f));
    JsonFactory json = new JsonFactory();
    try (IndexWriter writer = new IndexWriter(dir, config);
        BufferedReader lines = new BufferedReader(new InputStreamReader(open(corpus), StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        Map<String, String> record = record(json, line);
        Document doc = new Document();
        doc.add(new StringField(ID, record.get(ID), Field.Store.YES));
        doc.add(new TextField(CONTENTS, record.getOrDefault(CONTENTS, ""), Field.Store.NO));
        writer.addDocument(doc);
      }
    }
    return new LuceneBm25(analyzer, corpus, dir);
  }

  /** The corpus file's bytes, gunzipped when the name ends in {@code .gz}. */
  private static InputStream open(Path corpus) throws IOException {
    InputStream in = Files.newInputStream(corpus);
    return corpus.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(in, 1 << 16) : in;
  }

  private static Map<String, String> record(JsonFactory json, String line) throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    try (JsonParser p = json.createParser(line)) {
      p.nextToken();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        p.nextToken();
        out.put(name, p.getValueAsString());
      }
    }
    return out;
  }

  /**
   * Searches one query: its hits in Lucene's order (by score, ties by Lucene's internal document
   * number).
   *
   * @param queryId the query's ID (not used to search)
   * @param text the query's text, analysed as the documents were
   * @param depth the most hits
   * @return the hits, best first
   * @throws IOException if the index cannot be read
   */
  @Override
  public List<Hit> search(String queryId, String text, int depth) throws IOException {
    StoredFields stored = searcher.storedFields();
    TopDocs hits = searcher.search(query(text), depth);
    List<Hit> out = new ArrayList<>(hits.scoreDocs.length);
    for (ScoreDoc hit : hits.scoreDocs) {
      out.add(new Hit(stored.document(hit.doc).get(ID), hit.score));
    }
    return out;
  }

  /**
   * What this retriever is: Lucene's version, the corpus file and its document count, the
   * analyzer, the similarity and its parameters, and how queries are built.
   *
   * @return the description, fingerprinted with each run
   */
  @Override
  public Map<String, Object> describe() {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("engine", "lucene");
    d.put("version", Version.LATEST.toString());
    d.put("corpus", corpus.getFileName().toString());
    d.put("documents", reader.numDocs());
    d.put("analyzer", analyzer.getClass().getName());
    d.put("similarity", Map.of("name", "BM25", "k1", 0.9, "b", 0.4));
    d.put("query", "bag of words: each analysed term once, boosted by its count");
    return d;
  }

  private Query query(String text) throws IOException {
    Map<String, Integer> counts = new TreeMap<>();
    try (TokenStream tokens = analyzer.tokenStream(CONTENTS, text)) {
      CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
      tokens.reset();
      while (tokens.incrementToken()) {
        counts.merge(term.toString(), 1, Integer::sum);
      }
      tokens.end();
    }
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    counts.forEach((t, n) -> b.add(new BoostQuery(new TermQuery(new Term(CONTENTS, t)), n), BooleanClause.Occur.SHOULD));
    return b.build();
  }

  @Override
  public void close() throws IOException {
    reader.close();
    directory.close();
  }
}
