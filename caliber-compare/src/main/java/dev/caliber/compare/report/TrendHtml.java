package dev.caliber.compare.report;

import dev.caliber.compare.Trend;
import dev.caliber.report.Numbers;

/**
 * A measure's mean over time as one self-contained HTML file: per protocol fingerprint a line chart
 * of the mean against the evaluations in the order they were made (each marker titled with its
 * entry, run, time and value) and the table of those evaluations. The page's head, stylesheet and
 * hash-based Content-Security-Policy are {@link CompareHtml}'s; every run name and query-set text
 * is escaped ({@link Html#esc}). Computes nothing: every number comes from the {@link Trend}.
 */
public final class TrendHtml {
  private TrendHtml() {}

  /**
   * The HTML document.
   *
   * @param trend the trend, not null
   * @return a complete, self-contained HTML5 page; the same trend always gives the same text
   */
  public static String render(Trend trend) {
    StringBuilder out = new StringBuilder();
    CompareHtml.head(out, "caliber history trend: " + trend.measure());
    out.append("<h1>").append(Html.esc(trend.measure())).append(" over time</h1>\n");
    out.append("<p class=\"muted\">One chart per protocol fingerprint: the mean of each recorded evaluation, oldest first.</p>\n");
    if (trend.series().isEmpty()) {
      out.append("<p>No recorded evaluation has this measure.</p>\n");
    }
    int n = 0;
    for (Trend.Series s : trend.series()) {
      n++;
      out.append("<h2>protocol <code>").append(Html.esc(s.protocolSha256().substring(0, Math.min(12, s.protocolSha256().length()))))
          .append("</code></h2>\n<p class=\"muted\">sha256 <code>").append(Html.esc(s.protocolSha256())).append("</code>; query set: ")
          .append(Html.esc(s.querySet())).append("; ").append(s.points().size()).append(s.points().size() == 1 ? " evaluation" : " evaluations")
          .append("</p>\n");
      out.append(LineCharts.trend(trend.measure(), s, "trend-" + n)).append('\n');
      out.append("<table class=\"trend\">\n<thead><tr><th>entry</th><th class=\"id\">time</th><th class=\"id\">run</th><th>")
          .append(Html.esc(trend.measure())).append("</th></tr></thead>\n<tbody>\n");
      for (Trend.Point p : s.points()) {
        out.append("<tr><td>").append(p.id()).append("</td><td class=\"id\">").append(Html.esc(p.time().toString()))
            .append("</td><td class=\"id\">").append(Html.esc(p.run())).append("</td><td>")
            .append(Double.isNaN(p.mean()) ? "-" : Numbers.decimal(p.mean())).append("</td></tr>\n");
      }
      out.append("</tbody>\n</table>\n");
    }
    out.append("</body>\n</html>\n");
    return out.toString();
  }
}
