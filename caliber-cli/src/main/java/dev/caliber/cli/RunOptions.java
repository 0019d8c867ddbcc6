package dev.caliber.cli;

import dev.caliber.api.RunFile;
import dev.caliber.eval.EvaluationWorkers;
import dev.caliber.eval.RunNotGroupedException;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.io.InputLimits;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Run;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** The runs to score: files in TREC, JSON or CSV format, named by NAME=FILE or by their file name. */
final class RunOptions {
  /** Run file formats. */
  enum Format { auto, json, trec, csv }

  @Option(names = "--run", required = true, paramLabel = "[NAME=]FILE",
      description = "A run: TREC (qid Q0 docid rank score tag, or qid docid rank), JSON ({query: [doc, ...]} in that order, {query: {doc: score}} ranked by score, or records [{\"query_id\": ..., \"doc_id\": ..., \"score\": ...}]) or CSV with a header (query,docid,score and/or rank). Repeatable. NAME defaults to the file's name without its directory, .gz and .json or .csv (stdin for -); the TREC tag is kept in the report, not used as the name.")
  List<String> runs = new ArrayList<>();

  @Mixin RunFiles files;

  /**
   * How run files are read, for every command that reads runs ({@code --run} here, {@code diff}'s
   * two runs): their format and whether a TREC line's extra columns are ignored.
   */
  static final class RunFiles {
    @Option(names = "--run-format", paramLabel = "FORMAT", defaultValue = "auto",
        description = "auto (JSON when the name ends in .json or .json.gz, CSV when it ends in .csv or .csv.gz, else TREC; default), json, trec or csv.")
    Format format;

    @Option(names = "--ignore-extra-columns",
        description = "Accept TREC run lines with more than six columns, ignoring the extra ones, as trec_eval does. Off by default: extra columns are an error.")
    boolean ignoreExtraColumns;

    /** The run a spec names ([NAME=]FILE: NAME names it, FILE alone leaves the file's own name), read within {@code limits}. */
    RunFile runFile(String spec, InputLimits limits) {
      return new RunFile(Inputs.runFile(spec), RunFile.givenName(spec), runFormat(format), ignoreExtraColumns, limits);
    }
  }

  /**
   * Two runs of one name would be one entry of a JSON report (the other lost) and an error in
   * compare: refused, before anything is read, as a usage error naming both files. Names never
   * depend on a file's contents (NAME=, else the file's name), so this is the one check.
   */
  void requireUniqueNames(CommandLine cl) {
    requireUniqueNames(cl, runs);
  }

  /** {@link #requireUniqueNames(CommandLine)} for any command's run specs. */
  static void requireUniqueNames(CommandLine cl, List<String> runs) {
    java.util.Map<String, String> first = new java.util.HashMap<>();
    for (String spec : runs) {
      if (Inputs.runFile(spec).isEmpty()) {
        throw new CommandLine.ParameterException(cl, "--run " + spec + " names no file; expected [NAME=]FILE");
      }
      String name = Inputs.runName(spec);
      String earlier = first.putIfAbsent(name, Inputs.runFile(spec));
      if (earlier != null) {
        throw new CommandLine.ParameterException(cl, "two runs are named " + dev.caliber.json.PyJson.canonical(name)
            + " (" + earlier + " and " + Inputs.runFile(spec) + "): name them with --run NAME=FILE, e.g. --run "
            + name + "-2=" + Inputs.runFile(spec));
      }
    }
  }

  /** The run a --run spec names (NAME=FILE names it, FILE alone leaves the file's own name), read within {@code limits}. */
  RunFile runFile(String spec, InputLimits limits) {
    return files.runFile(spec, limits);
  }

  /** The library's format for a --run-format value. */
  static RunFile.Format runFormat(Format format) {
    return switch (format) {
      case auto -> RunFile.Format.AUTO;
      case json -> RunFile.Format.JSON;
      case trec -> RunFile.Format.TREC;
      case csv -> RunFile.Format.CSV;
    };
  }

  /** The run files named, for the one-stdin check. */
  List<String> files() {
    return runs.stream().map(Inputs::runFile).toList();
  }

  /** The seed's list-shaped JSON runs (any file name but .csv; an explicit --run-format trec or csv refuses). */
  List<Run> readSeedRuns(CommandLine cl, InputStream stdin, InputLimits limits) throws IOException {
    requireUniqueNames(cl);
    List<Run> out = new ArrayList<>();
    for (String spec : runs) {
      RunFile file = runFile(spec, limits);
      if (files.format == Format.trec || file.isCsv()) {
        throw new CommandLine.ParameterException(cl, "the seed report reads JSON runs; " + Inputs.runFile(spec)
            + " is read as " + (file.isCsv() ? "CSV" : "TREC") + ": give --measure (or --run-format json)");
      }
      out.add(file.readRankings(stdin));
    }
    return out;
  }

  @Option(names = "--threads", paramLabel = "N",
      description = "Worker threads that parse and score TREC runs (default: the number of processors). Results never depend on it. Not for fuse, which reads its runs in one pass.")
  @WholeNumbers.Range(from = 1, to = StreamingEvaluation.MAX_THREADS)
  Integer threads;

  @Option(names = "--no-streaming",
      description = "Read each TREC run whole before scoring it (more memory; the same numbers). Needed only for a run on standard input or a named pipe that is not grouped by query; fuse: for runs whose queries differ or come in other orders.")
  boolean noStreaming;

  @Option(names = "--quiet", description = "Show no progress on standard error (shown only on a terminal, for long runs).")
  boolean quiet;

  /** The worker threads: --threads, else one per processor. */
  int workers() {
    return threads == null ? Math.min(Runtime.getRuntime().availableProcessors(), StreamingEvaluation.MAX_THREADS) : threads;
  }

  /** The progress display for this command's standard error, or none with --quiet. */
  Progress.Factory progress(CommandLine cl, boolean errIsTerminal) {
    return Progress.Factory.of(cl.getErr(), errIsTerminal, quiet);
  }

  /**
   * Reads and evaluates every run in order: JSON and CSV runs (and TREC runs with --no-streaming) whole,
   * TREC runs while reading them. As when reading every run whole first, a malformed run is
   * reported before any run's protocol violation: those wait in the outcomes.
   */
  List<StreamingEvaluation.Outcome> read(CommandLine cl, EvalProtocol protocol, InputStream stdin, Progress.Factory progress,
      InputLimits limits) throws IOException {
    return read(cl, protocol, stdin, progress, limits, false);
  }

  /** {@link #read(CommandLine, EvalProtocol, InputStream, Progress.Factory, InputLimits)}, with each mean's bounds under holes when asked. */
  List<StreamingEvaluation.Outcome> read(CommandLine cl, EvalProtocol protocol, InputStream stdin, Progress.Factory progress,
      InputLimits limits, boolean bounds) throws IOException {
    requireUniqueNames(cl);
    int workers = workers();
    List<StreamingEvaluation.Outcome> out = new ArrayList<>();
    // One set of worker threads and buffers for all the runs, not one per run (a sweep of many runs);
    // the runs scored through it, streamed or read whole, also share each query's judged table.
    try (EvaluationWorkers shared = new EvaluationWorkers(workers)) {
      StreamingEvaluation.Options options = StreamingEvaluation.Options.defaults().withWorkers(shared).withBounds(bounds)
          .withStreaming(!noStreaming);
      for (String spec : runs) {
        RunFile file = runFile(spec, limits);
        if (!file.isTrec() || noStreaming) {
          out.add(file.evaluate(protocol, stdin, options));
          continue;
        }
        Progress shown = progress.open(file.path());
        try {
          out.add(file.evaluate(protocol, stdin, options.withProgress(shown)));
        } catch (RunNotGroupedException e) {
          throw new CommandLine.ParameterException(cl, "--run " + spec + ": " + e.getMessage()
              + "; give the run as a file, group it by query (e.g. sort -s -k1,1), or use --no-streaming");
        } finally {
          if (shown != null) {
            shown.done();
          }
        }
      }
    }
    return out;
  }
}
