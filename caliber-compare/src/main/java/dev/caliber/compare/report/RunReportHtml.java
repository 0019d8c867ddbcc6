package dev.caliber.compare.report;

import dev.caliber.compare.Distribution;
import dev.caliber.compare.RunReport;
import dev.caliber.eval.QueryResult;
import dev.caliber.eval.RunResult;
import dev.caliber.measure.Measure;

/**
 * One run's evaluation as a self-contained HTML file ({@code caliber evaluate --format html}):
 * the protocol, a summary per measure (mean, exact where rational, and the five-number spread), a
 * box-and-strip plot per measure, and every query's row. Same page rules as {@link CompareHtml}:
 * no script, no load, CSP-pinned stylesheet, every ID escaped. Computes nothing.
 */
public final class RunReportHtml {
  private RunReportHtml() {}

  /**
   * The HTML document.
   *
   * @param report the run and its distributions, not null
   * @return a complete, self-contained HTML5 page; the same report always gives the same text
   */
  public static String render(RunReport report) {
    RunResult r = report.run();
    StringBuilder out = new StringBuilder();
    CompareHtml.head(out, "caliber evaluate: " + r.runName());
    out.append("<h1>caliber evaluate: <span class=\"mono\">").append(Html.esc(r.runName())).append("</span></h1>\n");
    out.append("<p>Protocol <code>").append(Html.esc(r.protocolSha256())).append("</code>: ")
        .append(Html.esc(r.protocol().querySetSource())).append(", ").append(r.protocol().querySet().size()).append(" queries.");
    list(out, "Missing queries (scored as empty rankings)", r.missingQueries());
    list(out, "Queries without a relevant document", r.noRelevantQueries());
    list(out, "Ignored run queries outside the query set", r.ignoredQueries());
    out.append("</p>\n<table class=\"summary\">\n<tr><th class=\"id\">measure</th><th>mean</th><th>exact</th><th>queries</th>"
        + "<th>min</th><th>q1</th><th>median</th><th>q3</th><th>max</th></tr>\n");
    for (Measure m : r.measures()) {
      Distribution d = report.distribution(m);
      out.append("<tr><td class=\"id\">").append(Html.esc(m.name())).append("</td>");
      if (d == null) {
        out.append("<td>–</td><td>–</td><td>0</td><td>–</td><td>–</td><td>–</td><td>–</td><td>–</td></tr>\n");
        continue;
      }
      out.append("<td>").append(Fmt.value(d.mean())).append("</td><td>").append(d.mean().isExact() ? Html.esc(d.mean().exact().toString()) : "–")
          .append("</td><td>").append(d.count()).append("</td><td>").append(Fmt.fixed4(d.min())).append("</td><td>")
          .append(Fmt.fixed4(d.q1())).append("</td><td>").append(Fmt.fixed4(d.median())).append("</td><td>").append(Fmt.fixed4(d.q3()))
          .append("</td><td>").append(Fmt.fixed4(d.max())).append("</td></tr>\n");
    }
    out.append("</table>\n");
    int chart = 0;
    for (Measure m : r.measures()) {
      out.append("<h3>Distribution of per-query ").append(Html.esc(m.name())).append("</h3>\n");
      out.append(Charts.distribution(report, m, "chart-" + ++chart)).append('\n');
    }
    out.append("<h2>Per query</h2>\n<table class=\"queries\">\n<tr><th class=\"id\">query</th><th>missing</th><th>returned</th>"
        + "<th>relevant</th><th>first relevant rank</th>");
    for (Measure m : r.measures()) {
      out.append("<th>").append(Html.esc(m.name())).append("</th>");
    }
    out.append("</tr>\n");
    for (QueryResult q : r.rows()) {
      out.append("<tr><td class=\"id\">").append(Html.esc(q.query())).append("</td><td>").append(q.missing() ? "yes" : "")
          .append("</td><td>").append(q.returned()).append("</td><td>").append(q.relevant()).append("</td><td>")
          .append(Fmt.rank(q.firstRelevantRank())).append("</td>");
      for (Measure m : r.measures()) {
        out.append("<td>").append(Fmt.value(q.value(m))).append("</td>");
      }
      out.append("</tr>\n");
    }
    out.append("</table>\n<p class=\"muted\">Written by caliber. The JSON output holds every number above, exact where the"
        + " measure is rational.</p>\n</body>\n</html>\n");
    return out.toString();
  }

  private static void list(StringBuilder out, String label, java.util.List<String> ids) {
    if (ids.isEmpty()) {
      return;
    }
    out.append("<br>").append(label).append(": ");
    for (int i = 0; i < ids.size(); i++) {
      out.append(i == 0 ? "" : ", ").append("<span class=\"mono\">").append(Html.esc(ids.get(i))).append("</span>");
    }
    out.append('.');
  }
}
