package dev.caliber.remote;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where and how an {@link OpenSearchRetriever} searches: an OpenSearch or Elasticsearch server,
 * an index (a name, an alias, or a pattern such as {@code logs-*}), a {@code _search} request
 * template, the field that holds the document ID, credentials and HTTP options. Everything is
 * checked here, before any request: a template that does not parse is refused with one line.
 *
 * <p>The template is a JSON object with {@code {{query_text}}} and/or {@code {{query_id}}} inside
 * JSON strings, replaced by the query's text or ID escaped for JSON: {@code
 * {"query":{"match":{"contents":"{{query_text}}"}}}}. It must not set {@code size} or {@code from}:
 * caliber asks for {@code size} = the depth of each search from the first hit.
 *
 * @param url the server's base address, such as {@code http://127.0.0.1:9200}, without credentials
 * @param index the index, alias or pattern searched
 * @param template the request template (see above)
 * @param idField {@code _id} (the default) or a field of {@code _source} (a dotted path reaches
 *     into objects) holding the document ID as judged
 * @param auth how to authenticate
 * @param http timeouts, concurrency and retries
 */
public record OpenSearchConfig(URI url, String index, String template, String idField, Auth auth, HttpOptions http) {

  /**
   * Checks the configuration.
   *
   * @param url the server's base address
   * @param index the index, alias or pattern
   * @param template the request template
   * @param idField where the document ID is
   * @param auth how to authenticate
   * @param http timeouts, concurrency and retries
   * @throws IllegalArgumentException naming the first problem
   * @throws NullPointerException if auth or http is null
   */
  public OpenSearchConfig {
    url = Address.base(url == null ? null : url.toString());
    Address.name(index, "index");
    JsonTemplate.parse(template);
    if (idField == null || idField.isEmpty()) {
      throw new IllegalArgumentException("illegal ID field: " + (idField == null ? "null" : "empty") + ", must be _id or a _source field");
    }
    Objects.requireNonNull(auth, "auth");
    Objects.requireNonNull(http, "http");
  }

  /**
   * A configuration with the ID in {@code _id}, no authentication and the default HTTP options.
   *
   * @param url the server's base address
   * @param index the index
   * @param template the request template
   * @return the configuration
   * @throws IllegalArgumentException naming the first problem
   */
  public static OpenSearchConfig of(String url, String index, String template) {
    return new OpenSearchConfig(Address.base(url), index, template, "_id", Auth.none(), HttpOptions.defaults());
  }

  /**
   * As {@link #of(String, String, String)}, the template read from a UTF-8 file.
   *
   * @param url the server's base address
   * @param index the index
   * @param templateFile the file holding the request template
   * @return the configuration
   * @throws IOException if the file cannot be read
   * @throws IllegalArgumentException naming the file and the template's problem
   */
  public static OpenSearchConfig of(String url, String index, Path templateFile) throws IOException {
    String text = Files.readString(templateFile, StandardCharsets.UTF_8);
    try {
      return of(url, index, text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(templateFile + ": " + e.getMessage(), e);
    }
  }

  /**
   * This configuration reading the document ID from another field.
   *
   * @param field {@code _id} or a {@code _source} field
   * @return a new configuration
   */
  public OpenSearchConfig withIdField(String field) {
    return new OpenSearchConfig(url, index, template, field, auth, http);
  }

  /**
   * This configuration with authentication.
   *
   * @param a how to authenticate
   * @return a new configuration
   */
  public OpenSearchConfig withAuth(Auth a) {
    return new OpenSearchConfig(url, index, template, idField, a, http);
  }

  /**
   * This configuration with other HTTP options.
   *
   * @param options timeouts, concurrency, retries
   * @return a new configuration
   */
  public OpenSearchConfig withHttp(HttpOptions options) {
    return new OpenSearchConfig(url, index, template, idField, auth, options);
  }
}
