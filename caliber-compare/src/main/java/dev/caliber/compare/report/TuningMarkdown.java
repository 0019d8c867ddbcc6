package dev.caliber.compare.report;

import dev.caliber.compare.Comparison;
import dev.caliber.fusion.Fusion;
import dev.caliber.fusion.Tuning;
import dev.caliber.measure.Measure;
import dev.caliber.report.Numbers;
import java.util.List;

/**
 * A fusion tuning in Markdown: the method, measure and dev queries, the grid with each point's
 * value, the chosen point, then the paired comparison of the chosen fusion with each input (the
 * {@link CompareMarkdown} report). Computes nothing.
 */
public final class TuningMarkdown {
  private TuningMarkdown() {}

  /**
   * Renders a tuning.
   *
   * @param t the grid search
   * @param grid the grid as given ({@code k=10..100:10}; a grid that parsed has no Markdown in it)
   * @param comparison the inputs and the chosen fusion, compared on the dev queries
   * @param numbers how values print
   * @return the report, ending with a newline
   */
  public static String render(Tuning t, String grid, Comparison comparison, Numbers numbers) {
    StringBuilder b = new StringBuilder();
    Measure m = t.measure();
    b.append("## caliber fuse --tune\n\n");
    b.append("- method: ").append(t.fusion().method().name()).append(", normalisation ").append(t.fusion().normalization().label())
        .append('\n');
    b.append("- measure: ").append(CompareMarkdown.esc(m.toString())).append(", the mean over ")
        .append(t.result().protocol().querySet().size()).append(" queries (")
        .append(CompareMarkdown.esc(t.result().protocol().querySetSource())).append(")\n");
    b.append("- grid: `").append(grid).append('`').append(", ").append(t.values().size())
        .append(" points; among equal values the first point is chosen\n\n");
    MarkdownTable table = new MarkdownTable(List.of(t.grid().parameter(), CompareMarkdown.esc(m.toString()), ""),
        List.of(MarkdownTable.Align.LEFT, MarkdownTable.Align.RIGHT, MarkdownTable.Align.LEFT));
    for (int i = 0; i < t.values().size(); i++) {
      table.row(List.of(point(t.grid().points().get(i)), numbers.value(m, t.values().get(i)), i == t.chosen() ? "chosen" : ""));
    }
    table.render(b);
    b.append("\nchosen: ").append(point(t.fusion())).append(", ").append(CompareMarkdown.esc(m.toString())).append(' ')
        .append(numbers.value(m, t.value())).append(" (run tag ").append(t.fusion().tag()).append(")\n\n");
    b.append(CompareMarkdown.render(comparison, numbers));
    return b.toString();
  }

  /** A point by its parameters: {@code 60}, {@code 0.3,0.7}. */
  private static String point(Fusion f) {
    StringBuilder b = new StringBuilder();
    f.method().parameters().forEach((k, v) -> b.append(b.length() == 0 ? "" : " ").append(Fusion.text(v)));
    return b.toString();
  }
}
