package dev.caliber.cli;

import dev.caliber.history.Entry;
import dev.caliber.history.History;
import dev.caliber.result.MeasureSummary;
import dev.caliber.result.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code caliber history}: read what {@code --history} recorded (list, show, compare). */
@Command(
    name = "history",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    versionProvider = Caliber.Version.class,
    description = {
        "Read an evaluation history that evaluate and compare wrote with --history FILE: list its entries, show one, "
            + "compare entries per query with the statistics and formats of caliber compare, draw a measure over time (docs/HISTORY.md)."},
    subcommands = {HistoryListCommand.class, HistoryShowCommand.class, HistoryCompareCommand.class, HistoryTrendCommand.class})
final class HistoryCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Override
  public Integer call() {
    throw new CommandLine.ParameterException(spec.commandLine(), "history needs a command: list, show, compare or trend");
  }

  /** The history file every history command reads. */
  static final class File {
    @Option(names = "--history", paramLabel = "FILE", required = true, description = "The history file (written by --history).")
    Path history;

    /** Opens the history for reading, refusing a file that does not exist (reading never makes one). */
    History open() throws IOException {
      return History.read(history);
    }

    /** The result of an entry, or a usage error naming the IDs there are. */
    static RunResult result(CommandLine cl, History h, long id) {
      RunResult r = h.result(id);
      if (r == null) {
        throw new CommandLine.ParameterException(cl, "history " + h.file() + " has no entry " + id
            + " (caliber history list --history " + h.file() + " lists them)");
      }
      return r;
    }
  }

  /** An entry as JSON data: everything but its per-query rows. */
  static Map<String, Object> data(Entry e) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("id", e.id());
    m.put("time", e.time().toString());
    m.put("protocol_sha256", e.protocolSha256());
    m.put("query_set", e.querySetSource());
    m.put("split", e.split());
    m.put("test", e.test());
    m.put("run", e.runName());
    m.put("run_sha256", e.runSha256());
    m.put("meta", new LinkedHashMap<>(e.meta()));
    m.put("caliber_version", e.caliberVersion());
    m.put("lock_file", e.lockFile());
    m.put("lock_sha256", e.lockSha256());
    m.put("repeat_of", e.repeatOf() == 0 ? null : e.repeatOf());
    m.put("queries", e.queries());
    Map<String, Object> means = new LinkedHashMap<>();
    for (MeasureSummary s : e.means()) {
      means.put(s.measure().toString(), Double.isNaN(s.decimalMean()) ? null : s.decimalMean());
    }
    m.put("means", means);
    return m;
  }
}
