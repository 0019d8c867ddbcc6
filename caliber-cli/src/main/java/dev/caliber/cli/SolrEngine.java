package dev.caliber.cli;

import dev.caliber.api.Retriever;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.remote.SolrConfig;
import dev.caliber.remote.SolrRetriever;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --engine solr}: a Solr server at {@code --url} (the address ending in {@code /solr}), the
 * core or collection at {@code --index}, each configuration a file of {@code /select} parameters
 * ({@code NAME:params=FILE}: one {@code name=value} per line, unencoded; blank lines and lines
 * starting with {@code #} are skipped) and optionally the field holding the document ID ({@code
 * id-field}, {@code id} by default), as {@link SolrConfig} defines them.
 */
final class SolrEngine extends RemoteEngine {
  SolrEngine(RemoteOptions remote) {
    super(remote);
  }

  @Override
  public String name() {
    return "solr";
  }

  @Override
  String templateKey() {
    return "params";
  }

  @Override
  String templateWhat() {
    return "/select parameter template";
  }

  @Override
  String probe() {
    return "q={{query_text}}";
  }

  @Override
  String defaultIdField() {
    return "id";
  }

  /** The pairs of a parameter file: each line that is not blank or a comment. */
  static List<String> pairs(String text) {
    List<String> out = new ArrayList<>();
    for (String line : text.split("\r?\n", -1)) {
      if (!line.isBlank() && !line.startsWith("#")) {
        out.add(line);
      }
    }
    return out;
  }

  @Override
  Retriever open(String index, String text, String idField, boolean connect) throws IOException {
    SolrConfig c = SolrConfig.of(remote.url, index, pairs(text).toArray(String[]::new)).withIdField(idField)
        .withAuth(remote.auth()).withHttp(remote.http());
    return connect ? SolrRetriever.open(c) : null;
  }

  @Override
  String indexEntry() {
    return "core";
  }

  /**
   * {@code index.id} (the SHA-256 of the core's name, maxDoc, index version, segments file and
   * schema hash: which commit was searched), {@code index.version}, {@code index.schema.sha256}.
   */
  @Override
  void indexKeys(Map<String, Object> d, Map<String, String> m) {
    Map<String, Object> identity = new LinkedHashMap<>();
    for (String k : List.of("core", "max_doc", "index_version", "segments_file", "schema_sha256")) {
      identity.put(k, d.get(k));
    }
    put(m, "index.id", Fingerprint.canonicalSha256Hex(identity));
    put(m, "index.version", d.get("index_version"));
    put(m, "index.schema.sha256", d.get("schema_sha256"));
  }
}
