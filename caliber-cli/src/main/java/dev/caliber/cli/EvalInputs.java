package dev.caliber.cli;

import dev.caliber.api.ProtocolSource;
import dev.caliber.eval.EvalProtocol;
import dev.caliber.eval.RunResult;
import dev.caliber.eval.StreamingEvaluation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * Scores runs for commands that work on {@link RunResult}s (evaluate's non-seed formats, compare),
 * from the same options as {@code evaluate}: for the seed's report ({@link PolicyOptions#choose}),
 * R@k and RR@k under the strict policy with the seed's validation and wording ({@link
 * dev.caliber.api.SeedProtocol#evaluate}); otherwise the general evaluator with the chosen measures
 * and policies. Nothing is scored unless every run is valid.
 */
final class EvalInputs {
  private EvalInputs() {}

  /**
   * Scores the runs under what the options chose ({@link PolicyOptions#choose}).
   */
  static List<RunResult> score(CommandLine cl, Caliber root, ProtocolOptions protocolOptions, RunOptions runOptions,
      PolicyOptions.Choice choice) throws IOException {
    Inputs.requireAtMostOneStdin(cl, protocolOptions.inputs(), runOptions.files());
    if (choice.seedReport()) {
      return protocolOptions.seed(cl, root.stdin()).evaluate(runOptions.readSeedRuns(cl, root.stdin(), protocolOptions.limits()));
    }
    EvalProtocol protocol = protocol(cl, root, protocolOptions, choice);
    // TREC runs are validated and scored while they are read (StreamingEvaluation); nothing is
    // written before every run has been read, so an invalid later run still leaves no output.
    List<RunResult> results = new ArrayList<>();
    for (StreamingEvaluation.Outcome run : runOptions.read(cl, protocol, root.stdin(), runOptions.progress(cl, root.errIsTerminal()),
        protocolOptions.limits())) {
      results.add(run.get());
    }
    requireDistinctNames(cl, results, runOptions.runs);
    note(cl, choice);
    return results;
  }

  /** The general protocol the options chose (not the seed's report), once its files are read. */
  static EvalProtocol protocol(CommandLine cl, Caliber root, ProtocolOptions protocolOptions, PolicyOptions.Choice choice)
      throws IOException {
    ProtocolSource.General g = protocolOptions.general(cl, root.stdin());
    return g.protocol(choice.policy(), choice.measures());
  }

  /**
   * Says on standard error what was chosen for the user, if anything: once everything has been
   * read and scored, so that a command that fails says only why, in its one line.
   */
  static void note(CommandLine cl, PolicyOptions.Choice choice) {
    if (choice.note() != null) {
      cl.getErr().print("caliber: " + choice.note() + "\n");
      cl.getErr().flush();
    }
  }

  /**
   * Two runs of one name would be one entry of a JSON report (the other lost) and an error in
   * compare: refused as a usage error naming both files. A TREC run without NAME= is named by its
   * tag, which runs from one toolkit often share.
   */
  static void requireDistinctNames(CommandLine cl, List<RunResult> results, List<String> specs) {
    java.util.Map<String, Integer> first = new java.util.HashMap<>();
    for (int i = 0; i < results.size(); i++) {
      Integer j = first.putIfAbsent(results.get(i).runName(), i);
      if (j != null) {
        String a = Inputs.runFile(specs.get(j));
        String b = Inputs.runFile(specs.get(i));
        throw new CommandLine.ParameterException(cl, "two runs are named " + dev.caliber.json.PyJson.canonical(results.get(i).runName())
            + " (" + a + " and " + b + "; a TREC run is named by its tag unless NAME= is given): name them with --run NAME=FILE");
      }
    }
  }
}
