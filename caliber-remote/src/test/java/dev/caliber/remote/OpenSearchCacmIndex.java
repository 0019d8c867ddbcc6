package dev.caliber.remote;

import dev.caliber.remote.http.Json;
import java.net.URI;
import java.nio.file.Files;
import java.util.List;

/**
 * The CACM index on the shared OpenSearch node, made once with the README's settings
 * (examples/engines/cacm-opensearch-index.json): one shard (so that BM25's statistics are the
 * whole collection's and every search is deterministic), BM25 with Anserini's k1 = 0.9 and b = 0.4,
 * {@code contents} under the "english" analyzer, each document's ID as {@code _id} and in the
 * keyword field {@code docno}.
 */
public final class OpenSearchCacmIndex {
  /** The index's name. */
  public static final String NAME = "cacm";

  private static boolean made;

  private OpenSearchCacmIndex() {}

  /** Makes the index on the node at {@code url}, once. */
  public static synchronized void make(URI url) throws Exception {
    if (made) {
      return;
    }
    Rest.json("PUT", url.resolve("/" + NAME), Files.readString(Cacm.example("cacm-opensearch-index.json")));
    List<Cacm.Doc> docs = Cacm.docs();
    StringBuilder bulk = new StringBuilder();
    for (int i = 0; i < docs.size(); i++) {
      Cacm.Doc d = docs.get(i);
      bulk.append("{\"index\":{\"_id\":\"").append(Json.escape(d.id())).append("\"}}\n")
          .append("{\"docno\":\"").append(Json.escape(d.id())).append("\",\"contents\":\"").append(Json.escape(d.contents())).append("\"}\n");
      if ((i + 1) % 1000 == 0 || i == docs.size() - 1) {
        String answer = Rest.send("POST", url.resolve("/" + NAME + "/_bulk"), "application/x-ndjson", bulk.toString());
        if (Boolean.TRUE.equals(Json.at(Json.read(answer), "errors"))) {
          throw new AssertionError("bulk indexing failed: " + answer.substring(0, Math.min(500, answer.length())));
        }
        bulk.setLength(0);
      }
    }
    // One segment, made visible before any test searches: the searcher must not switch from several
    // segments to the merged one between two searches, since Lucene breaks ties by document order
    Rest.json("POST", url.resolve("/" + NAME + "/_refresh"), "{}");
    Rest.json("POST", url.resolve("/" + NAME + "/_forcemerge?max_num_segments=1"), "{}");
    Rest.json("POST", url.resolve("/" + NAME + "/_refresh"), "{}");
    made = true;
  }
}
