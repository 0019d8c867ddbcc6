package dev.caliber.remote;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.remote.http.Json;
import java.util.List;
import java.util.Map;

/**
 * An OpenSearch or Elasticsearch {@code _search} body with placeholders: {@code {{query_text}}}
 * and {@code {{query_id}}} inside JSON strings, each replaced by the query's text or ID escaped as
 * a JSON string's contents (quotes and backslashes escaped, no quotes added), so that any text
 * makes valid JSON. Checked once: it must have a placeholder, must be a JSON object once filled in,
 * and must leave {@code size} and {@code from} to caliber (size is each search's depth; from is 0).
 */
final class JsonTemplate {
  private static final String WHAT = "request template";
  /**
   * Filled into the placeholders to check the template: a quote, a backslash and a tab, each of
   * which must be escaped, in texts whose escaped length is that of the placeholder they replace,
   * so that a column in the parser's message is the template's column.
   */
  private static final String PROBE_TEXT = "probe\"\\\txyz";
  private static final String PROBE_ID = "probe\"\\\tx";

  private final String text;
  private final List<Placeholders.Piece> pieces;

  private JsonTemplate(String text, List<Placeholders.Piece> pieces) {
    this.text = text;
    this.pieces = pieces;
  }

  /**
   * Checks and keeps a template.
   *
   * @param text the template
   * @return the template
   * @throws IllegalArgumentException naming the first problem, in one line
   */
  static JsonTemplate parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("illegal " + WHAT + ": " + (text == null ? "null" : "empty")
          + ", must be a JSON object such as {\"query\":{\"match\":{\"contents\":\"{{query_text}}\"}}}");
    }
    List<Placeholders.Piece> pieces = Placeholders.split(text, WHAT);
    if (!Placeholders.any(pieces)) {
      throw new IllegalArgumentException("illegal " + WHAT + ": no placeholder; put \"{{query_text}}\" (or \"{{query_id}}\")"
          + " inside a JSON string, such as {\"query\":{\"match\":{\"contents\":\"{{query_text}}\"}}}");
    }
    Object body;
    try {
      body = Json.read(Placeholders.fill(pieces, Json.escape(PROBE_ID), Json.escape(PROBE_TEXT)));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("illegal " + WHAT + ": not JSON once its placeholders are filled in: " + Json.problem(e)
          + " (a placeholder goes inside quotes: \"{{query_text}}\")", e);
    }
    if (!(body instanceof Map<?, ?> map)) {
      throw new IllegalArgumentException("illegal " + WHAT + ": a JSON " + kind(body) + ", must be a JSON object (a _search body)");
    }
    for (String reserved : List.of("size", "from")) {
      if (map.containsKey(reserved)) {
        throw new IllegalArgumentException("illegal " + WHAT + ": it sets \"" + reserved + "\"; caliber sends size = the depth"
            + " of each search and from = 0, so leave it out");
      }
    }
    return new JsonTemplate(text, pieces);
  }

  /**
   * The body for one query.
   *
   * @param id the query's ID
   * @param queryText the query's text
   * @return JSON text
   */
  String fill(String id, String queryText) {
    return Placeholders.fill(pieces, Json.escape(id), Json.escape(queryText));
  }

  /**
   * The template as given.
   *
   * @return the text
   */
  String text() {
    return text;
  }

  /**
   * The SHA-256 of the template's UTF-8 bytes, as given (not reformatted).
   *
   * @return 64 lower-case hex digits
   */
  String sha256() {
    return Fingerprint.sha256Hex(text);
  }

  private static String kind(Object v) {
    return v instanceof List ? "array" : v instanceof String ? "string" : v == null ? "null" : v instanceof Boolean ? "boolean" : "number";
  }
}
