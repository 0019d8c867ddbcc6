package dev.caliber.pool;

import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.read.CorpusRecords;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.Topics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The texts a judge reads, attached to a pool's holes: each query's text from topics, each
 * document's title and text from a corpus. The corpus is read one record at a time and only the
 * pooled documents' texts are kept, so memory grows with the pool, not with the corpus.
 */
public final class PoolTexts {
  private PoolTexts() {}

  /**
   * The pool with its queries' texts.
   *
   * @param pool the pool, not null
   * @param topics the topics (any form {@code EvalFiles.readTopics} reads), not null
   * @return the pool whose holes carry their query's text
   * @throws ProtocolViolationException naming the topics file and the first query (in the holes'
   *     order) the topics lack
   */
  public static PoolResult withQueries(PoolResult pool, Topics topics) {
    Map<String, String> texts = topics.texts();
    List<Hole> out = new ArrayList<>(pool.holes().size());
    for (Hole h : pool.holes()) {
      String text = texts.get(h.query());
      if (text == null) {
        throw new ProtocolViolationException(Location.ofFile(topics.source()), "pooled query missing from the topics",
            "query " + PyJson.canonical(h.query()) + " has holes; expected a text for every query with a hole");
      }
      out.add(h.withTexts(text, h.docTitle(), h.docText()));
    }
    return new PoolResult(pool.settings(), pool.runs(), out, pool.unlisted(), pool.coverage(), true, pool.docTexts());
  }

  /**
   * The pool with its documents' titles and texts, from a corpus file in either form {@link
   * CorpusRecords} reads (BEIR's {@code corpus.jsonl}, or {@code {"id", "contents"}}; gzip told by
   * its first bytes).
   *
   * @param pool the pool, not null
   * @param corpus the corpus file, not null
   * @param limits what reading it may cost, not null
   * @return the pool whose holes carry their document's title (null when the record has none) and
   *     text
   * @throws ProtocolViolationException naming the corpus file and the first document (in the holes'
   *     order) it lacks, or a document ID it gives twice
   * @throws dev.caliber.error.InputSyntaxException naming the line of a malformed record
   * @throws IOException if the file cannot be read
   */
  public static PoolResult withDocuments(PoolResult pool, Path corpus, InputLimits limits) throws IOException {
    Map<String, String[]> wanted = new HashMap<>();
    for (Hole h : pool.holes()) {
      wanted.put(h.doc(), null);
    }
    try (CorpusRecords records = CorpusRecords.open(corpus, limits)) {
      while (records.next()) {
        if (wanted.containsKey(records.id())) {
          wanted.put(records.id(), new String[] {records.title(), records.text()});
        }
      }
    }
    List<Hole> out = new ArrayList<>(pool.holes().size());
    for (Hole h : pool.holes()) {
      String[] doc = wanted.get(h.doc());
      if (doc == null) {
        throw new ProtocolViolationException(Location.ofFile(corpus.toString()), "pooled document missing from the corpus",
            "document " + PyJson.canonical(h.doc()) + " (query " + PyJson.canonical(h.query())
                + "); expected every pooled document in the corpus");
      }
      out.add(h.withTexts(h.queryText(), doc[0], doc[1]));
    }
    return new PoolResult(pool.settings(), pool.runs(), out, pool.unlisted(), pool.coverage(), pool.queryTexts(), true);
  }
}
