package dev.caliber.compare.report;

import dev.caliber.compare.MultipleComparison;
import dev.caliber.compare.report.MarkdownTable.Align;
import dev.caliber.compare.stats.AnovaResult;
import dev.caliber.json.PyJson;
import dev.caliber.report.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every run at once (ANOVA and randomised Tukey HSD, {@link MultipleComparison}) in each format:
 * a section that the comparison's Markdown, HTML and LaTeX reports end with and JSON holds under
 * {@code multiple_comparisons}, and a table of its own in CSV and TSV. Markdown and HTML show a
 * significance matrix, runs x runs: ▲ where the row's run is significantly better than the
 * column's (p &lt; α), ▼ where it is worse. IDs are escaped by each format's rule ({@link
 * CompareMarkdown#esc}, {@link Html#esc}, {@link CompareLatex#esc}, {@link CompareTable}); numbers
 * are {@link Numbers}', but for the p-values of CSV and TSV, which keep every digit (as JSON
 * writes them) so that no p below 0.0001 reads as a string. Computes nothing.
 */
public final class MultipleComparisonReport {
  private static final List<String> HEADER = List.of("measure", "kind", "a", "b", "mean_a", "mean_b", "difference", "p",
      "significant", "effect_size", "ss", "df", "ms", "f", "eta_squared", "partial_eta_squared", "omega_squared");

  private MultipleComparisonReport() {}

  /**
   * The Markdown section: per measure the ANOVA table, the significance matrix and every pair.
   *
   * @param tests one per measure, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return the section, starting with a level-3 heading
   */
  public static String markdown(List<MultipleComparison> tests, Numbers numbers) {
    StringBuilder out = new StringBuilder();
    for (MultipleComparison t : tests) {
      out.append("### All runs at once: ").append(CompareMarkdown.esc(t.measure().name())).append("\n\n");
      out.append(words(t)).append("\n\n");
      if (t.pairs().isEmpty()) {
        continue;
      }
      if (t.anova() != null) {
        MarkdownTable a = new MarkdownTable(List.of("source", "SS", "df", "MS", "F", "p"),
            List.of(Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT));
        for (String[] row : anovaRows(t.anova())) {
          a.row(List.of(row[0], row[1], row[2], row[3], row[4], row[5]));
        }
        a.render(out);
        out.append('\n').append(effects(t.anova())).append("\n\n");
      }
      List<String> header = new ArrayList<>(List.of("run", "mean"));
      List<Align> aligns = new ArrayList<>(List.of(Align.LEFT, Align.RIGHT));
      for (int j = 0; j < t.runs().size(); j++) {
        header.add(Integer.toString(j + 1));
        aligns.add(Align.CENTER);
      }
      MarkdownTable m = new MarkdownTable(header, aligns);
      for (int i = 0; i < t.runs().size(); i++) {
        List<String> cells = new ArrayList<>(List.of((i + 1) + " " + CompareMarkdown.esc(t.runs().get(i)),
            Fmt.value(t.means().get(i), numbers)));
        for (int j = 0; j < t.runs().size(); j++) {
          cells.add(mark(t, i, j));
        }
        m.row(cells);
      }
      m.render(out);
      out.append('\n').append(legend(t)).append("\n\n");
      MarkdownTable p = new MarkdownTable(List.of("a", "b", "mean a", "mean b", "difference", "p (HSD)", "ES"),
          List.of(Align.LEFT, Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT));
      for (MultipleComparison.Pair pair : t.pairs()) {
        p.row(List.of(CompareMarkdown.esc(pair.a()), CompareMarkdown.esc(pair.b()), Fmt.value(pair.meanA(), numbers),
            Fmt.value(pair.meanB(), numbers), Fmt.signed(pair.difference(), numbers) + (pair.significant() ? " *" : ""),
            Fmt.p(pair.p()), es(pair)));
      }
      p.render(out);
      out.append("\n*: p (HSD) < ").append(alpha(t)).append(". ES: difference / √V_E.\n\n");
    }
    return out.toString();
  }

  /**
   * The HTML section, which compare's page places after its own sections ({@link CompareHtml#render(dev.caliber.compare.Comparison, Numbers, TestLooks, String)}).
   *
   * @param tests one per measure, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return one {@code section} element per measure
   */
  public static String html(List<MultipleComparison> tests, Numbers numbers) {
    StringBuilder out = new StringBuilder();
    for (MultipleComparison t : tests) {
      out.append("<section class=\"measure\">\n<h2>All runs at once: ").append(Html.esc(t.measure().name())).append("</h2>\n");
      out.append("<p class=\"muted\">").append(Html.esc(words(t))).append("</p>\n");
      if (t.pairs().isEmpty()) {
        out.append("</section>\n");
        continue;
      }
      if (t.anova() != null) {
        out.append("<table class=\"overview\">\n<thead><tr><th class=\"id\">source</th><th>SS</th><th>df</th><th>MS</th><th>F</th>"
            + "<th>p</th></tr></thead>\n<tbody>\n");
        for (String[] row : anovaRows(t.anova())) {
          out.append("<tr><td class=\"id\">").append(row[0]).append("</td>");
          for (int c = 1; c < 6; c++) {
            out.append("<td>").append(Html.esc(row[c])).append("</td>");
          }
          out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n<p class=\"muted\">").append(Html.esc(effects(t.anova()))).append("</p>\n");
      }
      out.append("<table class=\"overview\">\n<thead><tr><th class=\"id\">run</th><th>mean</th>");
      for (int j = 0; j < t.runs().size(); j++) {
        out.append("<th title=\"").append(Html.esc(t.runs().get(j))).append("\">").append(j + 1).append("</th>");
      }
      out.append("</tr></thead>\n<tbody>\n");
      for (int i = 0; i < t.runs().size(); i++) {
        out.append("<tr><td class=\"id\">").append(i + 1).append(" ").append(Html.esc(t.runs().get(i))).append("</td><td>")
            .append(Html.esc(Fmt.value(t.means().get(i), numbers))).append("</td>");
        for (int j = 0; j < t.runs().size(); j++) {
          String mark = mark(t, i, j);
          out.append(mark.equals("▲") ? "<td class=\"better-mark\">" : mark.equals("▼") ? "<td class=\"worse-mark\">" : "<td>")
              .append(mark).append("</td>");
        }
        out.append("</tr>\n");
      }
      out.append("</tbody>\n</table>\n<p class=\"muted\">").append(Html.esc(legend(t))).append("</p>\n");
      out.append("<table class=\"overview\">\n<thead><tr><th class=\"id\">a</th><th class=\"id\">b</th><th>mean a</th><th>mean b</th>"
          + "<th>difference</th><th>p (HSD)</th><th>ES</th></tr></thead>\n<tbody>\n");
      for (MultipleComparison.Pair pair : t.pairs()) {
        out.append("<tr><td class=\"id\">").append(Html.esc(pair.a())).append("</td><td class=\"id\">").append(Html.esc(pair.b()))
            .append("</td><td>").append(Html.esc(Fmt.value(pair.meanA(), numbers))).append("</td><td>")
            .append(Html.esc(Fmt.value(pair.meanB(), numbers))).append("</td><td")
            .append(pair.significant() ? pair.difference().decimal() > 0 ? " class=\"better-mark\"" : " class=\"worse-mark\"" : "")
            .append(">").append(Html.esc(Fmt.signed(pair.difference(), numbers))).append("</td><td>").append(Html.esc(Fmt.p(pair.p())))
            .append("</td><td>").append(Html.esc(es(pair))).append("</td></tr>\n");
      }
      out.append("</tbody>\n</table>\n</section>\n");
    }
    return out.toString();
  }

  /**
   * The LaTeX tables: per measure the ANOVA table (booktabs), with the Tukey HSD settings in its
   * caption; the pairs are in the other formats.
   *
   * @param tests one per measure, not null
   * @return one {@code table} environment per measure with an ANOVA
   */
  public static String latex(List<MultipleComparison> tests) {
    StringBuilder out = new StringBuilder();
    for (MultipleComparison t : tests) {
      if (t.anova() == null) {
        continue;
      }
      long significant = t.pairs().stream().filter(MultipleComparison.Pair::significant).count();
      out.append("\\begin{table}\n\\centering\n\\caption{Two-way ANOVA without replication (run $\\times$ query), ")
          .append(CompareLatex.esc(t.measure().name())).append(", ").append(t.runs().size()).append(" runs, ")
          .append(t.queries().size()).append(" queries. ").append(CompareLatex.esc(effects(t.anova())))
          .append(" Randomised Tukey HSD: ").append(significant).append(" of ").append(t.pairs().size())
          .append(" pairs differ at $\\alpha = ").append(alpha(t)).append("$ (").append(t.permutations())
          .append(t.exact() ? " assignments, all enumerated" : " permutations").append(").}\n");
      out.append("\\begin{tabular}{lrrrrr}\n\\toprule\nSource & SS & df & MS & $F$ & $p$ \\\\\n\\midrule\n");
      for (String[] row : anovaRows(t.anova())) {
        out.append(row[0]);
        for (int c = 1; c < 6; c++) {
          out.append(" & ").append(row[c].equals("–") ? "--" : "$" + row[c] + "$");
        }
        out.append(" \\\\\n");
      }
      out.append("\\bottomrule\n\\end{tabular}\n\\end{table}\n");
    }
    return out.toString();
  }

  /**
   * The CSV table (RFC 4180, CRLF), IDs neutralised for spreadsheets unless {@code raw}.
   *
   * @param tests one per measure, not null
   * @param raw whether IDs are written as they are
   * @param numbers decimals, or exact fractions where a value is exact
   * @return the header, then per measure one {@code anova} row per source and one {@code tukey}
   *     row per pair
   */
  public static String csv(List<MultipleComparison> tests, boolean raw, Numbers numbers) {
    return table(tests, true, !raw, numbers);
  }

  /**
   * The TSV table (LF; fields escaped as every TSV caliber writes).
   *
   * @param tests one per measure, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return the header, then per measure one {@code anova} row per source and one {@code tukey}
   *     row per pair
   */
  public static String tsv(List<MultipleComparison> tests, Numbers numbers) {
    return table(tests, false, false, numbers);
  }

  /**
   * The JSON data: the declared methods, then one object per measure.
   *
   * @param tests one per measure, not null
   * @return a new ordered map, {@code declared} and {@code measures}, for {@code
   *     multiple_comparisons}
   */
  public static Map<String, Object> toData(List<MultipleComparison> tests) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("declared", declared());
    List<Map<String, Object>> out = new ArrayList<>();
    data.put("measures", out);
    for (MultipleComparison t : tests) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("measure", t.measure().name());
      m.put("runs", t.runs());
      m.put("queries", t.queries().size());
      m.put("means", t.means().stream().map(CompareJson::value).toList());
      m.put("alpha", t.alpha());
      Map<String, Object> a = null;
      if (t.anova() != null) {
        AnovaResult r = t.anova();
        a = new LinkedHashMap<>();
        a.put("ss_system", r.ssSystem());
        a.put("ss_topic", r.ssTopic());
        a.put("ss_error", r.ssError());
        a.put("ss_total", r.ssTotal());
        a.put("df_system", r.dfSystem());
        a.put("df_topic", r.dfTopic());
        a.put("df_error", r.dfError());
        a.put("df_total", r.dfTotal());
        a.put("ms_system", r.msSystem());
        a.put("ms_topic", r.msTopic());
        a.put("ms_error", r.msError());
        a.put("f_system", r.fSystem());
        a.put("f_topic", r.fTopic());
        a.put("p_system", r.pSystem());
        a.put("p_topic", r.pTopic());
        a.put("eta_squared", r.etaSquared());
        a.put("partial_eta_squared", r.partialEtaSquared());
        a.put("omega_squared", r.omegaSquared());
        a.put("undefined", r.undefinedReason());
      }
      m.put("anova", a);
      Map<String, Object> hsd = new LinkedHashMap<>();
      hsd.put("permutations", t.permutations());
      hsd.put("exact", t.exact());
      List<Map<String, Object>> pairs = new ArrayList<>();
      for (MultipleComparison.Pair p : t.pairs()) {
        Map<String, Object> q = new LinkedHashMap<>();
        q.put("a", p.a());
        q.put("b", p.b());
        q.put("mean_a", CompareJson.value(p.meanA()));
        q.put("mean_b", CompareJson.value(p.meanB()));
        q.put("difference", CompareJson.value(p.difference()));
        q.put("difference_decimal", p.difference().decimal());
        q.put("p", p.p());
        q.put("significant", p.significant());
        q.put("effect_size", p.effectSize());
        pairs.add(q);
      }
      hsd.put("pairs", pairs);
      m.put("tukey_hsd", hsd);
      out.add(m);
    }
    return data;
  }

  /** The JSON's declared method, in words. */
  static Map<String, Object> declared() {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("queries", "those where every run has a value");
    d.put("anova", "two-way without replication (run x query); F p-values from the F distribution's upper tail;"
        + " eta^2 = SS_system / SS_total, partial eta^2 = SS_system / (SS_system + SS_error),"
        + " omega^2 = (SS_system - df_system MS_error) / (SS_total + MS_error)");
    d.put("tukey_hsd", "randomised Tukey HSD: values permuted among runs within each query; statistic max - min of the run means;"
        + " p = (hits + 1) / (permutations + 1), or hits / (k!)^n when every assignment is enumerated; significant when p < alpha");
    d.put("effect_size", "(mean_a - mean_b) / sqrt(MS_error)");
    d.put("rng", "a generator from the seed for each measure's test");
    return d;
  }

  private static String table(List<MultipleComparison> tests, boolean csv, boolean safe, Numbers numbers) {
    StringBuilder out = new StringBuilder();
    CompareTable.line(out, HEADER, csv);
    for (MultipleComparison t : tests) {
      String measure = CompareTable.id(t.measure().name(), safe);
      if (t.anova() != null) {
        AnovaResult a = t.anova();
        List<String[]> rows = anovaRows(a);
        for (int r = 0; r < rows.size(); r++) {
          String[] row = rows.get(r);
          boolean system = r == 0;
          Double pv = r == 0 ? a.pSystem() : r == 1 ? a.pTopic() : null;
          CompareTable.line(out, List.of(measure, "anova", row[0], "", "", "", "", pv == null ? "" : PyJson.repr(pv), "", "", row[1], row[2], blank(row[3]),
              blank(row[4]), system ? opt(a.etaSquared()) : "", system ? opt(a.partialEtaSquared()) : "",
              system ? opt(a.omegaSquared()) : ""), csv);
        }
      }
      for (MultipleComparison.Pair p : t.pairs()) {
        CompareTable.line(out, List.of(measure, "tukey", CompareTable.id(p.a(), safe), CompareTable.id(p.b(), safe), numbers.value(p.meanA()),
            numbers.value(p.meanB()), numbers.signed(p.difference()), PyJson.repr(p.p()), Boolean.toString(p.significant()),
            p.effectSize() == null ? "" : Numbers.signed(p.effectSize()), "", "", "", "", "", "", ""), csv);
      }
    }
    return out.toString();
  }

  /** source, SS, df, MS, F, p per row: system, topic (query), error, total; dashes where none. */
  private static List<String[]> anovaRows(AnovaResult a) {
    return List.of(
        new String[] {"run", Numbers.decimal(a.ssSystem()), Integer.toString(a.dfSystem()), Numbers.decimal(a.msSystem()),
            opt(a.fSystem()), a.pSystem() == null ? "–" : Numbers.p(a.pSystem())},
        new String[] {"query", Numbers.decimal(a.ssTopic()), Integer.toString(a.dfTopic()), Numbers.decimal(a.msTopic()),
            opt(a.fTopic()), a.pTopic() == null ? "–" : Numbers.p(a.pTopic())},
        new String[] {"error", Numbers.decimal(a.ssError()), Integer.toString(a.dfError()), Numbers.decimal(a.msError()), "–", "–"},
        new String[] {"total", Numbers.decimal(a.ssTotal()), Integer.toString(a.dfTotal()), "–", "–", "–"});
  }

  private static String opt(Double d) {
    return d == null ? "–" : Numbers.decimal(d);
  }

  private static String blank(String s) {
    return s.equals("–") ? "" : s;
  }

  private static String effects(AnovaResult a) {
    return "Run effect: η² = " + opt(a.etaSquared()) + ", partial η² = " + opt(a.partialEtaSquared()) + ", ω² = "
        + opt(a.omegaSquared()) + "." + (a.undefinedReason() == null ? "" : " F undefined: " + a.undefinedReason() + ".");
  }

  private static String words(MultipleComparison t) {
    if (t.pairs().isEmpty()) {
      return "No query has a value in every run: nothing to test.";
    }
    long significant = t.pairs().stream().filter(MultipleComparison.Pair::significant).count();
    return t.runs().size() + " runs over the " + Fmt.count(t.queries().size(), "query", "queries")
        + " where every run has a value. Randomised Tukey HSD ("
        + (t.exact() ? "all " + t.permutations() + " within-query permutations enumerated" : t.permutations()
        + " random within-query permutations, p = (hits + 1) / (permutations + 1)") + "): " + significant + " of "
        + Fmt.count(t.pairs().size(), "pair", "pairs") + " differ at α = " + alpha(t) + "."
        + (t.anova() == null ? " One query: no ANOVA." : "");
  }

  private static String legend(MultipleComparison t) {
    return "▲ / ▼: the row's run is significantly better / worse than the column's (randomised Tukey HSD, p < " + alpha(t)
        + "); columns are numbered as the rows.";
  }

  /** ▲, ▼, a dot (no significant difference) or a dash on the diagonal. */
  private static String mark(MultipleComparison t, int i, int j) {
    if (i == j) {
      return "–";
    }
    MultipleComparison.Pair p = t.pair(t.runs().get(i), t.runs().get(j));
    if (!p.significant()) {
      return "·";
    }
    double rowMinusColumn = p.a().equals(t.runs().get(i)) ? p.difference().decimal() : -p.difference().decimal();
    return rowMinusColumn > 0 ? "▲" : "▼";
  }

  private static String es(MultipleComparison.Pair p) {
    return p.effectSize() == null ? "–" : Numbers.signed(p.effectSize());
  }

  /** α as the confidence was given: 0.05, not 0.050000000000000044. */
  private static String alpha(MultipleComparison t) {
    return Fmt.alpha(t.alpha());
  }
}
