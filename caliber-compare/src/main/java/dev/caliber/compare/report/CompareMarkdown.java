package dev.caliber.compare.report;

import dev.caliber.compare.Comparison;
import dev.caliber.compare.PairedComparison;
import dev.caliber.compare.QueryDelta;
import dev.caliber.measure.Measure;
import java.util.List;

/**
 * The comparison as GitHub-flavoured Markdown, to paste into a pull request: what was compared
 * and how, then per measure a summary table (baseline mean, system mean, Δ with its interval,
 * p (rand.), p Holm, p (t), d_z, W/T/L) and the queries that got worse, largest loss first (the
 * first {@value #WORSE_SHOWN}; the JSON and CSV outputs hold all).
 *
 * <p>Run and query IDs come from files: every ASCII punctuation character in them is
 * backslash-escaped (CommonMark allows that for any of them), so an ID cannot open a link, a
 * tag, emphasis or a table cell; line breaks become spaces. Computes nothing.
 */
public final class CompareMarkdown {
  /** How many worse queries each pair lists. */
  public static final int WORSE_SHOWN = 10;

  private CompareMarkdown() {}

  /**
   * The Markdown text.
   *
   * @param c the comparison, not null
   * @return the report, starting with a level-2 heading so that it nests in a pull request
   */
  public static String render(Comparison c) {
    StringBuilder out = new StringBuilder();
    out.append("## caliber compare\n\n");
    out.append("Protocol `").append(c.protocolSha256()).append("`: ").append(esc(c.protocol().querySetSource())).append(", ")
        .append(c.protocol().querySet().size()).append(" queries. Runs: ");
    List<String> names = c.runNames();
    for (int i = 0; i < names.size(); i++) {
      out.append(i == 0 ? "" : ", ").append(esc(names.get(i))).append(names.get(i).equals(c.baseline()) ? " (baseline)" : "");
    }
    out.append(c.baseline() == null ? "; all pairs, the run given first is each pair's baseline.\n\n" : ".\n\n");
    for (String[] line : Declared.lines(c)) {
      out.append("- **").append(line[0]).append("**: ").append(line[1]).append('\n');
    }
    out.append('\n');
    for (Measure m : c.measures()) {
      measure(out, c, m);
    }
    return out.toString();
  }

  private static void measure(StringBuilder out, Comparison c, Measure m) {
    out.append("### ").append(esc(m.name())).append("\n\n");
    out.append("| baseline | system | baseline mean | system mean | Δ [").append(Fmt.percent(c.settings().confidence()))
        .append("% CI] | p (rand.) | p Holm | p (t) | d_z | W/T/L |\n");
    out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |\n");
    for (PairedComparison p : c.comparisons(m)) {
      out.append("| ").append(esc(p.baseline())).append(" | ").append(esc(p.system())).append(" | ")
          .append(Fmt.value(p.baselineMean())).append(" | ").append(Fmt.value(p.systemMean())).append(" | ")
          .append(delta(p)).append(" | ").append(rand(p)).append(" | ").append(Fmt.p(p.holmP())).append(" | ")
          .append(p.tTest().defined() ? Fmt.p(p.tTest().p()) : "undefined").append(" | ")
          .append(p.effectSize().dz() == null ? "undefined" : Fmt.signed4(p.effectSize().dz())).append(" | ")
          .append(p.wins()).append("/").append(p.ties()).append("/").append(p.losses()).append(" |\n");
    }
    out.append('\n');
    for (PairedComparison p : c.comparisons(m)) {
      worse(out, p);
    }
  }

  static String delta(PairedComparison p) {
    if (p.meanDelta() == null) {
      return "–";
    }
    return Fmt.signed4(p.meanDelta().decimal()) + " [" + Fmt.signed4(p.interval().lower()) + ", "
        + Fmt.signed4(p.interval().upper()) + "]";
  }

  static String rand(PairedComparison p) {
    if (p.randomization() == null) {
      return "–";
    }
    return Fmt.p(p.randomization().p()) + (p.randomization().exact() ? " (exact)" : "");
  }

  private static void worse(StringBuilder out, PairedComparison p) {
    out.append("**Queries that got worse** (").append(esc(p.baseline())).append(" → ").append(esc(p.system())).append("): ");
    if (p.worse().isEmpty()) {
      out.append("none.\n\n");
      return;
    }
    int shown = Math.min(WORSE_SHOWN, p.worse().size());
    out.append(p.worse().size()).append(p.worse().size() == 1 ? " query" : " queries")
        .append(shown < p.worse().size() ? ", the " + shown + " largest losses shown" : "").append(".\n\n");
    out.append("| query | ").append(esc(p.baseline())).append(" | ").append(esc(p.system()))
        .append(" | Δ | first relevant rank |\n| --- | ---: | ---: | ---: | :---: |\n");
    for (QueryDelta d : p.worse().subList(0, shown)) {
      out.append("| ").append(esc(d.query())).append(" | ").append(Fmt.value(d.baseline())).append(" | ")
          .append(Fmt.value(d.system())).append(" | ").append(Fmt.signed4(d.delta().decimal())).append(" | ")
          .append(d.baselineRank() == null && d.systemRank() == null ? "–" : Fmt.rank(d.baselineRank()) + " → " + Fmt.rank(d.systemRank()))
          .append(" |\n");
    }
    out.append('\n');
  }

  /** Backslash before every ASCII punctuation character; line breaks as spaces; bidi controls shown ({@link Untrusted}). */
  static String esc(String s) {
    StringBuilder out = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch == '\n' || ch == '\r' || ch == '\t') {
        out.append(' ');
      } else if (ch < 0x20 || ch == 0x7f) {
        out.append('\uFFFD');
      } else if (Untrusted.isBidiControl(ch)) {
        out.append(esc(Untrusted.shown(ch))); // shown, never obeyed: no reversed text after an ID
      } else if (ch < 0x80 && !Character.isLetterOrDigit(ch) && ch != ' ') {
        out.append('\\').append(ch);
      } else {
        out.append(ch);
      }
    }
    return out.toString();
  }
}
