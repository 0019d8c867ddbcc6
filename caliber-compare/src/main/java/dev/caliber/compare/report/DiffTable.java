package dev.caliber.compare.report;

import dev.caliber.compare.diff.DiffMean;
import dev.caliber.compare.diff.DiffSettings;
import dev.caliber.compare.diff.QueryDiff;
import dev.caliber.compare.diff.Rbo;
import dev.caliber.compare.diff.RunDiff;
import dev.caliber.compare.diff.TopK;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Value;
import dev.caliber.report.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * A diff as a tab-separated (or comma-separated) table: one line per query of the set, then one line of means. Columns:
 * {@code row} ({@code query} or {@code mean}), {@code query}, {@code in_a}, {@code in_b} (whether
 * each run has the query: a query it lacks is an empty ranking), {@code ranked_a}, {@code ranked_b}
 * (the documents that count, within the depth), {@code rbo_min}, {@code rbo_res}, {@code rbo_ext},
 * then for each k: {@code overlap@k}, {@code overlap_fraction@k}, {@code jaccard@k}, {@code
 * moved@k}, {@code new@k}, {@code dropped@k}, with judgments {@code unjudged_new@k}, with ANN
 * recall {@code recall@k}. The mean line holds the means of RBO, overlap, its fraction, Jaccard and
 * recall; its other cells are empty, and so is a recall a query does not have. Numbers in the one
 * format of {@link Numbers} (RBO's always decimals; the rest exact fractions with {@link
 * Numbers#EXACT}); IDs escaped as every TSV and CSV caliber writes. The
 * documents themselves are in the JSON, Markdown and HTML reports. Computes nothing.
 */
public final class DiffTable {
  private DiffTable() {}

  /**
   * The TSV text.
   *
   * @param d the diff, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return the header, a line per query and the mean line, each ending with LF
   */
  public static String tsv(RunDiff d, Numbers numbers) {
    return render(d, numbers, false, false);
  }

  /**
   * The same table as CSV (RFC 4180: CRLF, quoted where needed), for a spreadsheet.
   *
   * @param d the diff, not null
   * @param raw write query IDs as they are; by default an ID a spreadsheet would run as a formula
   *     (it begins with {@code = + - @}) gets a leading {@code '}, as compare's CSV does
   * @param numbers decimals, or exact fractions where a value is exact
   * @return the header, a line per query and the mean line, each ending with CRLF
   */
  public static String csv(RunDiff d, boolean raw, Numbers numbers) {
    return render(d, numbers, true, !raw);
  }

  private static String render(RunDiff d, Numbers numbers, boolean csv, boolean safe) {
    DiffSettings s = d.settings();
    StringBuilder out = new StringBuilder();
    List<String> header = new ArrayList<>(List.of("row", "query", "in_a", "in_b", "ranked_a", "ranked_b", "rbo_min", "rbo_res",
        "rbo_ext"));
    for (int k : s.cutoffs()) {
      header.addAll(List.of("overlap@" + k, "overlap_fraction@" + k, "jaccard@" + k, "moved@" + k, "new@" + k, "dropped@" + k));
      if (d.judged()) {
        header.add("unjudged_new@" + k);
      }
      if (s.ann()) {
        header.add("recall@" + k);
      }
    }
    CompareTable.line(out, header, csv);
    for (QueryDiff q : d.queries()) {
      List<String> cells = new ArrayList<>(List.of("query", CompareTable.id(q.query(), safe), Boolean.toString(q.inA()), Boolean.toString(q.inB()),
          Integer.toString(q.rankedA()), Integer.toString(q.rankedB())));
      rbo(cells, q.rbo());
      for (TopK t : q.cutoffs()) {
        cells.addAll(List.of(Integer.toString(t.overlap()), value(t.overlapFraction(), numbers), value(t.jaccard(), numbers),
            Integer.toString(t.moved()), Integer.toString(t.added().size()), Integer.toString(t.dropped().size())));
        if (d.judged()) {
          cells.add(Integer.toString(t.unjudged()));
        }
        if (s.ann()) {
          cells.add(value(t.recall(), numbers));
        }
      }
      CompareTable.line(out, cells, csv);
    }
    DiffMean mean = d.mean();
    List<String> cells = new ArrayList<>(List.of("mean", "", "", "", "", ""));
    rbo(cells, mean.rbo());
    for (DiffMean.Cutoff c : mean.cutoffs()) {
      cells.addAll(List.of(value(c.overlap(), numbers), value(c.overlapFraction(), numbers), value(c.jaccard(), numbers), "", "",
          ""));
      if (d.judged()) {
        cells.add("");
      }
      if (s.ann()) {
        cells.add(value(c.recall(), numbers));
      }
    }
    CompareTable.line(out, cells, csv);
    return out.toString();
  }

  private static void rbo(List<String> cells, Rbo r) {
    cells.add(r == null ? "" : Numbers.decimal(r.min()));
    cells.add(r == null ? "" : Numbers.decimal(r.res()));
    cells.add(r == null ? "" : Numbers.decimal(r.ext()));
  }

  /** An exact value in the report's style, or empty for none. */
  static String value(Fraction f, Numbers numbers) {
    return f == null ? "" : numbers.value(Value.of(f));
  }
}
