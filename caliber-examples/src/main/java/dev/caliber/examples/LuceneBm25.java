package dev.caliber.examples;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.caliber.api.Eval;
import dev.caliber.api.RunBuilder;
import dev.caliber.protocol.ScoredRun;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

/**
 * A real retriever, in memory: the CACM corpus indexed with Apache Lucene, searched with BM25
 * (k1 = 0.9, b = 0.4, Anserini's settings) by a bag of words built as Anserini builds it (each
 * analysed query term once, boosted by how often it occurs). Its output goes straight into a
 * caliber run, in Lucene's order: no file in between.
 */
public final class LuceneBm25 implements AutoCloseable {
  private static final String ID = "id";
  private static final String CONTENTS = "contents";
  private static final Pattern TOPIC = Pattern.compile("<DOC>\\s*<DOCNO>\\s*(\\S+)\\s*</DOCNO>(.*?)</DOC>", Pattern.DOTALL);

  private final Analyzer analyzer;
  private final Directory directory;
  private final DirectoryReader reader;
  private final IndexSearcher searcher;

  private LuceneBm25(Analyzer analyzer, Directory directory) throws IOException {
    this.analyzer = analyzer;
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
    return new LuceneBm25(analyzer, dir);
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
   * Reads the CACM topics file (SGML: {@code <DOC><DOCNO> 1 </DOCNO> text </DOC>}).
   *
   * @param topics the file
   * @return query ID to text, in file order
   * @throws IOException if it cannot be read
   */
  public static Map<String, String> topics(Path topics) throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    Matcher m = TOPIC.matcher(Files.readString(topics, StandardCharsets.UTF_8));
    while (m.find()) {
      out.put(m.group(1), m.group(2).trim());
    }
    return out;
  }

  /**
   * Searches every topic and collects the hits as a run, in Lucene's order (by score, ties by
   * Lucene's internal document number).
   *
   * @param name the run's name
   * @param topics query ID to text
   * @param depth hits per query
   * @return the run
   */
  public ScoredRun search(String name, Map<String, String> topics, int depth) {
    RunBuilder run = Eval.runBuilder(name);
    try {
      StoredFields stored = searcher.storedFields();
      for (Map.Entry<String, String> t : topics.entrySet()) {
        TopDocs hits = searcher.search(query(t.getValue()), depth);
        run.query(t.getKey()); // a query with no hit is still answered, with nothing
        for (ScoreDoc hit : hits.scoreDocs) {
          run.add(t.getKey(), stored.document(hit.doc).get(ID), hit.score);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return run.build();
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
