package dev.caliber.cli;

import dev.caliber.api.Retriever;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.remote.OpenSearchConfig;
import dev.caliber.remote.OpenSearchRetriever;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code --engine opensearch}: an OpenSearch or Elasticsearch server at {@code --url}, the index
 * (a name, an alias or a pattern) at {@code --index}, each configuration a {@code _search} request
 * template ({@code NAME:template=FILE}) and optionally the field holding the document ID ({@code
 * id-field}, {@code _id} by default), as {@link OpenSearchConfig} defines them.
 */
final class OpenSearchEngine extends RemoteEngine {
  OpenSearchEngine(RemoteOptions remote) {
    super(remote);
  }

  @Override
  public String name() {
    return "opensearch";
  }

  @Override
  String templateKey() {
    return "template";
  }

  @Override
  String templateWhat() {
    return "_search request template";
  }

  @Override
  String probe() {
    return "{\"query\": {\"match\": {\"contents\": \"{{query_text}}\"}}}";
  }

  @Override
  String defaultIdField() {
    return "_id";
  }

  @Override
  Retriever open(String index, String text, String idField, boolean connect) throws IOException {
    OpenSearchConfig c = OpenSearchConfig.of(remote.url, index, text).withIdField(idField).withAuth(remote.auth())
        .withHttp(remote.http());
    return connect ? OpenSearchRetriever.open(c) : null;
  }

  @Override
  String indexEntry() {
    return "index";
  }

  /**
   * {@code index.id} (the SHA-256 of each concrete index's name, UUID and the hashes of its
   * settings and mappings), {@code index.uuid} (the UUIDs, comma-separated) and, for one concrete
   * index, {@code index.settings.sha256} and {@code index.mappings.sha256}.
   */
  @Override
  void indexKeys(Map<String, Object> d, Map<String, String> m) {
    Object indices = d.get("indices");
    put(m, "index.id", Fingerprint.canonicalSha256Hex(indices == null ? List.of() : indices));
    List<String> uuids = new ArrayList<>();
    if (indices instanceof List<?> l) {
      for (Object one : l) {
        if (one instanceof Map<?, ?> i) {
          uuids.add(String.valueOf(i.get("uuid")));
        }
      }
      if (l.size() == 1 && l.get(0) instanceof Map<?, ?> i) {
        put(m, "index.uuid", i.get("uuid"));
        put(m, "index.settings.sha256", i.get("settings_sha256"));
        put(m, "index.mappings.sha256", i.get("mappings_sha256"));
        return;
      }
    }
    m.put("index.uuid", String.join(",", uuids));
  }
}
