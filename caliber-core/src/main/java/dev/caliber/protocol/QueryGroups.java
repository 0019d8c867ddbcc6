package dev.caliber.protocol;

import dev.caliber.error.Location;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which queries are paraphrases of one need, as a query group file gives them (docs/FORMATS.md,
 * "Query groups"; read by {@code EvalFiles.readGroups}): the split check keeps a group in one split, and
 * a comparison resamples whole groups, since queries of one need are not independent. A query the
 * file does not list is a group of its own. Changes no number of the protocol and no fingerprint.
 *
 * @param source the file, for error messages and reports
 * @param groupOf query ID to its group, in file order
 * @param lines query ID to its line, for messages
 */
public record QueryGroups(String source, Map<String, String> groupOf, Map<String, Long> lines) {
  /**
   * Copies the maps, keeping their order.
   *
   * @param source the file
   * @param groupOf query ID to its group
   * @param lines query ID to its line
   */
  public QueryGroups {
    groupOf = Collections.unmodifiableMap(new LinkedHashMap<>(groupOf));
    lines = Collections.unmodifiableMap(new LinkedHashMap<>(lines));
  }

  /**
   * Where a query's group is declared.
   *
   * @param query a query ID
   * @return its line of the file, or the file alone for a query not listed
   */
  public Location locate(String query) {
    Long l = lines.get(query);
    return l == null ? Location.ofFile(source) : Location.ofLine(source, l);
  }

  /**
   * A query's group.
   *
   * @param query a query ID
   * @return its group, or null when the file does not list it (a group of its own)
   */
  public String groupOf(String query) {
    return groupOf.get(query);
  }

  /**
   * The unit a query is resampled in: its group, or the query alone when the file does not list
   * it. Units are equal exactly when they are the same group or the same ungrouped query (a group
   * and an ungrouped query of one name are different units).
   *
   * @param query a query ID
   * @return a value whose {@code equals} tells units apart
   */
  public Object unit(String query) {
    String g = groupOf.get(query);
    return g == null ? List.of("query", query) : List.of("group", g);
  }

  /**
   * How many units some queries form.
   *
   * @param queries query IDs
   * @return the number of distinct {@link #unit}s among them
   */
  public int units(Collection<String> queries) {
    Set<Object> seen = new HashSet<>();
    queries.forEach(q -> seen.add(unit(q)));
    return seen.size();
  }

  /**
   * The SHA-256 of the grouping, whatever the file's order: that of the canonical JSON of the
   * object {@code {query: group}} ({@link Fingerprint#canonicalSha256Hex}, keys sorted), so that a
   * report pins the groups it resampled.
   *
   * @return 64 lowercase hex digits
   */
  public String sha256() {
    return Fingerprint.canonicalSha256Hex(new LinkedHashMap<String, Object>(groupOf));
  }
}
