package dev.caliber.compare.report;

import dev.caliber.compare.Distribution;
import dev.caliber.compare.RunReport;
import dev.caliber.eval.QueryResult;
import dev.caliber.eval.RunResult;
import dev.caliber.measure.Measure;
import java.util.List;

/**
 * One run's evaluation as GitHub-flavoured Markdown ({@code caliber evaluate --format md}): a
 * summary table per measure (mean, exact where rational, the five-number spread), then every
 * query's row. IDs escaped as in {@link CompareMarkdown}. Computes nothing.
 */
public final class RunReportMarkdown {
  private RunReportMarkdown() {}

  /**
   * The Markdown text.
   *
   * @param report the run and its distributions, not null
   * @return the report: the summary tables, then every query's row
   */
  public static String render(RunReport report) {
    RunResult r = report.run();
    StringBuilder out = new StringBuilder();
    out.append("## caliber evaluate: ").append(CompareMarkdown.esc(r.runName())).append("\n\n");
    out.append("Protocol `").append(r.protocolSha256()).append("`: ").append(CompareMarkdown.esc(r.protocol().querySetSource()))
        .append(", ").append(r.protocol().querySet().size()).append(" queries.\n");
    list(out, "Missing queries (scored as empty rankings)", r.missingQueries());
    list(out, "Queries without a relevant document", r.noRelevantQueries());
    list(out, "Ignored run queries outside the query set", r.ignoredQueries());
    out.append("\n| measure | mean | exact | queries | min | q1 | median | q3 | max |\n");
    out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for (Measure m : r.measures()) {
      Distribution d = report.distribution(m);
      out.append("| ").append(CompareMarkdown.esc(m.name())).append(" | ");
      if (d == null) {
        out.append("– | – | 0 | – | – | – | – | – |\n");
        continue;
      }
      out.append(Fmt.value(d.mean())).append(" | ").append(d.mean().isExact() ? d.mean().exact().toString() : "–")
          .append(" | ").append(d.count()).append(" | ").append(Fmt.fixed4(d.min())).append(" | ").append(Fmt.fixed4(d.q1()))
          .append(" | ").append(Fmt.fixed4(d.median())).append(" | ").append(Fmt.fixed4(d.q3())).append(" | ")
          .append(Fmt.fixed4(d.max())).append(" |\n");
    }
    out.append("\n| query | missing | returned | relevant | first relevant rank |");
    for (Measure m : r.measures()) {
      out.append(' ').append(CompareMarkdown.esc(m.name())).append(" |");
    }
    out.append("\n| --- | :---: | ---: | ---: | ---: |").append(" ---: |".repeat(r.measures().size())).append('\n');
    for (QueryResult q : r.rows()) {
      out.append("| ").append(CompareMarkdown.esc(q.query())).append(" | ").append(q.missing() ? "yes" : "").append(" | ")
          .append(q.returned()).append(" | ").append(q.relevant()).append(" | ").append(Fmt.rank(q.firstRelevantRank())).append(" |");
      for (Measure m : r.measures()) {
        out.append(' ').append(Fmt.value(q.value(m))).append(" |");
      }
      out.append('\n');
    }
    return out.toString();
  }

  private static void list(StringBuilder out, String label, List<String> ids) {
    if (!ids.isEmpty()) {
      out.append("\n").append(label).append(": ").append(String.join(", ", ids.stream().map(CompareMarkdown::esc).toList())).append(".\n");
    }
  }
}
