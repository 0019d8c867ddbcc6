package org.example;

import dev.caliber.api.Retriever;
import dev.caliber.lucene.IndexSettings;
import dev.caliber.lucene.LuceneIndex;
import dev.caliber.lucene.LuceneRetriever;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/** A project's own retriever: CACM indexed in memory by Lucene, searched with BM25 (k1 0.9, b 0.4). */
public class CacmBm25 implements Retriever {
  private final LuceneRetriever lucene;

  public CacmBm25() throws IOException {
    Properties p = new Properties();
    try (InputStream in = CacmBm25.class.getResourceAsStream("/cacm.properties")) {
      p.load(in);
    }
    lucene = LuceneIndex.inMemory(Path.of(p.getProperty("corpus")), IndexSettings.DEFAULT).retriever();
  }

  @Override
  public List<Hit> search(String queryId, String text, int depth) throws IOException {
    return lucene.search(queryId, text, depth);
  }

  @Override
  public Map<String, Object> describe() {
    return lucene.describe();
  }
}
