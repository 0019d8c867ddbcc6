package dev.caliber.cli;

import dev.caliber.compare.Trend;
import dev.caliber.compare.report.TrendHtml;
import dev.caliber.history.Entry;
import dev.caliber.history.Filter;
import dev.caliber.history.History;
import dev.caliber.measure.Measure;
import dev.caliber.measure.Measures;
import dev.caliber.report.Numbers;
import dev.caliber.report.QueryTable;
import dev.caliber.result.MeasureSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code caliber history trend}: a measure's mean over time, one series per protocol fingerprint. */
@Command(name = "trend", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = Caliber.Version.class,
    description = "A measure's mean over time, per protocol fingerprint: every recorded evaluation with that measure, "
        + "oldest first, as a self-contained HTML page with a chart per protocol, or as TSV.")
final class HistoryTrendCommand implements Callable<Integer> {
  /** Output formats. */
  enum Format { html, tsv }

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin HistoryCommand.File file;

  @Option(names = {"-m", "--measure"}, required = true, paramLabel = "NAME", description = "The measure, e.g. nDCG@10 (any name --measure takes).")
  String measure;

  @Mixin HistoryFilterOptions filterOptions;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "html", description = "html or tsv (default: ${DEFAULT-VALUE}).")
  Format format;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    output.requireSafeTarget(cl, List.of(file.history.toString()));
    Measure m;
    try {
      m = Measures.parse(measure);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage());
    }
    Filter f = filterOptions.filter(cl);
    List<Entry> entries;
    try (History h = file.open()) {
      entries = h.list(f);
    }
    Map<String, List<Trend.Point>> points = new LinkedHashMap<>();
    Map<String, String> querySets = new LinkedHashMap<>();
    for (Entry e : entries) {
      for (MeasureSummary s : e.means()) {
        if (s.measure().equals(m)) {
          points.computeIfAbsent(e.protocolSha256(), k -> new ArrayList<>())
              .add(new Trend.Point(e.id(), e.time(), e.runName(), s.decimalMean()));
          querySets.putIfAbsent(e.protocolSha256(), e.querySetSource());
        }
      }
    }
    if (points.isEmpty()) {
      // A page or table with no point would pass for a trend with nothing in it; say which measures there are.
      java.util.Set<String> recorded = new java.util.TreeSet<>();
      entries.forEach(e -> e.means().forEach(s -> recorded.add(s.measure().toString())));
      boolean filtered = f.protocolSha256() != null || f.runName() != null || f.split() != null || f.from() != null
          || f.to() != null;
      String which = "history " + file.history + (filtered ? ", within the filters given," : "");
      throw new CommandLine.ParameterException(cl, entries.isEmpty()
          ? which + " has no entry"
          : which + " has no entry with " + m + "; its entries have " + String.join(", ", recorded));
    }
    List<Trend.Series> series = new ArrayList<>();
    points.forEach((sha, p) -> series.add(new Trend.Series(sha, querySets.get(sha), p)));
    Trend trend = new Trend(m.toString(), series);
    if (format == Format.html) {
      output.write(cl.getOut(), TrendHtml.render(trend));
      return ExitCodes.OK;
    }
    StringBuilder out = new StringBuilder("protocol_sha256\tid\ttime\trun\t" + QueryTable.escape(trend.measure()) + "\n");
    for (Trend.Series s : trend.series()) {
      for (Trend.Point p : s.points()) {
        out.append(s.protocolSha256(), 0, 12).append('\t').append(p.id()).append('\t').append(p.time()).append('\t')
            .append(QueryTable.escape(p.run())).append('\t').append(Double.isNaN(p.mean()) ? "-" : Numbers.decimal(p.mean())).append('\n');
      }
    }
    output.write(cl.getOut(), out.toString());
    return ExitCodes.OK;
  }
}
