package dev.caliber.compare.report;

import dev.caliber.eval.FacetMeans;
import dev.caliber.report.Numbers;
import dev.caliber.result.MeasureSummary;
import java.util.ArrayList;
import java.util.List;

/**
 * Means per facet value as Markdown ({@code caliber evaluate --facets --format md}): a table per
 * facet, one row per value with its number of queries and each measure's mean, escaped as every
 * Markdown caliber writes. Computes nothing.
 */
public final class FacetMarkdown {
  private FacetMarkdown() {}

  /**
   * The section.
   *
   * @param m a run's facet means
   * @param numbers decimals, or exact fractions where a mean is exact
   * @return "By facet" and a table per facet, ending with a blank line
   */
  public static String render(FacetMeans m, Numbers numbers) {
    StringBuilder out = new StringBuilder("\n**By facet**");
    if (m.outside() > 0) {
      out.append(" (").append(Fmt.count(m.outside(), "query", "queries")).append(" of the facet file outside the query set,"
          + " not scored)");
    }
    out.append("\n");
    for (FacetMeans.Facet f : m.facets()) {
      List<String> header = new ArrayList<>(List.of(CompareMarkdown.esc(f.name()), "queries"));
      List<MarkdownTable.Align> align = new ArrayList<>(List.of(MarkdownTable.Align.LEFT, MarkdownTable.Align.RIGHT));
      for (MeasureSummary s : f.values().get(0).summaries()) {
        header.add(CompareMarkdown.esc(s.measure().name()));
        align.add(MarkdownTable.Align.RIGHT);
      }
      MarkdownTable t = new MarkdownTable(header, align);
      for (FacetMeans.FacetValue v : f.values()) {
        List<String> row = new ArrayList<>(List.of(CompareMarkdown.esc(v.value()), Integer.toString(v.queries().size())));
        for (MeasureSummary s : v.summaries()) {
          row.add(s.value() == null ? "–" : Fmt.value(s.measure(), s.value(), numbers));
        }
        t.row(row);
      }
      out.append('\n');
      t.render(out);
    }
    return out.toString();
  }
}
