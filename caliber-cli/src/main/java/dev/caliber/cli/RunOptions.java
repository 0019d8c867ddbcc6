package dev.caliber.cli;

import dev.caliber.eval.EvalProtocol;
import dev.caliber.eval.RunNotGroupedException;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.io.text.InputLimits;
import dev.caliber.io.ProtocolFiles;
import dev.caliber.io.TrecRunOptions;
import dev.caliber.io.TrecRunReader;
import dev.caliber.io.TrecRunStream;
import dev.caliber.protocol.Run;
import dev.caliber.protocol.ScoredRun;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The runs to score: files in TREC or JSON format, named by NAME=FILE or by their file name. */
final class RunOptions {
  /** Run file formats. */
  enum Format { auto, json, trec }

  @Option(names = "--run", required = true, paramLabel = "[NAME=]FILE",
      description = "A run: TREC (qid Q0 docid rank score tag, or qid docid rank) or JSON ({query: [doc, ...]} or {query: {doc: score}}). Repeatable. NAME defaults to the file name.")
  List<String> runs = new ArrayList<>();

  @Option(names = "--run-format", paramLabel = "FORMAT", defaultValue = "auto",
      description = "auto (JSON when the name ends in .json or .json.gz, else TREC; default), json or trec.")
  Format format;

  @Option(names = "--ignore-extra-columns",
      description = "Accept TREC run lines with more than six columns, ignoring the extra ones, as trec_eval does. Off by default: extra columns are an error.")
  boolean ignoreExtraColumns;

  void requireUniqueNames(CommandLine cl) {
    Set<String> names = new LinkedHashSet<>();
    for (String spec : runs) {
      if (!names.add(Inputs.runName(spec))) {
        throw new CommandLine.ParameterException(cl, "two runs are named " + Inputs.runName(spec) + "; name them with NAME=FILE");
      }
    }
  }

  boolean json(String spec) {
    String file = Inputs.runFile(spec);
    return format == Format.json || (format == Format.auto && ProtocolOptions.isJson(file));
  }

  /** The run files named, for the one-stdin check. */
  List<String> files() {
    return runs.stream().map(Inputs::runFile).toList();
  }

  /** The seed's list-shaped JSON runs (any file name; only an explicit --run-format trec refuses). */
  List<Run> readSeedRuns(CommandLine cl) throws IOException {
    requireUniqueNames(cl);
    List<Run> out = new ArrayList<>();
    for (String spec : runs) {
      if (format == Format.trec) {
        throw new CommandLine.ParameterException(cl, "the seed report reads JSON runs; " + Inputs.runFile(spec)
            + " is read as TREC: give --measure (or --run-format json)");
      }
      out.add(ProtocolFiles.run(Inputs.runName(spec), Inputs.json(Inputs.runFile(spec))));
    }
    return out;
  }

  @Option(names = "--threads", paramLabel = "N",
      description = "Worker threads that parse and score TREC runs (default: the number of processors). Results never depend on it.")
  Integer threads;

  @Option(names = "--no-streaming",
      description = "Read each TREC run whole before scoring it (more memory; the same numbers). Needed only for a run on standard input that is not grouped by query.")
  boolean noStreaming;

  /**
   * Reads every run in order: JSON runs (and TREC runs with --no-streaming) whole, TREC runs by
   * evaluating them while reading. As when reading every run whole first, a malformed run is
   * reported before any run's protocol violation: those wait in the outcomes.
   *
   * @return per run, a {@link ScoredRun} to evaluate or a {@link StreamingEvaluation.Outcome}
   */
  @Option(names = "--quiet", description = "Show no progress on standard error (shown only on a terminal, for long runs).")
  boolean quiet;

  /** The progress display for this command's standard error, or none with --quiet. */
  Progress.Factory progress(CommandLine cl) {
    return Progress.Factory.of(cl.getErr(), Caliber.errIsTerminal, quiet);
  }

  List<Object> read(CommandLine cl, EvalProtocol protocol, Progress.Factory progress) throws IOException {
    requireUniqueNames(cl);
    int workers = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    if (workers < 1) {
      throw new CommandLine.ParameterException(cl, "--threads: got " + workers + "; expected an integer >= 1");
    }
    List<Object> out = new ArrayList<>();
    for (String spec : runs) {
      String name = Inputs.runName(spec);
      String file = Inputs.runFile(spec);
      if (json(spec)) {
        out.add(ProtocolFiles.scoredRun(name, Inputs.json(file)));
        continue;
      }
      boolean named = spec.indexOf('=') > 0;
      TrecRunOptions options = new TrecRunOptions(named ? name : null, ignoreExtraColumns, InputLimits.DEFAULT);
      if (noStreaming) {
        out.add(TrecRunReader.read(file, Caliber.stdin, options));
        continue;
      }
      Progress shown = progress.open(file);
      try {
        out.add(StreamingEvaluation.evaluate(protocol, file, Caliber.stdin, options,
            new StreamingEvaluation.Options(workers, shown, TrecRunStream.BLOCK_BYTES)));
      } catch (RunNotGroupedException e) {
        throw new CommandLine.ParameterException(cl, "--run " + spec + ": " + e.getMessage()
            + "; give the run as a file, group it by query (e.g. sort -s -k1,1), or use --no-streaming");
      } finally {
        if (shown != null) {
          shown.done();
        }
      }
    }
    return out;
  }
}
