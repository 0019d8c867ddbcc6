package dev.caliber.compare.report;

import dev.caliber.compare.diff.DiffMean;
import dev.caliber.compare.diff.DiffSettings;
import dev.caliber.compare.diff.DocumentRanks;
import dev.caliber.compare.diff.QueryDiff;
import dev.caliber.compare.diff.RunDiff;
import dev.caliber.compare.diff.TopK;
import dev.caliber.compare.report.MarkdownTable.Align;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Value;
import dev.caliber.report.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * A diff as GitHub-flavoured Markdown ({@code caliber diff --format md}): the settings and
 * definitions in words, the means, every query's row, then per cutoff the documents of each query
 * whose top k changed (B's top k in B's order with each document's change, then the documents that
 * left it). Columns padded so that the text reads in a terminal too; IDs escaped as in {@link
 * CompareMarkdown#esc}; numbers in the one format of {@link Numbers}. Computes nothing.
 */
public final class DiffMarkdown {
  private DiffMarkdown() {}

  /**
   * The Markdown text.
   *
   * @param d the diff, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return the report
   */
  public static String render(RunDiff d, Numbers numbers) {
    DiffSettings s = d.settings();
    StringBuilder out = new StringBuilder();
    out.append("## caliber diff: ").append(CompareMarkdown.esc(d.runB())).append(" against ").append(CompareMarkdown.esc(d.runA()))
        .append("\n\n");
    for (String[] line : DiffWords.lines(d, CompareMarkdown::esc)) {
      out.append("- ").append(line[0]).append(": ").append(line[1]).append('\n');
    }
    DiffMean mean = d.mean();
    out.append("\n**Means over ").append(Fmt.count(mean.queries(), "query", "queries")).append("**\n\n");
    List<String> header = new ArrayList<>(List.of("RBO_min", "RBO_res", "RBO_ext"));
    List<String> cells = new ArrayList<>(List.of(rbo(mean.rbo() == null ? null : mean.rbo().min()),
        rbo(mean.rbo() == null ? null : mean.rbo().res()), rbo(mean.rbo() == null ? null : mean.rbo().ext())));
    for (DiffMean.Cutoff c : mean.cutoffs()) {
      header.addAll(List.of("overlap@" + c.k(), "overlap@" + c.k() + " / " + c.k(), "Jaccard@" + c.k()));
      cells.addAll(List.of(value(c.overlap(), numbers), value(c.overlapFraction(), numbers), value(c.jaccard(), numbers)));
      if (s.ann()) {
        header.add("recall@" + c.k());
        cells.add(value(c.recall(), numbers) + " (" + Fmt.count(c.recallQueries(), "query", "queries") + ")");
      }
    }
    MarkdownTable means = new MarkdownTable(header, header.stream().map(h -> Align.RIGHT).toList());
    means.row(cells).render(out);
    out.append("\n**Per query**\n\n");
    header = new ArrayList<>(List.of("query", "ranked A", "ranked B", "RBO_ext", "RBO_min", "RBO_max"));
    for (int k : s.cutoffs()) {
      header.addAll(List.of("overlap@" + k, "Jaccard@" + k, "moved@" + k, "new@" + k, "dropped@" + k));
      if (d.judged()) {
        header.add("unjudged new@" + k);
      }
      if (s.ann()) {
        header.add("recall@" + k);
      }
    }
    List<Align> aligns = new ArrayList<>(header.stream().map(h -> Align.RIGHT).toList());
    aligns.set(0, Align.LEFT);
    MarkdownTable rows = new MarkdownTable(header, aligns);
    for (QueryDiff q : d.queries()) {
      cells = new ArrayList<>(List.of(CompareMarkdown.esc(q.query()), ranked(q.rankedA(), q.inA()), ranked(q.rankedB(), q.inB()),
          rbo(q.rbo().ext()), rbo(q.rbo().min()), rbo(q.rbo().max())));
      for (TopK t : q.cutoffs()) {
        cells.addAll(List.of(Integer.toString(t.overlap()), value(t.jaccard(), numbers), Integer.toString(t.moved()),
            Integer.toString(t.added().size()), Integer.toString(t.dropped().size())));
        if (d.judged()) {
          cells.add(Integer.toString(t.unjudged()));
        }
        if (s.ann()) {
          cells.add(value(t.recall(), numbers));
        }
      }
      rows.row(cells);
    }
    rows.render(out);
    out.append("\n\"missing\": the run has no entry for the query, which counts as an empty ranking there.\n");
    for (int i = 0; i < s.cutoffs().size(); i++) {
      int k = s.cutoffs().get(i);
      out.append("\n**Changes in the top ").append(k).append("**\n");
      int changed = 0;
      for (QueryDiff q : d.queries()) {
        TopK t = q.cutoffs().get(i);
        if (t.moved() == 0 && t.added().isEmpty() && t.dropped().isEmpty()) {
          continue;
        }
        changed++;
        out.append("\nQuery ").append(CompareMarkdown.esc(q.query())).append(": ").append(t.moved()).append(" moved, ")
            .append(t.added().size()).append(" new").append(d.judged() ? " (" + t.unjudged() + " unjudged)" : "").append(", ")
            .append(t.dropped().size()).append(" dropped\n\n");
        List<String> h = new ArrayList<>(List.of("document", "rank A", "rank B", "change"));
        if (d.judged()) {
          h.add("judged");
        }
        List<Align> al = new ArrayList<>(List.of(Align.LEFT, Align.RIGHT, Align.RIGHT, Align.LEFT));
        if (d.judged()) {
          al.add(Align.LEFT);
        }
        MarkdownTable docs = new MarkdownTable(h, al);
        for (DocumentRanks r : DiffChanges.inBOrder(t)) {
          List<String> c = new ArrayList<>(List.of(CompareMarkdown.esc(r.doc()), Fmt.rank(r.rankA()), Fmt.rank(r.rankB()),
              DiffChanges.change(r, k)));
          if (d.judged()) {
            c.add(r.judged() == null ? "" : r.judged() ? "yes" : "no");
          }
          docs.row(c);
        }
        docs.render(out);
      }
      if (changed == 0) {
        out.append("\nNo query's top ").append(k).append(" changed.\n");
      }
    }
    return out.toString();
  }

  /** A ranking's size, or {@code missing} when the run lacks the query. */
  private static String ranked(int n, boolean present) {
    return present ? Integer.toString(n) : "missing";
  }

  private static String rbo(Double v) {
    return v == null ? "–" : Numbers.decimal(v);
  }

  private static String value(Fraction f, Numbers numbers) {
    return f == null ? "–" : numbers.value(Value.of(f));
  }
}
