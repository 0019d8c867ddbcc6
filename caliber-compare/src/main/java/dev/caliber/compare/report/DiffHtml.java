package dev.caliber.compare.report;

import dev.caliber.compare.diff.DiffMean;
import dev.caliber.compare.diff.DiffSettings;
import dev.caliber.compare.diff.DocumentRanks;
import dev.caliber.compare.diff.QueryDiff;
import dev.caliber.compare.diff.RunDiff;
import dev.caliber.compare.diff.TopK;
import dev.caliber.json.PyJson;
import dev.caliber.math.Fraction;
import dev.caliber.measure.Value;
import dev.caliber.report.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * A diff as one self-contained HTML file ({@code caliber diff --format html}): the settings and
 * definitions, the means, every query's row in a table that sorts and filters, then per cutoff each
 * changed query's documents, folded. The page, its stylesheet, its one script and its content
 * security policy are {@link CompareHtml}'s; every ID and name from the inputs is escaped for text
 * and attributes ({@link Html#esc}). Computes nothing.
 */
public final class DiffHtml {
  private DiffHtml() {}

  /**
   * The HTML document.
   *
   * @param d the diff, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return a complete, self-contained HTML5 page; the same diff always gives the same text
   */
  public static String render(RunDiff d, Numbers numbers) {
    DiffSettings s = d.settings();
    StringBuilder out = new StringBuilder();
    CompareHtml.head(out, "caliber diff: " + d.runB() + " against " + d.runA());
    out.append("<h1>caliber diff: <span class=\"mono\">").append(Html.esc(d.runB())).append("</span> against <span class=\"mono\">")
        .append(Html.esc(d.runA())).append("</span></h1>\n<dl class=\"declared\">\n");
    for (String[] line : DiffWords.lines(d, Html::esc)) {
      out.append("<dt>").append(line[0]).append("</dt><dd>").append(line[1]).append("</dd>\n");
    }
    out.append("</dl>\n");
    DiffMean mean = d.mean();
    out.append("<h2>Means over ").append(Fmt.count(mean.queries(), "query", "queries")).append("</h2>\n<table class=\"summary\">\n<tr>"
        + "<th>RBO<sub>min</sub></th><th>RBO<sub>res</sub></th><th>RBO<sub>ext</sub></th>");
    for (DiffMean.Cutoff c : mean.cutoffs()) {
      out.append("<th>overlap@").append(c.k()).append("</th><th>overlap@").append(c.k()).append(" / ").append(c.k())
          .append("</th><th>Jaccard@").append(c.k()).append("</th>");
      if (s.ann()) {
        out.append("<th>recall@").append(c.k()).append("</th>");
      }
    }
    out.append("</tr>\n<tr>");
    if (mean.rbo() == null) {
      out.append("<td>–</td><td>–</td><td>–</td>");
    } else {
      out.append(rbo(mean.rbo().min())).append(rbo(mean.rbo().res())).append(rbo(mean.rbo().ext()));
    }
    for (DiffMean.Cutoff c : mean.cutoffs()) {
      out.append(value(c.overlap(), numbers)).append(value(c.overlapFraction(), numbers)).append(value(c.jaccard(), numbers));
      if (s.ann()) {
        out.append(value(c.recall(), numbers, " (" + Fmt.count(c.recallQueries(), "query", "queries") + ")"));
      }
    }
    out.append("</tr>\n</table>\n");
    out.append("<h2>Per query</h2>\n");
    TableScript.filter(out, "queries");
    out.append("<table class=\"queries sortable\" id=\"queries\">\n<thead><tr><th class=\"id\">query</th><th>ranked A</th>"
        + "<th>ranked B</th><th>RBO<sub>ext</sub></th><th>RBO<sub>min</sub></th><th>RBO<sub>max</sub></th>");
    for (int k : s.cutoffs()) {
      out.append("<th>overlap@").append(k).append("</th><th>Jaccard@").append(k).append("</th><th>moved@").append(k)
          .append("</th><th>new@").append(k).append("</th><th>dropped@").append(k).append("</th>")
          .append(d.judged() ? "<th>unjudged new@" + k + "</th>" : "").append(s.ann() ? "<th>recall@" + k + "</th>" : "");
    }
    out.append("</tr></thead>\n<tbody>\n");
    for (QueryDiff q : d.queries()) {
      out.append("<tr><td class=\"id\">").append(Html.esc(q.query())).append("</td>").append(ranked(q.rankedA(), q.inA()))
          .append(ranked(q.rankedB(), q.inB())).append(rbo(q.rbo().ext())).append(rbo(q.rbo().min())).append(rbo(q.rbo().max()));
      for (TopK t : q.cutoffs()) {
        out.append(count(t.overlap())).append(value(t.jaccard(), numbers)).append(count(t.moved())).append(count(t.added().size()))
            .append(count(t.dropped().size())).append(d.judged() ? count(t.unjudged()) : "");
        if (s.ann()) {
          out.append(value(t.recall(), numbers));
        }
      }
      out.append("</tr>\n");
    }
    out.append("</tbody>\n</table>\n<p class=\"muted\">missing: the run has no entry for the query, which counts as an empty"
        + " ranking there.</p>\n");
    for (int i = 0; i < s.cutoffs().size(); i++) {
      int k = s.cutoffs().get(i);
      out.append("<h2>Changes in the top ").append(k).append("</h2>\n");
      List<QueryDiff> changed = new ArrayList<>();
      for (QueryDiff q : d.queries()) {
        TopK t = q.cutoffs().get(i);
        if (t.moved() > 0 || !t.added().isEmpty() || !t.dropped().isEmpty()) {
          changed.add(q);
        }
      }
      if (changed.isEmpty()) {
        out.append("<p class=\"muted\">No query's top ").append(k).append(" changed.</p>\n");
      }
      for (QueryDiff q : changed) {
        TopK t = q.cutoffs().get(i);
        out.append("<details><summary>query <span class=\"mono\">").append(Html.esc(q.query())).append("</span>: ").append(t.moved())
            .append(" moved, ").append(t.added().size()).append(" new").append(d.judged() ? " (" + t.unjudged() + " unjudged)" : "")
            .append(", ").append(t.dropped().size()).append(" dropped</summary>\n<table class=\"documents\">\n<tr><th class=\"id\">"
                + "document</th><th>rank A</th><th>rank B</th><th class=\"id\">change</th>").append(d.judged() ? "<th>judged</th>" : "")
            .append("</tr>\n");
        for (DocumentRanks r : DiffChanges.inBOrder(t)) {
          String change = DiffChanges.change(r, k);
          String cls = change.startsWith("new") || change.startsWith("up") ? " better" : change.startsWith("dropped")
              || change.startsWith("down") ? " worse" : "";
          out.append("<tr><td class=\"id mono\">").append(Html.esc(r.doc())).append("</td><td>").append(Fmt.rank(r.rankA()))
              .append("</td><td>").append(Fmt.rank(r.rankB())).append("</td><td class=\"id").append(cls).append("\">").append(change)
              .append("</td>");
          if (d.judged()) {
            out.append("<td>").append(r.judged() == null ? "" : r.judged() ? "yes" : "<span class=\"low\">no</span>").append("</td>");
          }
          out.append("</tr>\n");
        }
        out.append("</table>\n</details>\n");
      }
    }
    out.append("<p class=\"muted\">Written by caliber. The JSON output (<code>--format json</code>) holds every number above, exact"
        + " where the value is rational, and every document of each top k.</p>\n");
    TableScript.script(out);
    out.append("</body>\n</html>\n");
    return out.toString();
  }

  private static String ranked(int n, boolean present) {
    return present ? count(n) : "<td data-v=\"\">missing</td>";
  }

  private static String count(int n) {
    return "<td data-v=\"" + n + "\">" + n + "</td>";
  }

  private static String rbo(double v) {
    return "<td data-v=\"" + PyJson.repr(v) + "\">" + Numbers.decimal(v) + "</td>";
  }

  private static String value(Fraction f, Numbers numbers) {
    return value(f, numbers, "");
  }

  private static String value(Fraction f, Numbers numbers, String after) {
    return f == null ? "<td data-v=\"\">–</td>"
        : "<td data-v=\"" + PyJson.repr(f.doubleValue()) + "\">" + Html.esc(numbers.value(Value.of(f))) + after + "</td>";
  }
}
