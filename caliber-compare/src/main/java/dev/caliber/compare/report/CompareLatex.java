package dev.caliber.compare.report;

import dev.caliber.compare.Comparison;
import dev.caliber.compare.PairedComparison;
import dev.caliber.measure.Measure;
import dev.caliber.report.Numbers;
import dev.caliber.report.UnsafeCharacters;

/**
 * The summary as a LaTeX table for a paper: one row per measure and pair, booktabs rules
 * (the booktabs package in the preamble), the declared statistics in the caption. Run
 * names and measure names are escaped: {@code \ { } $ & # ^ _ % ~ < > |} become their text
 * commands, line breaks spaces. Computes nothing.
 */
public final class CompareLatex {
  private CompareLatex() {}

  /**
   * The LaTeX text, with decimals: a {@code table} environment.
   *
   * @param c the comparison, not null
   * @return two comment lines (the fingerprint, the booktabs requirement) and the {@code table}
   *     environment, to {@code \input} into a document
   */
  public static String render(Comparison c) {
    return render(c, Numbers.DECIMAL);
  }

  /**
   * The LaTeX text: a {@code table} environment.
   *
   * @param c the comparison, not null
   * @param numbers decimals, or exact fractions where a value is exact (in math mode: {@code $5/6$})
   * @return two comment lines (the fingerprint, the booktabs requirement) and the {@code table}
   *     environment, to {@code \input} into a document
   */
  public static String render(Comparison c, Numbers numbers) {
    return render(c, numbers, null);
  }

  /**
   * The LaTeX text, with the test split's looks in the caption when a history counted them.
   *
   * @param c the comparison, not null
   * @param numbers decimals, or exact fractions where a value is exact (in math mode: {@code $5/6$})
   * @param looks how often the test split has been looked at under the protocol (a history's
   *     count), the caption's last sentence; null without a history
   * @return two comment lines (the fingerprint, the booktabs requirement) and the {@code table}
   *     environment, to {@code \input} into a document
   */
  public static String render(Comparison c, Numbers numbers, TestLooks looks) {
    StringBuilder out = new StringBuilder();
    out.append("% caliber compare; protocol_sha256 ").append(c.protocolSha256()).append("\n");
    out.append("% requires \\usepackage{booktabs}\n");
    out.append("\\begin{table}\n\\centering\n");
    out.append("\\caption{Paired comparison over ").append(c.protocol().querySet().size()).append(" queries (")
        .append(esc(c.protocol().querySetSource())).append("). $\\Delta$ = system $-$ baseline per query; ")
        .append(Fmt.percent(c.settings().confidence())).append("\\% percentile bootstrap CI (")
        .append(c.settings().resamples()).append(" resamples); $p$: two-sided paired randomization test (")
        .append(c.settings().permutations()).append(" sign flips, or all $2^n$ when fewer; exact ones marked *); $p_{\\mathrm{Holm}}$: Holm--Bonferroni over ")
        .append(Fmt.count(c.holmFamilySize(), "comparison", "comparisons")).append("; $p_t$: paired $t$-test; $d_z$: mean $\\Delta$ / sd($\\Delta$); seed ")
        .append(c.settings().seed()).append(".")
        .append(c.settings().groups() == null ? "" : " Bootstrap and randomization test resample query groups ("
            + Declared.groups(c, CompareLatex::esc) + ").")
        .append(c.protocol().labelSources().isEmpty() ? ""
            : " Labels by source: " + ReportBlocks.labelSources(c.protocol(), CompareLatex::esc) + ".")
        .append(looks == null ? "" : " Test split " + esc(looks.words()) + ".").append("}\n");
    out.append("\\begin{tabular}{lllrrrrrrrrc}\n\\toprule\n");
    out.append("Measure & Baseline & System & Base. & Sys. & $\\Delta$ & CI & $p$ & $p_{\\mathrm{Holm}}$ & $p_t$ & $d_z$ & W/T/L \\\\\n");
    out.append("\\midrule\n");
    boolean first = true;
    for (Measure m : c.measures()) {
      if (!first) {
        out.append("\\addlinespace\n");
      }
      first = false;
      for (PairedComparison p : c.comparisons(m)) {
        out.append(esc(m.name())).append(" & ").append(esc(p.baseline())).append(" & ").append(esc(p.system())).append(" & ")
            .append(num(Fmt.value(p.baselineMean(), numbers))).append(" & ").append(num(Fmt.value(p.systemMean(), numbers))).append(" & ")
            .append(p.meanDelta() == null ? "--" : num(Fmt.signed(p.meanDelta(), numbers))).append(" & ")
            .append(p.interval() == null ? "--" : "[" + num(Fmt.signed4(p.interval().lower())) + ", " + num(Fmt.signed4(p.interval().upper())) + "]")
            .append(" & ").append(p.randomization() == null ? "--" : num(Fmt.p(p.randomization().p())) + (p.randomization().exact() ? "*" : ""))
            .append(" & ").append(p.holmP() == null ? "--" : num(Fmt.p(p.holmP())))
            .append(" & ").append(p.tTest().defined() ? num(Fmt.p(p.tTest().p())) : "--")
            .append(" & ").append(p.effectSize().dz() == null ? "--" : num(Fmt.signed4(p.effectSize().dz())))
            .append(" & ").append(p.wins()).append("/").append(p.ties()).append("/").append(p.losses()).append(" \\\\\n");
      }
    }
    out.append("\\bottomrule\n\\end{tabular}\n\\end{table}\n");
    return out.toString();
  }

  /** A number in math mode so minus signs are minus signs; {@code < 0.0001} as {@code $<0.0001$}. */
  static String num(String s) {
    return s.equals("–") ? "--" : "$" + s + "$";
  }

  /** Escapes LaTeX's special characters in text. */
  static String esc(String s) {
    StringBuilder out = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      switch (ch) {
        case '\\' -> out.append("\\textbackslash{}");
        case '{' -> out.append("\\{");
        case '}' -> out.append("\\}");
        case '$' -> out.append("\\$");
        case '&' -> out.append("\\&");
        case '#' -> out.append("\\#");
        case '_' -> out.append("\\_");
        case '%' -> out.append("\\%");
        case '^' -> out.append("\\textasciicircum{}");
        case '~' -> out.append("\\textasciitilde{}");
        case '<' -> out.append("\\textless{}");
        case '>' -> out.append("\\textgreater{}");
        case '|' -> out.append("\\textbar{}");
        // TeX's ligatures would change a name as typeset: -- and --- are dashes, `` and '' curly
        // quotes, ,, a low quote (T1), !` and ?` inverted marks; a group or a named glyph breaks each
        case '`' -> out.append("\\textasciigrave{}");
        case '\'' -> out.append("\\textquotesingle{}");
        case '-', ',' -> out.append(ch).append(i + 1 < s.length() && s.charAt(i + 1) == ch ? "{}" : "");
        default -> {
          if (UnsafeCharacters.isUnsafe(ch)) {
            out.append(UnsafeCharacters.shown(ch)); // shown, never obeyed; two IDs differing in one never read alike
          } else {
            out.append(ch);
          }
        }
      }
    }
    return out.toString();
  }
}
