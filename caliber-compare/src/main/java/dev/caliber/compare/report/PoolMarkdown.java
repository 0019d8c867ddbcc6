package dev.caliber.compare.report;

import dev.caliber.compare.report.MarkdownTable.Align;
import dev.caliber.pool.Hole;
import dev.caliber.pool.PoolCoverage;
import dev.caliber.pool.PoolResult;
import java.util.ArrayList;
import java.util.List;

/**
 * A pool as GitHub-flavoured Markdown ({@code caliber pool --format md}): the settings and the
 * coverage in words, then a table of the holes in priority order, texts cut to {@value #TEXT}
 * characters with an ellipsis, a document's title before its text after a dash. IDs and texts escaped as in {@link CompareMarkdown#esc}. Computes
 * nothing.
 */
public final class PoolMarkdown {
  private PoolMarkdown() {}

  /** The most characters (code points) of a text shown in a cell. */
  static final int TEXT = 80;

  /**
   * The Markdown text.
   *
   * @param r the pool, not null
   * @return the report
   */
  public static String render(PoolResult r) {
    StringBuilder out = new StringBuilder();
    PoolCoverage c = r.coverage();
    out.append("## caliber pool: ").append(Fmt.count(r.holes().size(), "hole", "holes")).append(" to judge\n\n");
    out.append("- strategy: ").append(PoolWords.settings(r.settings())).append('\n');
    out.append("- runs: ").append(String.join(", ", r.runs().stream().map(CompareMarkdown::esc).toList())).append('\n');
    out.append("- judged now: ").append(c.judged()).append(" of ").append(c.pairs()).append(" top-").append(c.depth())
        .append(" pairs (").append(PoolWords.percent(c.judged(), c.pairs())).append(")\n");
    out.append("- once these holes are judged: ").append(c.after()).append(" (").append(PoolWords.percent(c.after(), c.pairs()))
        .append(")\n");
    out.append("- holes not listed: ").append(r.unlisted()).append("\n\n");
    List<String> header = new ArrayList<>(List.of("#", "query", "document", "priority", "runs", "best rank"));
    List<Align> aligns = new ArrayList<>(List.of(Align.RIGHT, Align.LEFT, Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT));
    if (r.queryTexts()) {
      header.add("query text");
      aligns.add(Align.LEFT);
    }
    if (r.docTexts()) {
      header.add("document text");
      aligns.add(Align.LEFT);
    }
    MarkdownTable table = new MarkdownTable(header, aligns);
    int i = 0;
    for (Hole h : r.holes()) {
      List<String> cells = new ArrayList<>(List.of(Integer.toString(++i), CompareMarkdown.esc(h.query()),
          CompareMarkdown.esc(h.doc()), PoolWords.priority(h, r.settings().strategy()), Integer.toString(h.runs()),
          Integer.toString(h.bestRank())));
      if (r.queryTexts()) {
        cells.add(CompareMarkdown.esc(cut(h.queryText())));
      }
      if (r.docTexts()) {
        String title = h.docTitle() == null || h.docTitle().isEmpty() ? "" : h.docTitle() + " — ";
        cells.add(CompareMarkdown.esc(cut(title + h.docText())));
      }
      table.row(cells);
    }
    table.render(out);
    return out.toString();
  }

  /** A text with its blanks runs made one space, cut to {@link #TEXT} code points with an ellipsis. */
  static String cut(String text) {
    String flat = text.strip().replaceAll("\\s+", " ");
    if (flat.codePointCount(0, flat.length()) <= TEXT) {
      return flat;
    }
    return flat.substring(0, flat.offsetByCodePoints(0, TEXT - 1)) + "…";
  }
}
