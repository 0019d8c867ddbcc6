package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineReader;
import dev.caliber.protocol.QueryGroups;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Reads a query group file (docs/FORMATS.md, "Query groups"): one line per query, {@code
 * query-id<TAB>group}, declaring the queries that are paraphrases of one need. No header; blank
 * lines, a line without exactly two non-empty tab-separated columns, a query listed twice and,
 * when the protocol's queries are given, a query that is not one of them are errors, each at its
 * line.
 */
public final class QueryGroupReader {
  private QueryGroupReader() {}

  private static final java.util.List<String> COLUMNS = java.util.List.of("query-id", "group");

  /**
   * Reads a group file, or standard input when the path is {@code -}; gzip is read transparently.
   *
   * @param pathOrDash the file or {@code -}
   * @param stdin what {@code -} reads
   * @param limits what the file may cost
   * @param queryIds the protocol's queries: every listed query must be one of them; null when any
   *     query may be listed (a comparison reads the groups of queries beyond its query set)
   * @param queriesSource the file the queries come from, for the message about an unknown one
   * @return the groups
   * @throws InputSyntaxException at the first malformed line, or for an empty file
   * @throws ProtocolViolationException for a query listed twice or not one of {@code queryIds}
   * @throws IOException if the file cannot be read
   */
  public static QueryGroups read(String pathOrDash, InputStream stdin, InputLimits limits, Set<String> queryIds,
      String queriesSource) throws IOException {
    Map<String, String> groupOf = new LinkedHashMap<>();
    Map<String, Long> lineOf = new LinkedHashMap<>();
    Fields fields = new Fields();
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, limits)) {
      while (lines.next()) {
        NamedColumns.split(lines, fields, COLUMNS);
        String q = fields.string(0);
        if (queryIds != null && !queryIds.contains(q)) {
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
      return new QueryGroups(lines.source(), groupOf, lineOf);
    }
  }
}
