package dev.caliber.compare.report;

import dev.caliber.compare.Comparison;
import dev.caliber.compare.Distribution;
import dev.caliber.compare.PairedComparison;
import dev.caliber.compare.QueryDelta;
import dev.caliber.compare.RecallCurve;
import dev.caliber.compare.Summary;
import dev.caliber.compare.report.MarkdownTable.Align;
import dev.caliber.measure.InterpolatedPrecision;
import dev.caliber.measure.Measure;
import dev.caliber.report.Numbers;
import dev.caliber.report.UnsafeCharacters;
import dev.caliber.result.Coverage;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The comparison as GitHub-flavoured Markdown, to paste into a pull request or read in a
 * terminal: first the summary (runs x measures: each run's mean, marked where it is significantly
 * better or worse than the baseline after Holm, and how many queries got worse), a warning when
 * coverage is low, then the policy, each run's coverage, the declared methods, and per measure a
 * table (baseline mean, system mean, Δ with its interval, p (rand.), p Holm, p (t), d_z, W/T/L) and
 * the queries that got worse, largest loss first (the first {@value #WORSE_SHOWN}; the JSON and
 * CSV outputs hold all), then each precision-recall curve as one table of means (a view: not
 * compared). Every table's columns are padded to one width ({@link MarkdownTable}).
 *
 * <p>Run and query IDs come from files: each character that could be read as markup is
 * backslash-escaped ({@link #esc}), so an ID cannot open a link, an autolink, a tag, emphasis,
 * math or a table cell; line breaks become spaces. Computes nothing.
 */
public final class CompareMarkdown {
  /** How many worse queries each pair lists. */
  public static final int WORSE_SHOWN = 10;

  private CompareMarkdown() {}

  /**
   * The Markdown text, with decimals.
   *
   * @param c the comparison, not null
   * @return the report, starting with a level-2 heading so that it nests in a pull request
   */
  public static String render(Comparison c) {
    return render(c, Numbers.DECIMAL);
  }

  /**
   * The Markdown text.
   *
   * @param c the comparison, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return the report, starting with a level-2 heading so that it nests in a pull request; the
   *     summary table is its first block
   */
  public static String render(Comparison c, Numbers numbers) {
    return render(c, numbers, null);
  }

  /**
   * The Markdown text, with the test split's looks when a history counted them.
   *
   * @param c the comparison, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @param looks how often the test split has been looked at under the protocol (a history's
   *     count), said in the policy block; null without a history
   * @return the report; the summary table is its first block
   */
  public static String render(Comparison c, Numbers numbers, TestLooks looks) {
    StringBuilder out = new StringBuilder();
    out.append("## caliber compare\n\n");
    summary(out, c, numbers);
    out.append("\n### Policy\n\n");
    for (String[] line : ReportBlocks.policy(c.protocol(), c.protocolSha256(), CompareMarkdown::esc, looks)) {
      out.append("- ").append(line[0]).append(": ").append(line[1]).append('\n');
    }
    out.append("\n### Coverage\n\n");
    coverage(out, c);
    out.append("\n### Methods\n\n");
    out.append(c.baseline() == null ? "All pairs: the run given first is each pair's baseline.\n\n" : "");
    for (String[] line : Declared.lines(c, CompareMarkdown::esc)) {
      out.append("- **").append(line[0]).append("**: ").append(line[1]).append('\n');
    }
    out.append('\n');
    for (Measure m : c.measures()) {
      measure(out, c, m, numbers);
    }
    for (RecallCurve curve : c.curves()) {
      curve(out, c, curve, numbers);
    }
    return out.toString();
  }

  /** A precision-recall curve as one table, runs x recall levels: a view, after the compared measures. */
  private static void curve(StringBuilder out, Comparison c, RecallCurve curve, Numbers numbers) {
    out.append("### Interpolated precision-recall curve").append(curve.family().equals("IPrec") ? "" : " " + esc(curve.family()))
        .append("\n\n");
    List<String> header = new ArrayList<>(List.of("run"));
    List<Align> aligns = new ArrayList<>(List.of(Align.LEFT));
    for (InterpolatedPrecision level : curve.levels()) {
      header.add("r = " + level.level().stripTrailingZeros().toPlainString());
      aligns.add(Align.RIGHT);
    }
    MarkdownTable t = new MarkdownTable(header, aligns);
    for (RunResult r : c.runs()) {
      List<String> cells = new ArrayList<>(List.of(esc(r.runName())));
      for (InterpolatedPrecision level : curve.levels()) {
        Distribution d = c.distribution(r.runName(), level);
        cells.add(d == null ? "–" : Fmt.value(d.mean(), numbers));
      }
      t.row(cells);
    }
    t.render(out);
    out.append("\nMean interpolated precision (").append(esc(curve.family()))
        .append("@r) at each recall level r: a view of each run, not compared, and not in Holm's family.\n\n");
  }

  private static void summary(StringBuilder out, Comparison c, Numbers numbers) {
    Summary s = c.summary();
    List<String> header = new ArrayList<>(List.of("run"));
    List<Align> aligns = new ArrayList<>(List.of(Align.LEFT));
    for (Measure m : c.measures()) {
      header.add(esc(m.name()));
      aligns.add(Align.RIGHT);
    }
    MarkdownTable t = new MarkdownTable(header, aligns);
    for (Summary.Row row : s.rows()) {
      List<String> cells = new ArrayList<>();
      cells.add(esc(row.run()) + (row.run().equals(s.reference()) ? c.baseline() == null ? " (reference)" : " (baseline)" : ""));
      for (Summary.Cell cell : row.cells()) {
        cells.add(cell(cell, numbers));
      }
      t.row(cells);
    }
    t.render(out);
    out.append('\n').append(Fmt.summaryLegend(c, esc(s.reference()))).append('\n');
    String low = ReportBlocks.lowCoverage(c.runs(), CompareMarkdown::esc);
    if (low != null) {
      out.append("\n**").append(low).append("**\n");
    }
  }

  /** A summary cell: {@code 0.4500 ▲ (3 worse)}. */
  static String cell(Summary.Cell cell, Numbers numbers) {
    return Fmt.value(cell.mean(), numbers) + Fmt.mark(cell.mark()) + (cell.worse() == null ? "" : " (" + cell.worse() + " worse)");
  }

  private static void coverage(StringBuilder out, Comparison c) {
    int[] cutoffs = c.runs().get(0).coverage().cutoffs().stream().mapToInt(Coverage.Cutoff::k).toArray();
    List<String> header = new ArrayList<>(List.of("run"));
    List<Align> aligns = new ArrayList<>(List.of(Align.LEFT));
    for (int k : cutoffs) {
      header.add("Judged@" + k);
      aligns.add(Align.RIGHT);
    }
    header.addAll(List.of("missing", "ignored"));
    aligns.addAll(List.of(Align.RIGHT, Align.RIGHT));
    MarkdownTable t = new MarkdownTable(header, aligns);
    for (RunResult r : c.runs()) {
      List<String> cells = new ArrayList<>(List.of(esc(r.runName())));
      for (int k : cutoffs) {
        Coverage.Cutoff at = r.coverage().at(k);
        cells.add(at == null ? "–" : Numbers.decimal(at.judged()) + (at.low() ? " (low)" : ""));
      }
      cells.add(Integer.toString(r.missingQueries().size()));
      cells.add(Integer.toString(r.ignoredQueries().size()));
      t.row(cells);
    }
    t.render(out);
    out.append("\nmissing: queries of the set a run has no entry for (scored as empty rankings); ignored: run queries outside"
        + " the query set (not scored).\n");
  }

  private static void measure(StringBuilder out, Comparison c, Measure m, Numbers numbers) {
    out.append("### ").append(esc(m.name())).append("\n\n");
    MarkdownTable t = new MarkdownTable(List.of("baseline", "system", "baseline mean", "system mean",
        "Δ [" + Fmt.percent(c.settings().confidence()) + "% CI]", "p (rand.)", "p Holm", "p (t)", "d_z", "W/T/L"),
        List.of(Align.LEFT, Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT,
            Align.CENTER));
    for (PairedComparison p : c.comparisons(m)) {
      t.row(List.of(esc(p.baseline()), esc(p.system()), Fmt.value(p.baselineMean(), numbers), Fmt.value(p.systemMean(), numbers),
          delta(p, numbers), rand(p), Fmt.p(p.holmP()), p.tTest().defined() ? Fmt.p(p.tTest().p()) : "undefined",
          p.effectSize().dz() == null ? "undefined" : Fmt.signed4(p.effectSize().dz()),
          p.wins() + "/" + p.ties() + "/" + p.losses()));
    }
    t.render(out);
    out.append('\n');
    for (PairedComparison p : c.comparisons(m)) {
      worse(out, p, numbers);
    }
  }

  static String delta(PairedComparison p, Numbers numbers) {
    if (p.meanDelta() == null) {
      return "–";
    }
    return Fmt.signed(p.meanDelta(), numbers) + " [" + Fmt.signed4(p.interval().lower()) + ", "
        + Fmt.signed4(p.interval().upper()) + "]";
  }

  static String rand(PairedComparison p) {
    if (p.randomization() == null) {
      return "–";
    }
    return Fmt.p(p.randomization().p()) + (p.randomization().exact() ? " (exact)" : "");
  }

  private static void worse(StringBuilder out, PairedComparison p, Numbers numbers) {
    out.append("**Queries that got worse** (").append(esc(p.baseline())).append(" → ").append(esc(p.system())).append("): ");
    if (p.worse().isEmpty()) {
      out.append("none.\n\n");
      return;
    }
    int shown = Math.min(WORSE_SHOWN, p.worse().size());
    out.append(p.worse().size()).append(p.worse().size() == 1 ? " query" : " queries")
        .append(shown < p.worse().size() ? ", the " + shown + " largest losses shown" : "").append(".\n\n");
    MarkdownTable t = new MarkdownTable(List.of("query", esc(p.baseline()), esc(p.system()), "Δ", "first relevant rank"),
        List.of(Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.CENTER));
    for (QueryDelta d : p.worse().subList(0, shown)) {
      t.row(List.of(esc(d.query()), Fmt.value(p.measure(), d.baseline(), numbers), Fmt.value(p.measure(), d.system(), numbers),
          Fmt.signed(p.measure(), d.delta(), numbers),
          d.baselineRank() == null && d.systemRank() == null ? "–" : Fmt.rank(d.baselineRank()) + " → " + Fmt.rank(d.systemRank())));
    }
    t.render(out);
    out.append('\n');
  }

  /**
   * Backslash before each character that Markdown (CommonMark with GitHub's extensions) would read
   * as markup in running text or a table cell: {@code \ ` * _ [ ] < > ! & | ~ $ :}, an {@code @}
   * with a dot after it in the same word (an e-mail autolink) and the dot after {@code www} (a web autolink). Other
   * punctuation is left as it is, so that {@code input.MU03rob01} reads as itself in a terminal.
   * Control characters (line breaks and tabs too) and bidi controls are shown as their code points
   * ({@link UnsafeCharacters}).
   */
  static String esc(String s) {
    StringBuilder out = new StringBuilder(s.length() + 8);
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (UnsafeCharacters.isUnsafe(ch)) {
        // shown, never obeyed: no reversed text after an ID, no broken row, and two IDs that
        // differ in a control character (a newline, a tab) do not read alike
        out.append(esc(UnsafeCharacters.shown(ch)));
      } else if (MARKUP.indexOf(ch) >= 0 || ch == '@' && dotInWord(s, i) || ch == '.' && afterWww(s, i)) {
        out.append('\\').append(ch);
      } else {
        out.append(ch);
      }
    }
    return out.toString();
  }

  /** The characters escaped wherever they are. */
  private static final String MARKUP = "\\`*_[]<>!&|~$:";

  /** Whether a dot follows {@code at} before the next blank: the domain of an e-mail autolink. */
  private static boolean dotInWord(String s, int at) {
    for (int i = at + 1; i < s.length() && !Character.isWhitespace(s.charAt(i)); i++) {
      if (s.charAt(i) == '.') {
        return true;
      }
    }
    return false;
  }

  private static boolean afterWww(String s, int dot) {
    return dot >= 3 && s.regionMatches(true, dot - 3, "www", 0, 3);
  }
}
