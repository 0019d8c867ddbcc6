package dev.caliber.cli;

import dev.caliber.api.ProtocolSource;
import dev.caliber.eval.EvalProtocol;
import dev.caliber.eval.RunResult;
import dev.caliber.eval.StreamingEvaluation;
import dev.caliber.policy.Policy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * Scores runs for commands that work on {@link RunResult}s (evaluate's non-seed formats, compare),
 * from the same options as {@code evaluate}: on the seed's inputs without measures or policies,
 * R@k and RR@k under {@link Policy#strict()} with the seed's validation and wording
 * ({@link dev.caliber.api.SeedProtocol#evaluate}); otherwise the general evaluator with the
 * declared measures and policies. Nothing is scored unless every run is valid.
 */
final class EvalInputs {
  private EvalInputs() {}

  /**
   * Scores the runs.
   *
   * @param judgedCoverage whether pooled judgments add Judged@k for the measures' cutoffs
   *     ({@link PolicyOptions#measures(CommandLine, Policy)}): evaluate does; compare does not, so
   *     that the family of tested hypotheses is the measures the user asked for
   */
  static List<RunResult> score(CommandLine cl, Caliber root, ProtocolOptions protocolOptions, RunOptions runOptions,
      PolicyOptions policyOptions, boolean judgedCoverage) throws IOException {
    Inputs.requireAtMostOneStdin(cl, protocolOptions.inputs(), runOptions.files());
    if (policyOptions.seedMode()) {
      return protocolOptions.seed(cl, root.stdin()).evaluate(runOptions.readSeedRuns(cl, root.stdin(), protocolOptions.limits()));
    }
    ProtocolSource.General g = protocolOptions.general(cl, root.stdin());
    Policy policy = policyOptions.policy(cl);
    EvalProtocol protocol = g.protocol(policy,
        judgedCoverage ? policyOptions.measures(cl, policy) : policyOptions.measures(cl));
    // TREC runs are validated and scored while they are read (StreamingEvaluation); nothing is
    // written before every run has been read, so an invalid later run still leaves no output.
    List<RunResult> results = new ArrayList<>();
    for (StreamingEvaluation.Outcome run : runOptions.read(cl, protocol, root.stdin(), runOptions.progress(cl, root.errIsTerminal()),
        protocolOptions.limits())) {
      results.add(run.get());
    }
    requireDistinctNames(cl, results, runOptions.runs);
    return results;
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
