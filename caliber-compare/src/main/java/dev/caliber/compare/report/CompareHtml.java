package dev.caliber.compare.report;

import dev.caliber.compare.Comparison;
import dev.caliber.compare.CutoffSeries;
import dev.caliber.compare.PairedComparison;
import dev.caliber.compare.QueryDelta;
import dev.caliber.compare.RecallCurve;
import dev.caliber.compare.Summary;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Value;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.report.Numbers;
import dev.caliber.result.Coverage;
import dev.caliber.result.RunResult;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The comparison as one self-contained HTML file: first the summary (runs x measures, each run's
 * mean marked where it is significantly better or worse than the baseline after Holm, and how many
 * queries got worse) with a warning when coverage is low; then the policy, each run's coverage and
 * the declared methods; then per measure the summary table, per pair a bar chart of per-query
 * deltas sorted by delta (each bar numbered, the number in the per-query table) and the queries
 * that got worse, the distribution of per-query scores per run, the full per-query table (folded,
 * sortable and filterable), where the protocol has a family at several cutoffs, mean against
 * cutoff per run, and the precision-recall curve, one chart (a view: its levels have no measure
 * section).
 *
 * <p>Nothing is loaded from anywhere: one inline stylesheet, inline SVG drawn by {@link Charts},
 * one inline script ({@link TableScript}: sorting and filtering; the page reads the same without
 * it), system fonts. A Content-Security-Policy meta tag forbids every load and allows only that
 * stylesheet and that script, by their SHA-256. Every ID and name from the inputs is escaped for
 * text and attributes ({@link Html#esc}), SVG titles included. Computes nothing: every number
 * comes from the {@link Comparison}.
 */
public final class CompareHtml {
  static final String CSS = String.join("\n",
      ":root{color-scheme:light}",
      "body{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,\"Helvetica Neue\",Arial,sans-serif;margin:24px auto;"
          + "max-width:1040px;padding:0 16px;color:#1b1b1b;background:#fff;line-height:1.45}",
      "h1{font-size:1.6em;margin:0 0 .2em}h2{font-size:1.3em;margin-top:2em;border-bottom:2px solid #ddd;padding-bottom:.2em}",
      "h3{font-size:1.05em;margin:1.4em 0 .4em}",
      "code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}",
      "table{border-collapse:collapse;margin:.5em 0 1em;font-size:.9em}",
      "th,td{padding:4px 9px;border-bottom:1px solid #e3e3e3;text-align:right;white-space:nowrap}",
      "th{background:#f4f4f4;font-weight:600}td.id,th.id{text-align:left;white-space:normal;overflow-wrap:anywhere;min-width:7em}",
      "dl.declared{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;font-size:.9em}",
      "dl.declared dt{font-weight:600}dl.declared dd{margin:0}",
      ".muted{color:#5a5a5a}.worse{color:#b34700}.better{color:#005a8c}table.worse-list th{color:inherit}",
      ".ci{font-size:.85em;color:#5a5a5a}details{margin:.6em 0 1.2em}summary{cursor:pointer;color:#333}",
      "svg.chart{display:block;width:100%;max-width:100%;height:auto;margin:.4em 0 1em;background:#fff}",
      "svg .grid{stroke:#e6e6e6;stroke-width:1}svg .zero{stroke:#555;stroke-width:1.2}",
      "svg text{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,Arial,sans-serif;fill:#333}",
      "svg .tick{font-size:11px;fill:#555}svg .label{font-size:11px;fill:#333}svg .axis{font-size:12px;fill:#333}",
      "svg .legend{font-size:12px}svg .note{font-size:11px;fill:#666}svg .run{font-size:12.5px;fill:#1b1b1b}",
      "svg .whisker{stroke:#444;stroke-width:1.2}svg .box{fill:#fff;fill-opacity:.6;stroke-width:2}",
      "svg .median{stroke-width:3}svg .dot{fill-opacity:.55}svg .mean{fill:#111;stroke:#fff;stroke-width:1}",
      "svg .series{fill:none;stroke-width:2.2}svg .marker{stroke:#fff;stroke-width:1}",
      "table.sortable th{cursor:pointer;user-select:none}table.sortable th[aria-sort=ascending]::after{content:\" \\25B2\"}",
      "table.sortable th[aria-sort=descending]::after{content:\" \\25BC\"}p.filter{margin:.4em 0 0}",
      "input.filter{font:inherit;padding:2px 6px;min-width:16em}.low{color:#b34700;font-weight:600}",
      ".mark{font-weight:600}td.better-mark{color:#005a8c}td.worse-mark{color:#b34700}svg .barno{font-size:10px;fill:#555}");

  /** The content security policy: no loads of any kind, only this page's own stylesheet and its one script, by their hashes. */
  static final String CSP = "default-src 'none'; style-src '" + sha256(CSS) + "'; img-src 'none'; font-src 'none';"
      + " connect-src 'none'; script-src '" + sha256(TableScript.JS) + "'; base-uri 'none'; form-action 'none'";

  private CompareHtml() {}

  /**
   * The HTML document, with decimals.
   *
   * @param c the comparison, not null
   * @return a complete, self-contained HTML5 page; the same comparison always gives the same text
   */
  public static String render(Comparison c) {
    return render(c, Numbers.DECIMAL);
  }

  /**
   * The HTML document.
   *
   * @param c the comparison, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return a complete, self-contained HTML5 page; the same comparison always gives the same text
   */
  public static String render(Comparison c, Numbers numbers) {
    return render(c, numbers, null);
  }

  /**
   * The HTML document, with the test split's looks when a history counted them.
   *
   * @param c the comparison, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @param looks how often the test split has been looked at under the protocol (a history's
   *     count), said in the policy block; null without a history
   * @return a complete, self-contained HTML5 page; the same comparison always gives the same text
   */
  public static String render(Comparison c, Numbers numbers, TestLooks looks) {
    return render(c, numbers, looks, "");
  }

  /**
   * The HTML document with sections of another report after the comparison's own, before the
   * page's closing words (compare's {@code --tukey}: {@link MultipleComparisonReport#html}).
   *
   * @param c the comparison, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @param looks how often the test split has been looked at under the protocol, or null
   * @param more HTML written by caliber's own writers (escaped there), placed as it is
   * @return a complete, self-contained HTML5 page; the same input always gives the same text
   */
  public static String render(Comparison c, Numbers numbers, TestLooks looks, String more) {
    StringBuilder out = new StringBuilder();
    head(out, "caliber compare: " + String.join(" vs ", c.runNames()));
    out.append("<h1>caliber compare</h1>\n");
    summary(out, c, numbers);
    out.append("<h2>Policy</h2>\n");
    policy(out, c.protocol(), c.protocolSha256(), looks);
    out.append("<h2>Coverage</h2>\n");
    coverage(out, c);
    out.append("<h2>Methods</h2>\n");
    if (c.baseline() == null) {
      out.append("<p>All pairs: the run given first is each pair's baseline.</p>\n");
    }
    out.append("<dl class=\"declared\">\n");
    for (String[] line : Declared.lines(c, name -> name)) {
      out.append("<dt>").append(Html.esc(line[0])).append("</dt><dd>").append(Html.esc(line[1])).append("</dd>\n");
    }
    out.append("</dl>\n");
    int chart = 0;
    int table = 0;
    for (int mi = 0; mi < c.measures().size(); mi++) {
      Measure m = c.measures().get(mi);
      out.append("<section class=\"measure\">\n<h2>").append(Html.esc(m.name())).append("</h2>\n");
      summaryTable(out, c, m, numbers);
      for (PairedComparison p : c.comparisons(m)) {
        out.append("<h3>Per-query Δ: <span class=\"mono\">").append(Html.esc(p.system())).append("</span> − <span class=\"mono\">")
            .append(Html.esc(p.baseline())).append("</span></h3>\n");
        out.append(Charts.deltaBars(p, "chart-" + ++chart)).append('\n');
        worse(out, p, numbers);
        perQuery(out, p, numbers, "queries-" + ++table);
      }
      out.append("<h3>Distribution of per-query ").append(Html.esc(m.name())).append("</h3>\n");
      out.append(Charts.distribution(c, m, "chart-" + ++chart)).append('\n');
      out.append("</section>\n");
    }
    out.append("<section class=\"cutoffs\">\n<h2>Measures at several cutoffs</h2>\n");
    if (c.cutoffSeries().isEmpty()) {
      out.append("<p class=\"muted\">No measure appears at several cutoffs in this protocol (give e.g. P@5, P@10 and P@20 to see one).</p>\n");
    }
    for (CutoffSeries s : c.cutoffSeries()) {
      out.append("<h3>").append(Html.esc(s.family())).append("@k</h3>\n");
      out.append(LineCharts.cutoffs(c, s, "chart-" + ++chart)).append('\n');
    }
    out.append("</section>\n");
    out.append("<section class=\"recall-precision\">\n<h2>Interpolated precision-recall curve</h2>\n");
    if (c.curves().isEmpty()) {
      out.append("<p class=\"muted\">Give the recall levels as measures to see each run's curve: <code>-m iprec_at_recall</code>"
          + " (the 11 levels 0, 0.1, ..., 1; or IPrec@r one by one).</p>\n");
    } else {
      out.append("<p class=\"muted\">A view of each run's means: the levels are not compared, and are not in Holm's family.</p>\n");
    }
    for (RecallCurve curve : c.curves()) {
      if (c.curves().size() > 1) {
        out.append("<h3>").append(Html.esc(curve.family())).append("@r</h3>\n");
      }
      out.append(LineCharts.recallPrecision(c, curve.levels(), "chart-" + ++chart)).append('\n');
    }
    out.append("</section>\n");
    out.append(more);
    out.append("<p class=\"muted\">Written by caliber. The JSON output (<code>--format json</code>) holds every number above, exact"
        + " where the measure is rational.</p>\n");
    TableScript.script(out);
    out.append("</body>\n</html>\n");
    return out.toString();
  }

  /** The summary: runs x measures against the reference, its legend, and the low-coverage warning. */
  private static void summary(StringBuilder out, Comparison c, Numbers numbers) {
    Summary s = c.summary();
    out.append("<table class=\"overview\">\n<thead><tr><th class=\"id\">run</th>");
    for (Measure m : c.measures()) {
      out.append("<th>").append(Html.esc(m.name())).append("</th>");
    }
    out.append("</tr></thead>\n<tbody>\n");
    for (Summary.Row row : s.rows()) {
      out.append("<tr><td class=\"id\">").append(Html.esc(row.run()));
      if (row.run().equals(s.reference())) {
        out.append(c.baseline() == null ? " (reference)" : " (baseline)");
      }
      out.append("</td>");
      for (Summary.Cell cell : row.cells()) {
        String cls = switch (cell.mark()) {
          case BETTER -> " class=\"better-mark\"";
          case WORSE -> " class=\"worse-mark\"";
          case NONE -> "";
        };
        out.append("<td").append(cls).append(">").append(Html.esc(Fmt.value(cell.mean(), numbers)));
        if (cell.mark() != Summary.Mark.NONE) {
          out.append("<span class=\"mark\">").append(Fmt.mark(cell.mark())).append("</span>");
        }
        if (cell.worse() != null) {
          out.append("<br><span class=\"ci\">").append(cell.worse()).append(" worse</span>");
        }
        out.append("</td>");
      }
      out.append("</tr>\n");
    }
    out.append("</tbody>\n</table>\n<p class=\"muted\">").append(Html.esc(Fmt.summaryLegend(c, s.reference()))).append("</p>\n");
    lowCoverage(out, c.runs());
  }

  /** The low-coverage warning, where the means are; nothing when coverage is not low. */
  static void lowCoverage(StringBuilder out, List<RunResult> runs) {
    String low = ReportBlocks.lowCoverage(runs, Html::esc);
    if (low != null) {
      out.append("<p class=\"low\" role=\"alert\">").append(low).append("</p>\n");
    }
  }

  /** The policy as a definition list. */
  static void policy(StringBuilder out, EvalProtocol protocol, String sha256, TestLooks looks) {
    out.append("<dl class=\"declared policy\">\n");
    for (String[] line : ReportBlocks.policy(protocol, sha256, Html::esc, looks)) {
      out.append("<dt>").append(Html.esc(line[0])).append("</dt><dd>").append(line[1]).append("</dd>\n");
    }
    out.append("</dl>\n");
  }

  private static void coverage(StringBuilder out, Comparison c) {
    int[] cutoffs = c.runs().get(0).coverage().cutoffs().stream().mapToInt(Coverage.Cutoff::k).toArray();
    out.append("<table class=\"coverage\">\n<thead><tr><th class=\"id\">run</th>");
    for (int k : cutoffs) {
      out.append("<th>Judged@").append(k).append("</th>");
    }
    out.append("<th>missing</th><th>ignored</th></tr></thead>\n<tbody>\n");
    for (RunResult r : c.runs()) {
      out.append("<tr><td class=\"id\">").append(Html.esc(r.runName())).append("</td>");
      for (int k : cutoffs) {
        Coverage.Cutoff at = r.coverage().at(k);
        out.append(at != null && at.low() ? "<td class=\"low\">" : "<td>").append(at == null ? "–" : Numbers.decimal(at.judged())
            + (at.low() ? " (low)" : "")).append("</td>");
      }
      out.append("<td>").append(r.missingQueries().size()).append("</td><td>").append(r.ignoredQueries().size()).append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n<p class=\"muted\">missing: queries of the set a run has no entry for (scored as empty"
        + " rankings); ignored: run queries outside the query set (not scored).</p>\n");
  }

  /** The document's start up to the opened body: charset, CSP, title, the one stylesheet. */
  static void head(StringBuilder out, String title) {
    out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.append("<meta http-equiv=\"Content-Security-Policy\" content=\"").append(Html.esc(CSP)).append("\">\n");
    out.append("<meta name=\"referrer\" content=\"no-referrer\">\n");
    out.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.append("<title>").append(Html.esc(title)).append("</title>\n");
    out.append("<style>").append(CSS).append("</style>\n</head>\n<body>\n");
  }

  private static void summaryTable(StringBuilder out, Comparison c, Measure m, Numbers numbers) {
    out.append("<table class=\"summary\">\n<tr><th class=\"id\">baseline</th><th class=\"id\">system</th><th>baseline mean</th>"
        + "<th>system mean</th><th>Δ [").append(Fmt.percent(c.settings().confidence()))
        .append("% CI]</th><th>p (rand.)</th><th>p Holm</th><th>p (t)</th><th>d<sub>z</sub></th><th>W/T/L</th></tr>\n");
    for (PairedComparison p : c.comparisons(m)) {
      out.append("<tr><td class=\"id\">").append(Html.esc(p.baseline())).append("</td><td class=\"id\">").append(Html.esc(p.system()))
          .append("</td><td>").append(Html.esc(Fmt.value(p.baselineMean(), numbers))).append("</td><td>")
          .append(Html.esc(Fmt.value(p.systemMean(), numbers))).append("</td><td>").append(delta(p, numbers)).append("</td><td>").append(Html.esc(CompareMarkdown.rand(p)))
          .append("</td><td>").append(Html.esc(Fmt.p(p.holmP()))).append("</td><td>")
          .append(p.tTest().defined() ? Html.esc(Fmt.p(p.tTest().p())) : "<span class=\"muted\" title=\"" + Html.esc(p.tTest().undefinedReason())
              + "\">undefined</span>")
          .append("</td><td>")
          .append(p.effectSize().dz() == null ? "<span class=\"muted\" title=\"" + Html.esc(p.effectSize().undefinedReason())
              + "\">undefined</span>" : Fmt.signed4(p.effectSize().dz()))
          .append("</td><td>").append(p.wins()).append('/').append(p.ties()).append('/').append(p.losses()).append("</td></tr>\n");
    }
    out.append("</table>\n");
  }

  /** The mean delta, its interval on a second, smaller line. */
  private static String delta(PairedComparison p, Numbers numbers) {
    if (p.meanDelta() == null) {
      return "–";
    }
    return Html.esc(Fmt.signed(p.meanDelta(), numbers)) + "<br><span class=\"ci\">[" + Fmt.signed4(p.interval().lower()) + ", "
        + Fmt.signed4(p.interval().upper()) + "]</span>";
  }

  private static void worse(StringBuilder out, PairedComparison p, Numbers numbers) {
    if (p.worse().isEmpty()) {
      out.append("<p class=\"muted\">No query got worse.</p>\n");
      return;
    }
    int shown = Math.min(CompareMarkdown.WORSE_SHOWN, p.worse().size());
    out.append("<p><span class=\"worse\">").append(p.worse().size()).append(p.worse().size() == 1 ? " query" : " queries")
        .append(" got worse</span>").append(shown < p.worse().size() ? "; the " + shown + " largest losses:" : ":").append("</p>\n");
    out.append("<table class=\"worse-list\">\n<tr><th class=\"id\">query</th><th class=\"id\">").append(Html.esc(p.baseline()))
        .append("</th><th class=\"id\">").append(Html.esc(p.system())).append("</th><th>Δ</th><th>first relevant rank</th></tr>\n");
    for (QueryDelta d : p.worse().subList(0, shown)) {
      out.append("<tr>");
      cells(out, p.measure(), d, numbers);
      out.append("</tr>\n");
    }
    out.append("</table>\n");
  }

  /** Every query of a pair: sortable, filterable, with each bar's number in the chart. */
  private static void perQuery(StringBuilder out, PairedComparison p, Numbers numbers, String id) {
    List<QueryDelta> bars = p.byDelta();
    Map<String, Integer> bar = new HashMap<>();
    for (int i = 0; i < bars.size(); i++) {
      bar.put(bars.get(i).query(), i + 1);
    }
    out.append("<details><summary>All ").append(p.deltas().size()).append(" queries (sortable: click a column)</summary>\n");
    TableScript.filter(out, id);
    out.append("<table class=\"queries sortable\" id=\"").append(id).append("\">\n<thead><tr><th class=\"id\">query</th><th class=\"id\">")
        .append(Html.esc(p.baseline())).append("</th><th class=\"id\">").append(Html.esc(p.system()))
        .append("</th><th>Δ</th><th>first relevant rank</th><th title=\"the bar's number in the chart above\">bar</th></tr></thead>\n<tbody>\n");
    for (QueryDelta d : p.deltas()) {
      out.append("<tr>");
      cells(out, p.measure(), d, numbers);
      int n = bar.get(d.query());
      out.append("<td data-v=\"").append(n).append("\">").append(n).append("</td></tr>\n");
    }
    out.append("</tbody>\n</table>\n</details>\n");
  }

  private static void cells(StringBuilder out, Measure m, QueryDelta d, Numbers numbers) {
    String cls = d.sign() < 0 ? " class=\"worse\"" : d.sign() > 0 ? " class=\"better\"" : "";
    out.append("<td class=\"id\">").append(Html.esc(d.query())).append("</td>").append(valueCell(m, d.baseline(), numbers))
        .append(valueCell(m, d.system(), numbers)).append("<td").append(cls).append(" data-v=\"").append(PyJson.repr(d.delta().decimal()))
        .append("\">").append(Html.esc(Fmt.signed(m, d.delta(), numbers))).append("</td><td data-v=\"")
        .append(d.systemRank() == null ? "" : d.systemRank()).append("\">")
        .append(d.baselineRank() == null && d.systemRank() == null ? "–" : Fmt.rank(d.baselineRank()) + " → " + Fmt.rank(d.systemRank()))
        .append("</td>");
  }

  /** A value's cell, with its number for sorting ({@code data-v}; empty for none). */
  static String valueCell(Measure m, Value v, Numbers numbers) {
    return "<td data-v=\"" + (v == null ? "" : PyJson.repr(v.decimal())) + "\">" + Html.esc(Fmt.value(m, v, numbers)) + "</td>";
  }

  /** The CSP source expression for a stylesheet: 'sha256-BASE64'. */
  static String sha256(String css) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(css.getBytes(StandardCharsets.UTF_8));
      return "sha256-" + Base64.getEncoder().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java platform", e);
    }
  }
}
