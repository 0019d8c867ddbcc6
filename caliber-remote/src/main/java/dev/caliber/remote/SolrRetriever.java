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
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A retriever that sends each query to Solr's {@code /select}: the configured parameters filled
 * in with the query's text and ID, {@code rows} = the depth, {@code fl} = the ID field and {@code
 * score}, and the documents read back best first.
 *
 * <p>{@link #open} asks Solr what it is before any search ({@code /admin/info/system}: Solr's and
 * Lucene's versions) and what the core is ({@code /CORE/admin/luke}: its document count and index
 * version; {@code /CORE/schema}: the schema, hashed), so that {@link #describe()} can say it and a
 * down server or a missing core fails at once, in one line.
 *
 * <p>A search fails, with a {@link SearchFailure} naming the engine, the core, the query and what
 * came back, when Solr answers other than 200 (its error message), when it answers 200 with
 * partial results ({@code partialResults}: a time limit was hit), when a document has no ID in the
 * configured field, or when there is no answer (refused, timed out, connection lost after the
 * retries of {@link HttpOptions}).
 *
 * <p>Thread-safe: {@link #search} may be called from many threads, and {@link #retrieve} does, at
 * most {@link HttpOptions#maxConcurrent()} at once.
 */
public final class SolrRetriever implements Retriever {
  private static final String ENGINE = "solr";
  private static final Pattern TITLE = Pattern.compile("<title>(.*?)</title>", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

  private final SolrConfig config;
  private final ParamTemplate template;
  private final Http http;
  private final String where;
  private final Map<String, Object> description;

  private SolrRetriever(SolrConfig config, Http http, Map<String, Object> description) {
    this.config = config;
    this.template = ParamTemplate.parse(config.params());
    this.http = http;
    this.where = config.url() + "/" + config.core();
    this.description = description;
  }

  /**
   * Opens a retriever, credentials read from the process's environment.
   *
   * @param config where and how to search
   * @return the retriever
   * @throws SearchFailure if Solr cannot be reached or the core does not exist, in one line
   * @throws IllegalArgumentException if a credential variable is unset
   * @throws IOException if interrupted
   */
  public static SolrRetriever open(SolrConfig config) throws IOException {
    return open(config, System::getenv);
  }

  /**
   * Opens a retriever.
   *
   * @param config where and how to search
   * @param environment where credentials are read (variable name to value)
   * @return the retriever
   * @throws SearchFailure if Solr cannot be reached or the core does not exist, in one line
   * @throws IllegalArgumentException if a credential variable is unset
   * @throws IOException if interrupted
   */
  public static SolrRetriever open(SolrConfig config, Function<String, String> environment) throws IOException {
    Objects.requireNonNull(config, "config");
    HttpOptions o = config.http();
    Http http = new Http(o.connectTimeout(), o.requestTimeout(), o.maxConcurrent(), o.maxRetries(), o.initialBackoff(),
        o.maxBackoff(), config.auth().headers(environment));
    String where = config.url() + "/" + config.core();
    String core = Address.encode(config.core());
    Object system = get(http, where, URI.create(config.url() + "/admin/info/system?wt=json"));
    Object luke;
    try {
      luke = get(http, where, URI.create(config.url() + "/" + core + "/admin/luke?numTerms=0&show=index&wt=json"));
    } catch (SearchFailure e) {
      if (e.status() != 404) {
        throw e;
      }
      throw new SearchFailure(ENGINE, where, null, 404, e.what()
          + "; Solr has no core or collection " + SearchFailure.quote(config.core()), e);
    }
    Object schema = Json.at(get(http, where, URI.create(config.url() + "/" + core + "/schema?wt=json")), "schema");

    Map<String, Object> d = new LinkedHashMap<>();
    d.put("engine", ENGINE);
    d.put("version", Json.at(system, "lucene", "solr-spec-version"));
    d.put("lucene_version", Json.at(system, "lucene", "lucene-spec-version"));
    d.put("url", config.url().toString());
    d.put("core", config.core());
    d.put("docs_count", Json.at(luke, "index", "numDocs"));
    d.put("max_doc", Json.at(luke, "index", "maxDoc"));
    d.put("index_version", Json.at(luke, "index", "version"));
    d.put("segments_file", Json.at(luke, "index", "segmentsFile"));
    d.put("schema_sha256", Fingerprint.canonicalSha256Hex(schema == null ? Map.of() : schema));
    d.put("params", config.params());
    d.put("template_sha256", ParamTemplate.parse(config.params()).sha256());
    d.put("id_field", config.idField());
    return new SolrRetriever(config, http, Collections.unmodifiableMap(d));
  }

  @Override
  public List<Hit> search(String queryId, String text, int depth) throws IOException {
    Objects.requireNonNull(queryId, "queryId");
    Objects.requireNonNull(text, "text");
    if (depth < 1) {
      throw new IllegalArgumentException("illegal depth: " + depth + ", must be at least 1");
    }
    String form = template.form(queryId, text) + "&rows=" + depth + "&start=0&fl=" + Address.encode(config.idField()) + ",score&wt=json";
    Replies.Replied replied = Replies.send(() -> http.post(URI.create(config.url() + "/" + Address.encode(config.core()) + "/select"),
        "application/x-www-form-urlencoded; charset=UTF-8", form), ENGINE, where, queryId, "", SolrRetriever::reason);
    Http.Reply reply = replied.reply();
    Object body = replied.body();
    if (Boolean.TRUE.equals(Json.at(body, "responseHeader", "partialResults"))) {
      throw new SearchFailure(ENGINE, where, queryId, reply.status(), "HTTP 200 but partialResults: true (a time limit cut the"
          + " search short), so its documents are partial", null);
    }
    Object docs = Json.at(body, "response", "docs");
    if (!(docs instanceof List<?> list)) {
      throw new SearchFailure(ENGINE, where, queryId, reply.status(), "HTTP 200 but no response.docs list in " + Json.oneLine(reply.body(), 120), null);
    }
    List<Hit> out = new ArrayList<>(list.size());
    for (int i = 0; i < list.size() && i < depth; i++) {
      Object doc = list.get(i);
      Object v = Json.at(doc, config.idField());
      if (v instanceof List<?> l && l.size() == 1) {
        v = l.get(0); // a multi-valued field with one value
      }
      String id = v instanceof String s && !s.isEmpty() ? s : v instanceof Number n ? n.toString() : null;
      if (id == null) {
        throw new SearchFailure(ENGINE, where, queryId, reply.status(), "document " + (i + 1) + " has no " + (v == null ? "" : "single ")
            + "value in field " + SearchFailure.quote(config.idField()) + " (is it stored, or docValues?); it has "
            + (doc instanceof Map<?, ?> m ? m.keySet() : "no fields"), null);
      }
      if (!(Json.at(doc, "score") instanceof Number score) || !Double.isFinite(score.doubleValue())) {
        throw new SearchFailure(ENGINE, where, queryId, reply.status(), "document " + (i + 1) + " (" + SearchFailure.quote(id) + ") has no score", null);
      }
      out.add(new Hit(id, score.doubleValue()));
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
   * What this retriever searches, as read when it was opened: {@code engine} ({@code solr}), {@code
   * version} and {@code lucene_version} as Solr reports them, {@code url}, {@code core}, {@code
   * docs_count} (numDocs), {@code max_doc}, {@code index_version} and {@code segments_file} (which
   * commit of the index was searched), {@code schema_sha256} (of the schema as {@code /schema}
   * returns it: fields, types, analyzers, similarity), {@code params} and {@code template_sha256}
   * (of the pairs as given, one per line), {@code id_field}. Never credentials.
   *
   * @return an unmodifiable map
   */
  @Override
  public Map<String, Object> describe() {
    return description;
  }

  /**
   * The configuration.
   *
   * @return as opened
   */
  public SolrConfig config() {
    return config;
  }

  @Override
  public String toString() {
    return ENGINE + " " + where;
  }

  private static Object get(Http http, String where, URI uri) throws IOException {
    return Replies.send(() -> http.get(uri), ENGINE, where, null, " from GET " + uri.getRawPath(), SolrRetriever::reason).body();
  }

  /** Solr's own reason in an error body: {@code error.msg}, or an HTML page's title. */
  static String reason(String body) {
    if (body == null || body.isBlank()) {
      return "(empty body)";
    }
    try {
      Object json = Json.read(body);
      Object msg = Json.at(json, "error", "msg");
      if (msg == null && Json.at(json, "message") instanceof String m) {
        msg = m; // a servlet's own 404, not Solr's error format
      }
      if (msg != null) {
        String m = msg.toString();
        int nl = m.indexOf('\n');
        return Json.oneLine(nl >= 0 ? m.substring(0, nl) : m, 300);
      }
      return Json.oneLine(body, 160);
    } catch (JsonProcessingException e) {
      Matcher t = TITLE.matcher(body);
      return t.find() ? Json.oneLine(t.group(1), 160) : "not JSON: " + Json.oneLine(body, 160);
    }
  }
}
