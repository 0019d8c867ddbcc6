package dev.caliber.compare.report;

import dev.caliber.compare.Distribution;
import dev.caliber.compare.RunReport;
import dev.caliber.compare.report.MarkdownTable.Align;
import dev.caliber.measure.Measure;
import dev.caliber.report.Numbers;
import dev.caliber.result.Coverage;
import dev.caliber.result.QueryResult;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * One run's evaluation as GitHub-flavoured Markdown ({@code caliber evaluate --format md}): a
 * summary table per measure (mean, the coverage at its cutoff, with {@code --bounds} the mean's
 * bounds under holes, the five-number spread), a warning
 * beside it when coverage is low, the policy, the coverage and the queries missing from the run or
 * ignored, then every query's row. Columns are padded so that the text reads in a terminal too.
 * Numbers in the one format of {@link Numbers}; IDs escaped as in {@link CompareMarkdown}.
 * Computes nothing.
 */
public final class RunReportMarkdown {
  private RunReportMarkdown() {}

  /**
   * The Markdown text, with decimals.
   *
   * @param report the run and its distributions, not null
   * @return the report: the summary tables, then every query's row
   */
  public static String render(RunReport report) {
    return render(report, Numbers.DECIMAL);
  }

  /**
   * The Markdown text.
   *
   * @param report the run and its distributions, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @return the report: the summary tables, then every query's row
   */
  public static String render(RunReport report, Numbers numbers) {
    return render(report, numbers, null);
  }

  /**
   * The Markdown text, with the test split's looks when a history counted them.
   *
   * @param report the run and its distributions, not null
   * @param numbers decimals, or exact fractions where a value is exact
   * @param looks how often the test split has been looked at under the protocol (a history's
   *     count), said in the policy block; null without a history
   * @return the report: the summary tables, then every query's row
   */
  public static String render(RunReport report, Numbers numbers, TestLooks looks) {
    RunResult r = report.run();
    StringBuilder out = new StringBuilder();
    out.append("## caliber evaluate: ").append(CompareMarkdown.esc(r.runName())).append("\n\n");
    boolean bounds = ReportBlocks.hasBounds(r);
    List<String> columns = new ArrayList<>(List.of("measure", "mean", "coverage", "queries", "min", "q1", "median", "q3", "max"));
    List<Align> columnAligns = new ArrayList<>(List.of(Align.LEFT, Align.RIGHT, Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT,
        Align.RIGHT, Align.RIGHT, Align.RIGHT));
    if (bounds) { // beside the coverage they rest on
      columns.add(3, "bounds");
      columnAligns.add(3, Align.LEFT);
    }
    MarkdownTable summary = new MarkdownTable(columns, columnAligns);
    for (Measure m : r.measures()) {
      Distribution d = report.distribution(m);
      Coverage.Cutoff k = m.cutoff() > 0 ? r.coverage().at(m.cutoff()) : null;
      String coverage = k == null ? "" : ReportBlocks.judged(k);
      List<String> cells = d == null
          ? new ArrayList<>(List.of(CompareMarkdown.esc(m.name()), "–", coverage, "0", "–", "–", "–", "–", "–"))
          : new ArrayList<>(List.of(CompareMarkdown.esc(m.name()), Fmt.value(d.mean(), numbers), coverage,
              Integer.toString(d.count()), Fmt.fixed4(d.min()), Fmt.fixed4(d.q1()), Fmt.fixed4(d.median()),
              Fmt.fixed4(d.q3()), Fmt.fixed4(d.max())));
      if (bounds) {
        cells.add(3, Fmt.bounds(r.summary(m).bounds(), numbers));
      }
      summary.row(cells);
    }
    summary.render(out);
    if (bounds) {
      out.append("\n").append(ReportBlocks.BOUNDS_NOTE).append('\n');
    }
    String low = ReportBlocks.lowCoverage(List.of(r), CompareMarkdown::esc);
    if (low != null) {
      out.append("\n**").append(low).append("**\n");
    }
    out.append("\n**Policy**\n\n");
    for (String[] line : ReportBlocks.policy(r.protocol(), r.protocolSha256(), CompareMarkdown::esc, looks)) {
      out.append("- ").append(line[0]).append(": ").append(line[1]).append('\n');
    }
    out.append("\n**Coverage**\n\n");
    out.append("- judged: ").append(ReportBlocks.judged(r.coverage())).append('\n');
    out.append("- missing from the run (scored as empty rankings): ").append(ReportBlocks.ids(r.missingQueries(), CompareMarkdown::esc))
        .append('\n');
    out.append("- run queries ignored (outside the query set): ").append(ReportBlocks.ids(r.ignoredQueries(), CompareMarkdown::esc))
        .append('\n');
    out.append("- without a relevant document: ").append(ReportBlocks.ids(r.noRelevantQueries(), CompareMarkdown::esc)).append("\n\n");
    List<String> header = new ArrayList<>(List.of("query", "missing", "returned", "relevant", "first relevant rank"));
    List<Align> aligns = new ArrayList<>(List.of(Align.LEFT, Align.CENTER, Align.RIGHT, Align.RIGHT, Align.RIGHT));
    for (Measure m : r.measures()) {
      header.add(CompareMarkdown.esc(m.name()));
      aligns.add(Align.RIGHT);
    }
    MarkdownTable rows = new MarkdownTable(header, aligns);
    for (QueryResult q : r.rows()) {
      List<String> cells = new ArrayList<>(List.of(CompareMarkdown.esc(q.query()), q.missing() ? "yes" : "",
          Integer.toString(q.returned()), Integer.toString(q.relevant()), Fmt.rank(q.firstRelevantRank())));
      for (Measure m : r.measures()) {
        cells.add(Fmt.value(m, q.value(m), numbers));
      }
      rows.row(cells);
    }
    rows.render(out);
    return out.toString();
  }
}
