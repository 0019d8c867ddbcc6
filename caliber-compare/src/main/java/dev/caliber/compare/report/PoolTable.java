package dev.caliber.compare.report;

import dev.caliber.pool.Hole;
import dev.caliber.pool.PoolResult;
import dev.caliber.report.QueryTable;
import java.util.function.Consumer;

/**
 * A pool as TSV ({@code caliber pool}, the default format): a header row, then a row per hole in
 * priority order: {@code query, document, priority, runs, best_rank}, then {@code query_text} when
 * topics were given and {@code doc_title, doc_text} when a corpus was. Every cell escaped by the
 * one TSV rule ({@link QueryTable#escape}: a tab, a newline, a carriage return and a backslash in a
 * text become {@code \t \n \r \\}). Computes nothing.
 */
public final class PoolTable {
  private PoolTable() {}

  /**
   * The TSV text.
   *
   * @param r the pool, not null
   * @param out receives the text in pieces, in order
   */
  public static void tsv(PoolResult r, Consumer<? super CharSequence> out) {
    StringBuilder b = new StringBuilder("query\tdocument\tpriority\truns\tbest_rank");
    b.append(r.queryTexts() ? "\tquery_text" : "").append(r.docTexts() ? "\tdoc_title\tdoc_text" : "").append('\n');
    for (Hole h : r.holes()) {
      b.append(QueryTable.escape(h.query())).append('\t').append(QueryTable.escape(h.doc())).append('\t')
          .append(PoolWords.priority(h, r.settings().strategy())).append('\t').append(h.runs()).append('\t')
          .append(h.bestRank());
      if (r.queryTexts()) {
        b.append('\t').append(QueryTable.escape(h.queryText()));
      }
      if (r.docTexts()) {
        b.append('\t').append(h.docTitle() == null ? "" : QueryTable.escape(h.docTitle())).append('\t')
            .append(QueryTable.escape(h.docText()));
      }
      b.append('\n');
      if (b.length() >= 8192) {
        out.accept(b);
        b.setLength(0);
      }
    }
    out.accept(b);
  }
}
