package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineReader;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads a query group file (docs/FORMATS.md, "Query groups"): one line per query, {@code
 * query-id<TAB>group}, declaring the queries that are paraphrases of one need. No header; blank
 * lines, a line without exactly two non-empty tab-separated columns, a query listed twice and a
 * query that is not one of the protocol's are errors, each at its line.
 */
public final class QueryGroupReader {
  private QueryGroupReader() {}

  private static final java.util.List<String> COLUMNS = java.util.List.of("query-id", "group");

  /**
   * The groups of a file, read strictly.
   *
   * @param source the file, for error messages
   * @param groupOf query ID to its group, in file order
   * @param lines query ID to its line, for findings' locations
   */
  public record Groups(String source, Map<String, String> groupOf, Map<String, Long> lines) {
    /** Copies the maps, keeping their order. */
    public Groups {
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
  }

  /**
   * Reads a group file, or standard input when the path is {@code -}; gzip is read transparently.
   *
   * @param pathOrDash the file or {@code -}
   * @param stdin what {@code -} reads
   * @param limits what the file may cost
   * @param queryIds the protocol's queries: every listed query must be one of them
   * @param queriesSource the file the queries come from, for the message about an unknown one
   * @return the groups
   * @throws InputSyntaxException at the first malformed line, or for an empty file
   * @throws ProtocolViolationException for a query listed twice or not one of {@code queryIds}
   * @throws IOException if the file cannot be read
   */
  public static Groups read(String pathOrDash, InputStream stdin, InputLimits limits, Set<String> queryIds,
      String queriesSource) throws IOException {
    Map<String, String> groupOf = new LinkedHashMap<>();
    Map<String, Long> lineOf = new LinkedHashMap<>();
    Fields fields = new Fields();
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, limits)) {
      while (lines.next()) {
        NamedColumns.split(lines, fields, COLUMNS);
        String q = fields.string(0);
        if (!queryIds.contains(q)) {
          throw new ProtocolViolationException(lines.location(), "grouped query not in the queries",
              "query " + Fields.quote(q) + "; expected a query ID of " + queriesSource);
        }
        Long earlier = lineOf.putIfAbsent(q, lines.lineNumber());
        if (earlier != null) {
          throw new ProtocolViolationException(lines.location(), "query grouped twice",
              "query " + Fields.quote(q) + " on line " + lines.lineNumber() + " repeats line " + earlier
                  + "; expected one group per query");
        }
        groupOf.put(q, fields.string(1));
      }
      if (groupOf.isEmpty()) {
        throw new InputSyntaxException(Location.ofFile(lines.source()), "no query groups", "expected lines \"query-id<TAB>group\"");
      }
      return new Groups(lines.source(), groupOf, lineOf);
    }
  }
}
