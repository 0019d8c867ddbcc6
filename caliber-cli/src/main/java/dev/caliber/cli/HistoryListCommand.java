package dev.caliber.cli;

import dev.caliber.history.Entry;
import dev.caliber.history.Filter;
import dev.caliber.history.History;
import dev.caliber.report.Numbers;
import dev.caliber.report.QueryTable;
import dev.caliber.report.ReportJson;
import dev.caliber.result.MeasureSummary;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code caliber history list}: the entries, oldest first, filtered by protocol, run, split and time. */
@Command(name = "list", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = Caliber.Version.class,
    description = "List the history's entries, oldest first: ID, time, protocol fingerprint, split, run, run content "
        + "SHA-256, test look, repeat, the engine, index and configuration that made the run (metadata engine, index and "
        + "config, which caliber search's sidecars hold) and the means.")
final class HistoryListCommand implements Callable<Integer> {
  /** Output formats. */
  enum Format { tsv, json }

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin HistoryCommand.File file;

  @Mixin HistoryFilterOptions filterOptions;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "tsv", description = "tsv or json (default: ${DEFAULT-VALUE}).")
  Format format;

  @Mixin Output output;

  /** The metadata keys the list shows, which caliber search's sidecars hold. */
  static final java.util.List<String> SEARCH_KEYS = java.util.List.of("engine", "index", "config");

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    output.requireSafeTarget(cl, List.of(file.history.toString()));
    Filter filter = filterOptions.filter(cl);
    List<Entry> entries;
    try (History h = file.open()) {
      entries = h.list(filter);
    }
    if (format == Format.json) {
      output.write(cl.getOut(), ReportJson.render(Map.of("entries", entries.stream().map(HistoryCommand::data).toList())));
      return ExitCodes.OK;
    }
    StringBuilder out = new StringBuilder("id\ttime\tprotocol_sha256\tsplit\trun\trun_sha256\ttest\trepeat_of\tengine\tindex\tconfig"
        + "\tmeans\n");
    for (Entry e : entries) {
      StringBuilder means = new StringBuilder();
      for (MeasureSummary s : e.means()) {
        means.append(means.length() == 0 ? "" : " ").append(s.measure()).append('=')
            .append(Double.isNaN(s.decimalMean()) ? "-" : Numbers.decimal(s.decimalMean()));
      }
      out.append(e.id()).append('\t').append(e.time()).append('\t').append(e.protocolSha256(), 0, 12).append('\t')
          .append(e.split() == null ? "-" : QueryTable.escape(e.split())).append('\t').append(QueryTable.escape(e.runName()))
          .append('\t').append(e.runSha256(), 0, 12).append('\t').append(e.test() ? "yes" : "no").append('\t')
          .append(e.repeatOf() == 0 ? "-" : String.valueOf(e.repeatOf())).append('\t');
      // what made the run, from the sidecar caliber search writes (or --meta): "-" for a run without it
      for (String key : SEARCH_KEYS) {
        String v = e.meta().get(key);
        out.append(v == null ? "-" : QueryTable.escape(v)).append('\t');
      }
      out.append(means).append('\n');
    }
    output.write(cl.getOut(), out.toString());
    return ExitCodes.OK;
  }
}
