package dev.caliber.compare.report;

import dev.caliber.compare.Distribution;
import dev.caliber.compare.RunReport;
import dev.caliber.measure.Measure;
import dev.caliber.report.Numbers;
import dev.caliber.result.Coverage;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.List;

/**
 * One run's evaluation as a self-contained HTML file ({@code caliber evaluate --format html}): a
 * summary per measure (mean, the coverage at its cutoff, the five-number spread) with a warning
 * beside it when coverage is low, the policy, the coverage and the queries missing from the run or
 * ignored, with {@code --facets} each facet's means per value (a table, a bar chart per measure),
 * a box-and-strip plot per measure, and every query's row in a table that sorts and
 * filters. Same page rules as {@link CompareHtml}: no load, CSP-pinned stylesheet and script,
 * every ID escaped. Computes nothing.
 */
public final class RunReportHtml {
  private RunReportHtml() {}

  /**
   * The HTML document, with decimals.
   *
   * @param report the run and its distributions, not null
   * @return a complete, self-contained HTML5 page; the same report always gives the same text
   */
  public static String render(RunReport report) {
    return render(report, Numbers.DECIMAL);
  }

  /**
   * The HTML document.
   *
   * @param report the run and its distributions, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return a complete, self-contained HTML5 page; the same report always gives the same text
   */
  public static String render(RunReport report, Numbers numbers) {
    return render(report, numbers, null);
  }

  /**
   * The HTML document, with the test split's looks when a history counted them.
   *
   * @param report the run and its distributions, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @param looks how often the test split has been looked at under the protocol (a history's
   *     count), said in the policy block; null without a history
   * @return a complete, self-contained HTML5 page; the same report always gives the same text
   */
  public static String render(RunReport report, Numbers numbers, TestLooks looks) {
    return render(report, numbers, looks, null);
  }

  /**
   * The HTML document, with the test split's looks and the means per facet value.
   *
   * @param report the run and its distributions, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @param looks how often the test split has been looked at under the protocol, or null
   * @param facets the run's means per facet value ({@code evaluate --facets}), shown after the
   *     coverage as a table and a bar chart per measure for each facet; null for none
   * @return a complete, self-contained HTML5 page; the same report always gives the same text
   */
  public static String render(RunReport report, Numbers numbers, TestLooks looks, dev.caliber.eval.FacetMeans facets) {
    RunResult r = report.run();
    StringBuilder out = new StringBuilder();
    CompareHtml.head(out, "caliber evaluate: " + r.runName());
    out.append("<h1>caliber evaluate: <span class=\"mono\">").append(Html.esc(r.runName())).append("</span></h1>\n");
    boolean bounds = ReportBlocks.hasBounds(r);
    out.append("<table class=\"summary\">\n<thead><tr><th class=\"id\">measure</th><th>mean</th><th>coverage</th>"
        + (bounds ? "<th>bounds</th>" : "") + "<th>queries</th>"
        + "<th>min</th><th>q1</th><th>median</th><th>q3</th><th>max</th></tr></thead>\n<tbody>\n");
    for (Measure m : r.measures()) {
      Distribution d = report.distribution(m);
      Coverage.Cutoff k = m.cutoff() > 0 ? r.coverage().at(m.cutoff()) : null;
      out.append("<tr><td class=\"id\">").append(Html.esc(m.name())).append("</td>");
      String coverage = (k == null ? "<td></td>" : (k.low() ? "<td class=\"low\">" : "<td>") + Html.esc(ReportBlocks.judged(k)) + "</td>")
          + (bounds ? "<td>" + Html.esc(Fmt.bounds(r.summary(m).bounds(), numbers)) + "</td>" : "");
      if (d == null) {
        out.append("<td>–</td>").append(coverage).append("<td>0</td><td>–</td><td>–</td><td>–</td><td>–</td><td>–</td></tr>\n");
        continue;
      }
      out.append("<td>").append(Html.esc(Fmt.value(d.mean(), numbers))).append("</td>").append(coverage).append("<td>").append(d.count())
          .append("</td><td>").append(Fmt.fixed4(d.min())).append("</td><td>").append(Fmt.fixed4(d.q1())).append("</td><td>")
          .append(Fmt.fixed4(d.median())).append("</td><td>").append(Fmt.fixed4(d.q3())).append("</td><td>").append(Fmt.fixed4(d.max()))
          .append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n");
    if (bounds) {
      out.append("<p>").append(Html.esc(ReportBlocks.BOUNDS_NOTE)).append("</p>\n");
    }
    CompareHtml.lowCoverage(out, List.of(r));
    out.append("<h2>Policy</h2>\n");
    CompareHtml.policy(out, r.protocol(), r.protocolSha256(), looks);
    out.append("<h2>Coverage</h2>\n<dl class=\"declared coverage\">\n<dt>judged</dt><dd>").append(Html.esc(ReportBlocks.judged(r.coverage())))
        .append("</dd>\n<dt>missing from the run</dt><dd>").append(ReportBlocks.ids(r.missingQueries(), Html::esc))
        .append(" (scored as empty rankings)</dd>\n<dt>ignored run queries</dt><dd>").append(ReportBlocks.ids(r.ignoredQueries(), Html::esc))
        .append(" (outside the query set, not scored)</dd>\n<dt>without a relevant document</dt><dd>")
        .append(ReportBlocks.ids(r.noRelevantQueries(), Html::esc)).append("</dd>\n</dl>\n");
    if (facets != null) {
      facets(out, facets, numbers);
    }
    int chart = 0;
    for (Measure m : r.measures()) {
      out.append("<h3>Distribution of per-query ").append(Html.esc(m.name())).append("</h3>\n");
      out.append(Charts.distribution(report, m, "chart-" + ++chart)).append('\n');
    }
    for (dev.caliber.compare.RecallCurve curve : dev.caliber.compare.RecallCurve.of(r.measures())) {
      out.append("<h3>Interpolated precision-recall curve</h3>\n");
      out.append(LineCharts.recallPrecision(report, curve.levels(), "chart-" + ++chart)).append('\n');
    }
    out.append("<h2>Per query</h2>\n");
    TableScript.filter(out, "queries");
    out.append("<table class=\"queries sortable\" id=\"queries\">\n<thead><tr><th class=\"id\">query</th><th>missing</th><th>returned</th>"
        + "<th>relevant</th><th>first relevant rank</th>");
    for (Measure m : r.measures()) {
      out.append("<th>").append(Html.esc(m.name())).append("</th>");
    }
    out.append("</tr></thead>\n<tbody>\n");
    for (QueryResult q : r.rows()) {
      out.append("<tr><td class=\"id\">").append(Html.esc(q.query())).append("</td><td>").append(q.missing() ? "yes" : "")
          .append("</td><td data-v=\"").append(q.returned()).append("\">").append(q.returned()).append("</td><td data-v=\"")
          .append(q.relevant()).append("\">").append(q.relevant()).append("</td><td data-v=\"")
          .append(q.firstRelevantRank() == null ? "" : q.firstRelevantRank()).append("\">").append(Fmt.rank(q.firstRelevantRank()))
          .append("</td>");
      for (Measure m : r.measures()) {
        out.append(CompareHtml.valueCell(m, q.value(m), numbers));
      }
      out.append("</tr>\n");
    }
    out.append("</tbody>\n</table>\n<p class=\"muted\">Written by caliber. The JSON output holds every number above, exact where the"
        + " measure is rational.</p>\n");
    TableScript.script(out);
    out.append("</body>\n</html>\n");
    return out.toString();
  }

  /**
   * "By facet": per facet a table, one row per value with its queries and each measure's mean,
   * then a bar chart of the values' means per measure.
   */
  private static void facets(StringBuilder out, dev.caliber.eval.FacetMeans facets, Numbers numbers) {
    int chart = 0;
    out.append("<h2>By facet</h2>\n");
    if (facets.outside() > 0) {
      out.append("<p class=\"muted\">").append(Fmt.count(facets.outside(), "query", "queries"))
          .append(" of the facet file outside the query set, not scored.</p>\n");
    }
    for (dev.caliber.eval.FacetMeans.Facet f : facets.facets()) {
      out.append("<table class=\"summary\">\n<thead><tr><th class=\"id\">").append(Html.esc(f.name())).append("</th><th>queries</th>");
      for (dev.caliber.result.MeasureSummary s : f.values().get(0).summaries()) {
        out.append("<th>").append(Html.esc(s.measure().name())).append("</th>");
      }
      out.append("</tr></thead>\n<tbody>\n");
      for (dev.caliber.eval.FacetMeans.FacetValue v : f.values()) {
        out.append("<tr><td class=\"id\">").append(Html.esc(v.value())).append("</td><td>").append(v.queries().size()).append("</td>");
        for (dev.caliber.result.MeasureSummary s : v.summaries()) {
          out.append("<td>").append(s.value() == null ? "–" : Html.esc(Fmt.value(s.measure(), s.value(), numbers))).append("</td>");
        }
        out.append("</tr>\n");
      }
      out.append("</tbody>\n</table>\n");
      for (int i = 0; i < f.values().get(0).summaries().size(); i++) {
        out.append("<h3>Mean ").append(Html.esc(f.values().get(0).summaries().get(i).measure().name())).append(" per value of ")
            .append(Html.esc(f.name())).append("</h3>\n").append(FacetCharts.means(f, i, "facet-chart-" + ++chart)).append('\n');
      }
    }
  }
}
