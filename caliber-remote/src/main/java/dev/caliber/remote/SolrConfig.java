package dev.caliber.remote;

import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Where and how a {@link SolrRetriever} searches: a Solr server, a core or collection, the
 * {@code /select} parameters with placeholders, the field that holds the document ID, credentials
 * and HTTP options. Everything is checked here, before any request.
 *
 * <p>The parameters are {@code name=value} pairs, unencoded, in order; {@code {{query_text}}} and
 * {@code {{query_id}}} in a value are replaced by the query's text or ID as they are, then every
 * pair is form-encoded: {@code q={{query_text}}}, {@code defType=edismax}, {@code qf=contents}.
 * They must not set {@code rows}, {@code start}, {@code fl} or {@code wt}: caliber sends rows = the
 * depth, start = 0, fl = the ID field and score, wt = json.
 *
 * @param url Solr's base address, the one that ends in {@code /solr}, such as {@code
 *     http://127.0.0.1:8983/solr}, without credentials
 * @param core the core or collection searched
 * @param params the parameter template (see above), copied
 * @param idField the stored field holding the document ID as judged ({@code id} by default)
 * @param auth how to authenticate
 * @param http timeouts, concurrency and retries
 */
public record SolrConfig(URI url, String core, List<String> params, String idField, Auth auth, HttpOptions http) {

  /**
   * Checks the configuration.
   *
   * @param url Solr's base address
   * @param core the core or collection
   * @param params the parameter template
   * @param idField the field holding the document ID
   * @param auth how to authenticate
   * @param http timeouts, concurrency and retries
   * @throws IllegalArgumentException naming the first problem
   * @throws NullPointerException if auth or http is null
   */
  public SolrConfig {
    url = Address.base(url == null ? null : url.toString());
    Address.name(core, "core");
    ParamTemplate.parse(params);
    params = List.copyOf(params);
    if (idField == null || idField.isEmpty() || idField.contains(",")) {
      throw new IllegalArgumentException("illegal ID field: " + (idField == null ? "null" : "\"" + idField + "\"")
          + ", must be one stored field");
    }
    Objects.requireNonNull(auth, "auth");
    Objects.requireNonNull(http, "http");
  }

  /**
   * A configuration with the ID in {@code id}, no authentication and the default HTTP options.
   *
   * @param url Solr's base address
   * @param core the core or collection
   * @param params the parameter template, {@code name=value} each
   * @return the configuration
   * @throws IllegalArgumentException naming the first problem
   */
  public static SolrConfig of(String url, String core, String... params) {
    return new SolrConfig(Address.base(url), core, Arrays.asList(params), "id", Auth.none(), HttpOptions.defaults());
  }

  /**
   * This configuration reading the document ID from another field.
   *
   * @param field a stored field
   * @return a new configuration
   */
  public SolrConfig withIdField(String field) {
    return new SolrConfig(url, core, params, field, auth, http);
  }

  /**
   * This configuration with authentication.
   *
   * @param a how to authenticate
   * @return a new configuration
   */
  public SolrConfig withAuth(Auth a) {
    return new SolrConfig(url, core, params, idField, a, http);
  }

  /**
   * This configuration with other HTTP options.
   *
   * @param options timeouts, concurrency, retries
   * @return a new configuration
   */
  public SolrConfig withHttp(HttpOptions options) {
    return new SolrConfig(url, core, params, idField, auth, options);
  }
}
