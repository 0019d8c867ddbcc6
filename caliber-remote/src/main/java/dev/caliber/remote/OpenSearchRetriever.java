package dev.caliber.remote;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.caliber.api.Retriever;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.ScoredRun;
import dev.caliber.protocol.Topics;
import dev.caliber.remote.http.Http;
import dev.caliber.remote.http.Json;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A retriever that sends each query to OpenSearch's or Elasticsearch's {@code _search}: the
 * configured request template filled in with the query's text and ID, {@code size} = the depth,
 * and the hits read back best first, each document ID from {@code _id} or a {@code _source} field.
 *
 * <p>{@link #open} asks the server what it is before any search ({@code GET /}: {@code
 * version.distribution} says opensearch, its absence elasticsearch; {@code version.number}) and
 * what the index is ({@code _settings}, {@code _mapping}, {@code _count}), so that {@link
 * #describe()} can say it and a down server or a missing index fails at once, in one line. The
 * description is that snapshot: documents indexed later change the rankings but not it.
 *
 * <p>A search fails, with a {@link SearchFailure} naming the engine, the index, the query and what
 * came back, when the server answers other than 200 (its error type and reason), when it answers
 * 200 but a shard failed or the search timed out (partial hits are not a ranking), when a hit has
 * no score (a template that sorts must also set {@code "track_scores": true}) or no document ID in
 * the configured field, or when there is no answer (refused, timed out, connection lost after the
 * retries of {@link HttpOptions}).
 *
 * <p>Thread-safe: {@link #search} may be called from many threads, and {@link #retrieve} does, at
 * most {@link HttpOptions#maxConcurrent()} at once.
 */
public final class OpenSearchRetriever implements Retriever {
  /** Settings that name this copy of an index, not what it does: left out of the settings hash. */
  private static final Set<String> IDENTITY_SETTINGS = Set.of("uuid", "creation_date", "provided_name", "version");

  private final OpenSearchConfig config;
  private final JsonTemplate template;
  private final Http http;
  private final String engine;
  private final String where;
  private final Map<String, Object> description;

  private OpenSearchRetriever(OpenSearchConfig config, Http http, String engine, Map<String, Object> description) {
    this.config = config;
    this.template = JsonTemplate.parse(config.template());
    this.http = http;
    this.engine = engine;
    this.where = config.url() + "/" + config.index();
    this.description = description;
  }

  /**
   * Opens a retriever, credentials read from the process's environment.
   *
   * @param config where and how to search
   * @return the retriever
   * @throws SearchFailure if the server cannot be reached or the index does not exist, in one line
   * @throws IllegalArgumentException if a credential variable is unset
   * @throws IOException if interrupted
   */
  public static OpenSearchRetriever open(OpenSearchConfig config) throws IOException {
    return open(config, System::getenv);
  }

  /**
   * Opens a retriever.
   *
   * @param config where and how to search
   * @param environment where credentials are read (variable name to value)
   * @return the retriever
   * @throws SearchFailure if the server cannot be reached or the index does not exist, in one line
   * @throws IllegalArgumentException if a credential variable is unset
   * @throws IOException if interrupted
   */
  public static OpenSearchRetriever open(OpenSearchConfig config, Function<String, String> environment) throws IOException {
    Objects.requireNonNull(config, "config");
    HttpOptions o = config.http();
    Http http = new Http(o.connectTimeout(), o.requestTimeout(), o.maxConcurrent(), o.maxRetries(), o.initialBackoff(),
        o.maxBackoff(), config.auth().headers(environment));
    String where = config.url() + "/" + config.index();
    Object root = get(http, "opensearch", where, URI.create(config.url() + "/"));
    Object distribution = Json.at(root, "version", "distribution");
    String engine = distribution instanceof String d ? d : "elasticsearch";
    String index = Address.encode(config.index());
    Object settings = get(http, engine, where, uri(config, "/" + index + "/_settings"));
    Object mappings = get(http, engine, where, uri(config, "/" + index + "/_mapping"));
    Object count = Json.at(get(http, engine, where, uri(config, "/" + index + "/_count")), "count");

    Map<String, Object> d = new LinkedHashMap<>();
    d.put("engine", engine);
    d.put("version", Json.at(root, "version", "number"));
    d.put("lucene_version", Json.at(root, "version", "lucene_version"));
    d.put("url", config.url().toString());
    d.put("index", config.index());
    d.put("docs_count", count);
    d.put("indices", indices(settings, mappings));
    d.put("template", config.template());
    d.put("template_sha256", Fingerprint.sha256Hex(config.template()));
    d.put("id_field", config.idField());
    return new OpenSearchRetriever(config, http, engine, java.util.Collections.unmodifiableMap(d));
  }

  /** Each concrete index the name resolves to, by name: its UUID and the hashes of its settings and mappings. */
  private static List<Object> indices(Object settings, Object mappings) {
    List<Object> out = new ArrayList<>();
    if (settings instanceof Map<?, ?> all) {
      for (Map.Entry<?, ?> e : new TreeMap<>(all).entrySet()) {
        Object s = Json.at(e.getValue(), "settings", "index");
        Map<String, Object> kept = new TreeMap<>();
        if (s instanceof Map<?, ?> m) {
          m.forEach((k, v) -> {
            if (!IDENTITY_SETTINGS.contains(k)) {
              kept.put((String) k, v);
            }
          });
        }
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("name", e.getKey());
        one.put("uuid", Json.at(s, "uuid"));
        one.put("settings_sha256", Fingerprint.canonicalSha256Hex(kept));
        Object mapping = Json.at(mappings, (String) e.getKey(), "mappings");
        one.put("mappings_sha256", Fingerprint.canonicalSha256Hex(mapping == null ? Map.of() : mapping));
        out.add(one);
      }
    }
    return out;
  }

  @Override
  public List<Hit> search(String queryId, String text, int depth) throws IOException {
    Objects.requireNonNull(queryId, "queryId");
    Objects.requireNonNull(text, "text");
    if (depth < 1) {
      throw new IllegalArgumentException("illegal depth: " + depth + ", must be at least 1");
    }
    String source = config.idField().equals("_id") ? "_source=false" : "_source_includes=" + Address.encode(config.idField());
    URI uri = uri(config, "/" + Address.encode(config.index()) + "/_search?size=" + depth + "&" + source);
    Replies.Replied replied = Replies.send(() -> http.post(uri, "application/json", template.fill(queryId, text)), engine, where,
        queryId, "", OpenSearchRetriever::reason);
    Http.Reply reply = replied.reply();
    Object body = replied.body();
    Object failed = Json.at(body, "_shards", "failed");
    if (failed instanceof Number n && n.intValue() > 0) {
      Object first = Json.at(body, "_shards", "failures") instanceof List<?> l && !l.isEmpty() ? Json.at(l.get(0), "reason") : null;
      throw new SearchFailure(engine, where, queryId, reply.status(), "HTTP 200 but " + n + " of "
          + Json.at(body, "_shards", "total") + " shards failed" + (first == null ? "" : ": " + error(first)), null);
    }
    if (Boolean.TRUE.equals(Json.at(body, "timed_out"))) {
      throw new SearchFailure(engine, where, queryId, reply.status(), "HTTP 200 but the search timed out on the server"
          + " (timed_out: true), so its hits are partial", null);
    }
    Object hits = Json.at(body, "hits", "hits");
    if (!(hits instanceof List<?> list)) {
      throw new SearchFailure(engine, where, queryId, reply.status(), "HTTP 200 but no hits.hits list in " + Json.oneLine(reply.body(), 120), null);
    }
    List<Hit> out = new ArrayList<>(list.size());
    for (int i = 0; i < list.size() && i < depth; i++) {
      Object h = list.get(i);
      String doc = docId(h, config.idField());
      if (doc == null) {
        throw new SearchFailure(engine, where, queryId, reply.status(), "hit " + (i + 1) + " (_id " + SearchFailure.quote(String.valueOf(Json.at(h, "_id")))
            + ") has no " + (config.idField().equals("_id") ? "_id" : "string or number in _source field " + SearchFailure.quote(config.idField())), null);
      }
      if (!(Json.at(h, "_score") instanceof Number score) || !Double.isFinite(score.doubleValue())) {
        throw new SearchFailure(engine, where, queryId, reply.status(), "hit " + (i + 1) + " (" + SearchFailure.quote(doc)
            + ") has no _score; a template that sorts must also set \"track_scores\": true", null);
      }
      out.add(new Hit(doc, score.doubleValue()));
    }
    return out;
  }

  /**
   * Searches every topic, {@link HttpOptions#maxConcurrent()} at a time, and collects the hits as
   * a run in the topics' order ({@code Eval.retrieve} with that many threads).
   *
   * @param name the run's name
   * @param topics the queries
   * @param depth the most hits per query, at least 1
   * @return the run, equal to {@code Eval.retrieve(name, this, topics, depth)}'s
   * @throws SearchFailure for the first query, in the topics' order, that failed
   * @throws IOException if interrupted
   */
  public ScoredRun retrieve(String name, Topics topics, int depth) throws IOException {
    return dev.caliber.api.Eval.retrieve(name, this, topics, depth, config.http().maxConcurrent());
  }

  /**
   * What this retriever searches, as read when it was opened: {@code engine} ({@code opensearch}
   * or {@code elasticsearch}), {@code version} and {@code lucene_version} as the server reports
   * them, {@code url}, {@code index} (as configured), {@code docs_count} ({@code _count}), {@code
   * indices} (each concrete index, by name: {@code name}, {@code uuid}, {@code settings_sha256}
   * over its settings less those that name this copy of it (uuid, creation_date, provided_name,
   * version), {@code mappings_sha256}), {@code template} and {@code template_sha256} (of its UTF-8
   * bytes as given), {@code id_field}. Never credentials.
   *
   * @return an unmodifiable map
   */
  @Override
  public Map<String, Object> describe() {
    return description;
  }

  /**
   * The engine as the server named itself.
   *
   * @return {@code opensearch} or {@code elasticsearch}
   */
  public String engine() {
    return engine;
  }

  /**
   * The configuration.
   *
   * @return as opened
   */
  public OpenSearchConfig config() {
    return config;
  }

  @Override
  public String toString() {
    return engine + " " + where;
  }

  private static URI uri(OpenSearchConfig config, String pathAndQuery) {
    return URI.create(config.url() + pathAndQuery);
  }

  private static Object get(Http http, String engine, String where, URI uri) throws IOException {
    return Replies.send(() -> http.get(uri), engine, where, null, " from GET " + uri.getRawPath(), OpenSearchRetriever::reason).body();
  }

  private static String docId(Object hit, String field) {
    Object v;
    if (field.equals("_id")) {
      v = Json.at(hit, "_id");
    } else {
      Object source = Json.at(hit, "_source");
      v = Json.at(source, field);
      if (v == null && field.contains(".")) {
        v = Json.at(source, field.split("\\."));
      }
    }
    return v instanceof String s && !s.isEmpty() ? s : v instanceof Number n ? n.toString() : null;
  }

  /** The engine's own reason in an error body: the first root cause, and the deepest cause if it says more. */
  static String reason(String body) {
    Object json;
    try {
      json = Json.read(body);
    } catch (JsonProcessingException e) {
      return body == null || body.isBlank() ? "(empty body)" : "not JSON: " + Json.oneLine(body, 160);
    }
    Object err = Json.at(json, "error");
    if (err instanceof String s) {
      return Json.oneLine(s, 300);
    }
    if (!(err instanceof Map)) {
      return Json.oneLine(body, 160);
    }
    Object root = Json.at(err, "root_cause") instanceof List<?> l && !l.isEmpty() && l.get(0) instanceof Map ? l.get(0) : err;
    String text = error(root);
    Object deepest = err;
    while (Json.at(deepest, "caused_by") instanceof Map<?, ?> c) {
      deepest = c;
    }
    String more = error(deepest);
    if (deepest != err && deepest != root && !more.equals(text)) {
      text += " (caused by " + more + ")";
    }
    return Json.oneLine(text, 400);
  }

  private static String error(Object e) {
    Object type = Json.at(e, "type");
    Object reason = Json.at(e, "reason");
    String r = reason == null ? "" : reason.toString();
    int nl = r.indexOf('\n');
    r = Json.oneLine(nl >= 0 ? r.substring(0, nl) : r, 200);
    return type == null ? r : r.isEmpty() ? type.toString() : type + ": " + r;
  }
}
