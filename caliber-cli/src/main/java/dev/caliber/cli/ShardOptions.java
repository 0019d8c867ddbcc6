package dev.caliber.cli;

import dev.caliber.api.RunFile;
import dev.caliber.api.lock.Lock;
import dev.caliber.eval.Shard;
import dev.caliber.eval.Shards;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.io.read.InputFiles;
import dev.caliber.io.read.QueryListReader;
import dev.caliber.io.write.AtomicFile;
import dev.caliber.protocol.EvalProtocol;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code evaluate --shard}: a partial evaluation of one run, over a slice of the query set, written
 * for {@code caliber merge} (docs/FORMATS.md, "Shards") instead of a report.
 */
final class ShardOptions {
  @Option(names = "--shard", paramLabel = "FILE",
      description = "Write a shard (JSON Lines, docs/FORMATS.md 'Shards') of the one --run to FILE, atomically, instead of a "
          + "report: the exact per-query values of the queries of --shard-queries (default: the whole query set), for "
          + "caliber merge.")
  String file;

  @Option(names = "--shard-queries", paramLabel = "FILE",
      description = "With --shard: the slice of the query set the shard covers, one query ID per line, each in the query set.")
  String queries;

  /** The files the options read. */
  List<String> filesRead() {
    return queries == null ? List.of() : List.of(queries);
  }

  /** The command's outputs: {@code output}, and the shard when there is one. */
  List<Output> with(Output output) {
    return file == null ? List.of(output) : List.of(output, Output.named("--shard", file));
  }

  /** Refuses, as usage errors, what does not go with a shard. */
  void check(CommandLine cl, RunOptions runOptions, Output output) {
    if (file == null) {
      if (queries != null) {
        throw new CommandLine.ParameterException(cl, "--shard-queries applies only with --shard FILE");
      }
      return;
    }
    if (runOptions.runs.size() != 1) {
      throw new CommandLine.ParameterException(cl, "--shard takes one --run, got " + runOptions.runs.size()
          + ": make one shard per run");
    }
    if (output.file != null) {
      throw new CommandLine.ParameterException(cl, "--shard writes the shard instead of a report; -o has nothing to write");
    }
    if (file.endsWith(".gz")) {
      throw new CommandLine.ParameterException(cl, "--shard " + file + ": a shard is written as plain JSON Lines; name it"
          + " without .gz (caliber merge reads it gzipped too, once compressed)");
    }
  }

  /** Scores the run's slice and writes the shard. */
  int write(CommandLine cl, Caliber root, ProtocolOptions protocolOptions, RunOptions runOptions,
      PolicyOptions.Choice choice, LockOptions lock) throws IOException {
    if (choice.seedReport()) {
      throw new CommandLine.ParameterException(cl, "--shard needs --measure or --preset: the seed's report has no shards");
    }
    Inputs.requireAtMostOneStdin(cl, protocolOptions.inputs(), Inputs.all(runOptions.files(), filesRead()));
    EvalProtocol protocol = RunScoring.protocol(cl, root, protocolOptions, choice);
    lock.requireFingerprint(protocol.sha256());
    RunFile run = runOptions.runFile(runOptions.runs.get(0), protocolOptions.limits());
    if (!run.isTrec()) {
      throw new CommandLine.ParameterException(cl, "--shard reads a TREC run; " + run.path() + " is read as "
          + (run.isCsv() ? "CSV" : "JSON"));
    }
    List<String> slice = queries == null ? protocol.querySet()
        : QueryListReader.read(queries, root.stdin(), protocolOptions.limits());
    Shard shard = Shards.score(protocol, run.path(), () -> InputFiles.bytes(run.path(), root.stdin()),
        StreamingEvaluation.Options.defaults().withThreads(runOptions.workers()).withRunOptions(run.trecOptions()), slice,
        queries == null ? protocol.querySetSource() : queries, Lock.version());
    AtomicFile.write(Path.of(file), shard::writeTo);
    RunScoring.note(cl, choice);
    return ExitCodes.OK;
  }
}
