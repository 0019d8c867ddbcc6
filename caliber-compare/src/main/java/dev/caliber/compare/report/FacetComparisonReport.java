package dev.caliber.compare.report;

import dev.caliber.compare.FacetComparison;
import dev.caliber.compare.PairedComparison;
import dev.caliber.compare.Summary;
import dev.caliber.compare.report.MarkdownTable.Align;
import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.report.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The comparison per facet value ({@link FacetComparison}, {@code compare --facets}) in each
 * format: a section that the comparison's Markdown, HTML and LaTeX reports end with and JSON holds
 * under {@code facet_comparisons}, and a table of its own in CSV and TSV. Each row is one facet
 * value, measure and pair: its queries, Δ with its bootstrap interval, the randomization p-value,
 * Holm's p over the facet family, W/T/L; ▲ / ▼ where Holm's p is below α, as in the summary. HTML
 * adds a forest plot per facet and measure ({@link FacetCharts#forest}). IDs are escaped by each
 * format's rule; numbers are {@link Numbers}', but for the p-values of CSV and TSV, which keep every
 * digit (as JSON writes them). Computes nothing.
 */
public final class FacetComparisonReport {
  private static final List<String> HEADER = List.of("facet", "value", "queries", "measure", "baseline", "system",
      "baseline_mean", "system_mean", "delta", "ci_lower", "ci_upper", "p", "p_holm", "significant", "wins", "ties", "losses");

  private FacetComparisonReport() {}

  /**
   * The Markdown section: per facet a table of every value, measure and pair.
   *
   * @param f the comparison per facet value, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return the section, one level-3 heading per facet
   */
  public static String markdown(FacetComparison f, Numbers numbers) {
    StringBuilder out = new StringBuilder();
    for (FacetComparison.Facet facet : f.facets()) {
      out.append("### By facet: ").append(CompareMarkdown.esc(facet.name())).append("\n\n").append(words(f)).append("\n\n");
      MarkdownTable t = new MarkdownTable(List.of("value", "queries", "measure", "pair",
          "Δ [" + Fmt.percent(f.settings().confidence()) + "% CI]", "p (rand.)", "p Holm", "W/T/L"),
          List.of(Align.LEFT, Align.RIGHT, Align.LEFT, Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.CENTER));
      for (FacetComparison.FacetValue v : facet.values()) {
        for (PairedComparison p : v.comparisons()) {
          t.row(List.of(CompareMarkdown.esc(v.value()), Integer.toString(v.queries().size()), CompareMarkdown.esc(p.measure().name()),
              CompareMarkdown.esc(p.baseline()) + " → " + CompareMarkdown.esc(p.system()),
              CompareMarkdown.delta(p, numbers) + Fmt.mark(Summary.mark(p, f.settings().alpha())), CompareMarkdown.rand(p),
              Fmt.p(p.holmP()), wtl(p)));
        }
      }
      t.render(out);
      out.append('\n').append(legend(f)).append("\n\n");
    }
    return out.toString();
  }

  /**
   * The HTML section, which compare's page places after its own sections: per facet a forest plot
   * per measure and a table of every value, measure and pair.
   *
   * @param f the comparison per facet value, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return one {@code section} element per facet
   */
  public static String html(FacetComparison f, Numbers numbers) {
    StringBuilder out = new StringBuilder();
    int chart = 0;
    double alpha = f.settings().alpha();
    for (FacetComparison.Facet facet : f.facets()) {
      out.append("<section class=\"measure\">\n<h2>By facet: ").append(Html.esc(facet.name())).append("</h2>\n<p class=\"muted\">")
          .append(Html.esc(words(f))).append("</p>\n");
      List<PairedComparison> first = facet.values().get(0).comparisons();
      boolean severalPairs = first.stream().map(PairedComparison::measure).distinct().count() < first.size();
      for (Measure m : first.stream().map(PairedComparison::measure).distinct().toList()) {
        out.append("<h3>").append(Html.esc(m.name())).append(" per value of ").append(Html.esc(facet.name())).append("</h3>\n");
        out.append(FacetCharts.forest(facet, m, alpha, severalPairs, "facet-chart-" + ++chart)).append('\n');
      }
      out.append("<table class=\"overview\">\n<thead><tr><th class=\"id\">value</th><th>queries</th><th class=\"id\">measure</th>"
          + "<th class=\"id\">pair</th><th>Δ</th><th>").append(Fmt.percent(f.settings().confidence()))
          .append("% CI</th><th>p (rand.)</th><th>p Holm</th><th>W/T/L</th></tr></thead>\n<tbody>\n");
      for (FacetComparison.FacetValue v : facet.values()) {
        for (PairedComparison p : v.comparisons()) {
          Summary.Mark mark = Summary.mark(p, alpha);
          out.append("<tr><td class=\"id\">").append(Html.esc(v.value())).append("</td><td>").append(v.queries().size())
              .append("</td><td class=\"id\">").append(Html.esc(p.measure().name())).append("</td><td class=\"id\">")
              .append(Html.esc(p.baseline())).append(" → ").append(Html.esc(p.system())).append("</td><td")
              .append(mark == Summary.Mark.BETTER ? " class=\"better-mark\"" : mark == Summary.Mark.WORSE ? " class=\"worse-mark\"" : "")
              .append(">").append(Html.esc(Fmt.signed(p.meanDelta(), numbers) + Fmt.mark(mark))).append("</td><td class=\"ci\">")
              .append(p.interval() == null ? "–" : "[" + Fmt.signed4(p.interval().lower()) + ", " + Fmt.signed4(p.interval().upper()) + "]")
              .append("</td><td>").append(Html.esc(CompareMarkdown.rand(p))).append("</td><td>").append(Fmt.p(p.holmP()))
              .append("</td><td>").append(wtl(p)).append("</td></tr>\n");
        }
      }
      out.append("</tbody>\n</table>\n<p class=\"muted\">").append(Html.esc(legend(f))).append("</p>\n</section>\n");
    }
    return out.toString();
  }

  /**
   * The LaTeX table (booktabs): one row per facet value, measure and pair, the family in the
   * caption.
   *
   * @param f the comparison per facet value, not null
   * @param numbers decimals, or exact fractions where a value is exact (in math mode)
   * @return one {@code table} environment
   */
  public static String latex(FacetComparison f, Numbers numbers) {
    StringBuilder out = new StringBuilder();
    out.append("\\begin{table}\n\\centering\n\\caption{Paired comparison per facet value: each value's queries alone. ")
        .append(Fmt.percent(f.settings().confidence())).append("\\% percentile bootstrap CI; $p$: randomization test; "
            + "$p_{\\mathrm{Holm}}$: Holm--Bonferroni over the ").append(Fmt.count(f.family(), "comparison", "comparisons"))
        .append(" of every facet value (measure $\\times$ pair $\\times$ value), apart from the overall comparison's.}\n");
    out.append("\\begin{tabular}{llrlllrrrrc}\n\\toprule\n");
    out.append("Facet & Value & $n$ & Measure & Baseline & System & $\\Delta$ & CI & $p$ & $p_{\\mathrm{Holm}}$ & W/T/L \\\\\n\\midrule\n");
    boolean first = true;
    for (FacetComparison.Facet facet : f.facets()) {
      out.append(first ? "" : "\\addlinespace\n");
      first = false;
      for (FacetComparison.FacetValue v : facet.values()) {
        for (PairedComparison p : v.comparisons()) {
          out.append(CompareLatex.esc(facet.name())).append(" & ").append(CompareLatex.esc(v.value())).append(" & ")
              .append(v.queries().size()).append(" & ").append(CompareLatex.esc(p.measure().name())).append(" & ")
              .append(CompareLatex.esc(p.baseline())).append(" & ").append(CompareLatex.esc(p.system())).append(" & ")
              .append(CompareLatex.num(Fmt.signed(p.meanDelta(), numbers))).append(" & ")
              .append(p.interval() == null ? "--" : "[" + CompareLatex.num(Fmt.signed4(p.interval().lower())) + ", "
                  + CompareLatex.num(Fmt.signed4(p.interval().upper())) + "]")
              .append(" & ").append(CompareLatex.num(Fmt.p(p.randomization() == null ? null : p.randomization().p())))
              .append(" & ").append(CompareLatex.num(Fmt.p(p.holmP()))).append(" & ").append(wtl(p)).append(" \\\\\n");
        }
      }
    }
    out.append("\\bottomrule\n\\end{tabular}\n\\end{table}\n");
    return out.toString();
  }

  /**
   * The CSV table (RFC 4180, CRLF), IDs neutralised for spreadsheets unless {@code raw}.
   *
   * @param f the comparison per facet value, not null
   * @param raw whether IDs are written as they are
   * @param numbers decimals, or exact fractions where a value is exact
   * @return the header, then one row per facet value, measure and pair
   */
  public static String csv(FacetComparison f, boolean raw, Numbers numbers) {
    return table(f, true, !raw, numbers);
  }

  /**
   * The TSV table (LF; fields escaped as every TSV caliber writes).
   *
   * @param f the comparison per facet value, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return the header, then one row per facet value, measure and pair
   */
  public static String tsv(FacetComparison f, Numbers numbers) {
    return table(f, false, false, numbers);
  }

  /**
   * The JSON data: the declared family, the file's queries outside the query set, then each facet's
   * values, each with its number of queries and its comparisons, written as the overall ones are
   * but without the per-query lists (the overall comparison holds every query's delta).
   *
   * @param f the comparison per facet value, not null
   * @return a new ordered map for {@code facet_comparisons}
   */
  public static Map<String, Object> toData(FacetComparison f) {
    Map<String, Object> data = new LinkedHashMap<>();
    Map<String, Object> declared = new LinkedHashMap<>();
    declared.put("queries", "per facet value, the queries of the query set with that value; statistics as in comparisons,"
        + " from the same settings, over those queries alone");
    declared.put("correction", "Holm-Bonferroni over every measure x pair x facet value with at least one paired query,"
        + " apart from the overall comparisons' family");
    declared.put("m", f.family());
    data.put("declared", declared);
    data.put("outside_query_set", f.outside());
    Map<String, Object> facets = new LinkedHashMap<>();
    for (FacetComparison.Facet facet : f.facets()) {
      List<Object> values = new ArrayList<>();
      for (FacetComparison.FacetValue v : facet.values()) {
        Map<String, Object> one = new LinkedHashMap<>();
        one.put("value", v.value());
        one.put("queries", v.queries().size());
        List<Object> comparisons = new ArrayList<>();
        for (PairedComparison p : v.comparisons()) {
          Map<String, Object> c = CompareJson.comparison(p);
          c.remove("worse_queries");
          c.remove("per_query");
          comparisons.add(c);
        }
        one.put("comparisons", comparisons);
        values.add(one);
      }
      facets.put(facet.name(), values);
    }
    data.put("facets", facets);
    return data;
  }

  private static String table(FacetComparison f, boolean csv, boolean safe, Numbers numbers) {
    StringBuilder out = new StringBuilder();
    CompareTable.line(out, HEADER, csv);
    for (FacetComparison.Facet facet : f.facets()) {
      for (FacetComparison.FacetValue v : facet.values()) {
        for (PairedComparison p : v.comparisons()) {
          boolean none = p.meanDelta() == null;
          CompareTable.line(out, List.of(CompareTable.id(facet.name(), safe), CompareTable.id(v.value(), safe),
              Integer.toString(v.queries().size()), CompareTable.id(p.measure().name(), safe), CompareTable.id(p.baseline(), safe),
              CompareTable.id(p.system(), safe), none ? "" : numbers.value(p.measure(), p.baselineMean()),
              none ? "" : numbers.value(p.measure(), p.systemMean()), none ? "" : numbers.signed(p.measure(), p.meanDelta()),
              none ? "" : Numbers.signed(p.interval().lower()), none ? "" : Numbers.signed(p.interval().upper()),
              none ? "" : PyJson.repr(p.randomization().p()), none ? "" : PyJson.repr(p.holmP()),
              Boolean.toString(Summary.mark(p, f.settings().alpha()) != Summary.Mark.NONE), Integer.toString(p.wins()),
              Integer.toString(p.ties()), Integer.toString(p.losses())), csv);
        }
      }
    }
    return out.toString();
  }

  private static String wtl(PairedComparison p) {
    return p.wins() + "/" + p.ties() + "/" + p.losses();
  }

  private static String words(FacetComparison f) {
    return "Each value's queries compared alone: Δ = system − baseline, " + Fmt.percent(f.settings().confidence())
        + "% bootstrap interval, randomization test, and Holm's correction over the " + Fmt.count(f.family(), "comparison",
        "comparisons") + " of every facet value (measure x pair x value), apart from the overall comparison's."
        + (f.outside() > 0 ? " " + Fmt.count(f.outside(), "query", "queries") + " of the facet file outside the query set, not"
        + " compared." : "");
  }

  private static String legend(FacetComparison f) {
    return "▲ / ▼: significantly better / worse than the baseline over the value's queries (p Holm < "
        + Fmt.alpha(f.settings().alpha()) + "). A value of few queries is a small sample: read its interval before its mark.";
  }
}
