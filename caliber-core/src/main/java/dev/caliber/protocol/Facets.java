package dev.caliber.protocol;

import dev.caliber.error.Location;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which kind of query each query is, by facet (head or tail, a language, a product category), as a
 * facet file gives it (docs/FORMATS.md, "Facets"; read by {@code EvalFiles.readFacets}): for means per
 * facet value ({@code dev.caliber.eval.FacetMeans}). Changes no number of the protocol and no
 * fingerprint.
 *
 * @param source the file, for error messages
 * @param values facet name to (query ID to its value), facets and queries in file order
 * @param lines facet name to (query ID to its line), for messages
 */
public record Facets(String source, Map<String, Map<String, String>> values, Map<String, Map<String, Long>> lines) {
  /**
   * Copies the maps, keeping their order.
   *
   * @param source the file
   * @param values facet name to (query ID to value)
   * @param lines facet name to (query ID to line)
   */
  public Facets {
    values = copy(values);
    lines = copy(lines);
  }

  private static <V> Map<String, Map<String, V>> copy(Map<String, Map<String, V>> m) {
    Map<String, Map<String, V>> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
    return Collections.unmodifiableMap(out);
  }

  /**
   * Where a query's value of a facet is given.
   *
   * @param facet the facet
   * @param query a query ID
   * @return its line, or the file alone when the query has no value of the facet
   */
  public Location locate(String facet, String query) {
    Long l = lines.getOrDefault(facet, Map.of()).get(query);
    return l == null ? Location.ofFile(source) : Location.ofLine(source, l);
  }
}
