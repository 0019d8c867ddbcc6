package dev.caliber.remote;

import dev.caliber.protocol.Fingerprint;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Solr request parameters with placeholders: {@code name=value} pairs, in order, whose values may
 * hold {@code {{query_text}}} and {@code {{query_id}}}, replaced by the query's text or ID as they
 * are (Solr's query parsers read them: edismax takes any text, the standard parser wants its
 * syntax), then form-encoded. Checked once: a pair must have a name and an {@code =}, some value
 * must hold a placeholder, and {@code rows}, {@code start}, {@code fl} and {@code wt} are caliber's.
 */
final class ParamTemplate {
  private static final Set<String> RESERVED = Set.of("rows", "start", "fl", "wt");

  private final List<String> pairs;
  private final List<String> names;
  private final List<List<Placeholders.Piece>> values;

  private ParamTemplate(List<String> pairs, List<String> names, List<List<Placeholders.Piece>> values) {
    this.pairs = pairs;
    this.names = names;
    this.values = values;
  }

  /**
   * Checks and keeps the pairs.
   *
   * @param pairs {@code name=value} each, unencoded
   * @return the template
   * @throws IllegalArgumentException naming the first problem, in one line
   */
  static ParamTemplate parse(List<String> pairs) {
    if (pairs == null || pairs.isEmpty()) {
      throw new IllegalArgumentException("illegal parameter template: no parameters; give name=value pairs such as"
          + " q={{query_text}} defType=edismax qf=contents");
    }
    List<String> names = new ArrayList<>();
    List<List<Placeholders.Piece>> values = new ArrayList<>();
    boolean any = false;
    for (String pair : pairs) {
      int eq = pair == null ? -1 : pair.indexOf('=');
      if (eq < 1) {
        throw new IllegalArgumentException("illegal parameter template: " + (pair == null ? "null" : "\"" + pair + "\"")
            + ", must be name=value");
      }
      String name = pair.substring(0, eq);
      if (RESERVED.contains(name)) {
        throw new IllegalArgumentException("illegal parameter template: it sets " + name + "; caliber sends rows (the depth),"
            + " start (0), fl (the ID field and score) and wt (json), so leave it out");
      }
      if (name.contains("{{")) {
        throw new IllegalArgumentException("illegal parameter template: a placeholder in the name \"" + name
            + "\"; placeholders go in values");
      }
      List<Placeholders.Piece> value = Placeholders.split(pair.substring(eq + 1), "parameter " + name);
      any |= Placeholders.any(value);
      names.add(name);
      values.add(value);
    }
    if (!any) {
      throw new IllegalArgumentException("illegal parameter template: no placeholder; put {{query_text}} (or {{query_id}})"
          + " in a value, such as q={{query_text}}");
    }
    return new ParamTemplate(List.copyOf(pairs), List.copyOf(names), List.copyOf(values));
  }

  /**
   * The parameters for one query, form-encoded.
   *
   * @param id the query's ID
   * @param text the query's text
   * @return {@code name=value&...}, UTF-8 percent-encoded
   */
  String form(String id, String text) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < names.size(); i++) {
      if (i > 0) {
        b.append('&');
      }
      b.append(URLEncoder.encode(names.get(i), StandardCharsets.UTF_8)).append('=')
          .append(URLEncoder.encode(Placeholders.fill(values.get(i), id, text), StandardCharsets.UTF_8));
    }
    return b.toString();
  }

  /**
   * The pairs as given.
   *
   * @return {@code name=value} each
   */
  List<String> pairs() {
    return pairs;
  }

  /**
   * The SHA-256 of the pairs as given, one per line ({@code \n} between them, none after).
   *
   * @return 64 lower-case hex digits
   */
  String sha256() {
    return Fingerprint.sha256Hex(String.join("\n", pairs));
  }
}
