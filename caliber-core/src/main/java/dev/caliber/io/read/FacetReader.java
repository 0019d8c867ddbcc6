package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.protocol.Facets;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineReader;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a facet file (docs/FORMATS.md, "Facets"): one line per query and facet, {@code
 * query-id<TAB>facet<TAB>value}, saying which kind of query each is (head or tail, a language, a
 * product category), for means per facet value. No header; blank lines, a line without exactly
 * three non-empty tab-separated columns, and a query given two values of one facet are errors,
 * each at its line. Which queries must have a value is the evaluation's to say ({@code
 * FacetMeans}): this reader knows no query set.
 */
public final class FacetReader {
  private FacetReader() {}

  private static final java.util.List<String> COLUMNS = java.util.List.of("query-id", "facet", "value");

  /**
   * Reads a facet file, or standard input when the path is {@code -}; gzip is read transparently.
   *
   * @param pathOrDash the file or {@code -}
   * @param stdin what {@code -} reads
   * @param limits what the file may cost
   * @return the facets
   * @throws InputSyntaxException at the first malformed line, or for an empty file
   * @throws ProtocolViolationException for a query given two values of one facet
   * @throws IOException if the file cannot be read
   */
  public static Facets read(String pathOrDash, InputStream stdin, InputLimits limits) throws IOException {
    Map<String, Map<String, String>> values = new LinkedHashMap<>();
    Map<String, Map<String, Long>> lineOf = new LinkedHashMap<>();
    Fields fields = new Fields();
    try (LineReader lines = InputFiles.open(pathOrDash, stdin, limits)) {
      while (lines.next()) {
        NamedColumns.split(lines, fields, COLUMNS);
        String q = fields.string(0);
        String facet = fields.string(1);
        Long earlier = lineOf.computeIfAbsent(facet, f -> new LinkedHashMap<>()).putIfAbsent(q, lines.lineNumber());
        if (earlier != null) {
          throw new ProtocolViolationException(lines.location(), "query given two values of a facet",
              "query " + Fields.quote(q) + ", facet " + Fields.quote(facet) + " on line " + lines.lineNumber() + " repeats line "
                  + earlier + "; expected one value per query and facet");
        }
        values.computeIfAbsent(facet, f -> new LinkedHashMap<>()).put(q, fields.string(2));
      }
      if (values.isEmpty()) {
        throw new InputSyntaxException(Location.ofFile(lines.source()), "no facets", "expected lines"
            + " \"query-id<TAB>facet<TAB>value\"");
      }
      return new Facets(lines.source(), values, lineOf);
    }
  }
}
