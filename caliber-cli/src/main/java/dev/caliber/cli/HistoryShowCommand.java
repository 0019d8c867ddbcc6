package dev.caliber.cli;

import dev.caliber.compare.RunReport;
import dev.caliber.compare.report.RunReportHtml;
import dev.caliber.compare.report.RunReportMarkdown;
import dev.caliber.history.Entry;
import dev.caliber.history.History;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.report.Numbers;
import dev.caliber.report.QueryTable;
import dev.caliber.report.ReportJson;
import dev.caliber.report.ResultJson;
import dev.caliber.result.RunResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code caliber history show ID}: one entry with its per-query rows, in evaluate's formats. */
@Command(name = "show", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = Caliber.Version.class,
    description = "Show one entry: JSON gives what was recorded (time, fingerprint, split, run and its SHA-256, metadata, "
        + "caliber's version) and the result as evaluate writes it; md, html and tsv give evaluate's readable reports of "
        + "the recorded result.")
final class HistoryShowCommand implements Callable<Integer> {
  /** Output formats. */
  enum Format { json, md, html, tsv }

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin HistoryCommand.File file;

  @Parameters(index = "0", paramLabel = "ID", description = "The entry (caliber history list shows the IDs).")
  long id;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "json", description = "json, md, html or tsv (default: ${DEFAULT-VALUE}).")
  Format format;

  @Option(names = "--exact", description = "With --format tsv, md or html: exact fractions (5/6) instead of decimals.")
  boolean exact;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    output.requireSafeTarget(cl, List.of(file.history.toString()));
    if (exact && format == Format.json) {
      throw new CommandLine.ParameterException(cl, "--exact applies to --format tsv, md or html; JSON always holds exact fractions");
    }
    RunResult result;
    Entry entry;
    try (History h = file.open()) {
      result = HistoryCommand.File.result(cl, h, id);
      entry = h.entry(id);
    }
    Numbers numbers = Numbers.exact(exact);
    AtomicFile.Text text = switch (format) {
      case json -> {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("entry", HistoryCommand.data(entry));
        data.put("result", ResultJson.toData(result));
        yield pieces -> ReportJson.render(data, pieces);
      }
      case md -> AtomicFile.Text.of(RunReportMarkdown.render(RunReport.of(result), numbers));
      case html -> AtomicFile.Text.of(RunReportHtml.render(RunReport.of(result), numbers));
      case tsv -> pieces -> QueryTable.render(List.of(result), numbers, pieces);
    };
    output.write(cl.getOut(), text);
    return ExitCodes.OK;
  }
}
